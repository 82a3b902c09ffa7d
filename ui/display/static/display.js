// The board page: follows the game's version over server-sent events and swaps in the new fragment.
// No polling, no reload: one small fetch per write (and one a second while day 21's odds are a lower bound). Text shown comes from the page (translated there).
// After each swap (and on the first draw, and when the window changes size) the text that would not fit
// its box shrinks: the question band, then the last roll and the odds beside the board (their sizes are
// in em of the element's own font-size), so nothing is cut off and the pad's QR code keeps its place.
(function () {
  "use strict";
  var root = document.getElementById("root");
  var live = document.getElementById("live");
  var conn = document.getElementById("conn");
  var wanted = 0, loading = false;

  function over(el) { return el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1; }

  // shrink the font-size of `el` (in steps of 6%) until `box` no longer overflows, not under `floor` px
  function shrink(el, box, floor) {
    var size = parseFloat(getComputedStyle(el).fontSize);
    for (var i = 0; i < 40 && over(box) && size > floor; i++) {
      size = Math.max(floor, size * 0.94);
      el.style.fontSize = size + "px";
    }
  }

  function fit() {
    var vh = window.innerHeight / 100;
    var now = live.querySelector(".now");
    if (now) { now.style.fontSize = ""; shrink(now, now, 0.35 * vh); }
    var side = live.querySelector(".side");
    if (side) {
      var odds = side.querySelector(".odds"), roll = side.querySelector(".roll");
      [odds, roll].forEach(function (el) { if (el) el.style.fontSize = ""; });
      // the dice give up size first (a face stays legible small), then the odds, then both a little more
      if (roll) shrink(roll, side, 0.6 * vh);
      if (odds) shrink(odds, side, 0.6 * vh);
      if (roll) shrink(roll, side, 0.4 * vh);
      if (odds) shrink(odds, side, 0.3 * vh);
    }
    root.dataset.fitted = root.dataset.version;
  }

  function load() {
    if (loading) return;
    loading = true;
    fetch(root.dataset.fragment, { cache: "no-store" })
      .then(function (r) {
        if (!r.ok) throw new Error(r.status);
        var v = parseInt(r.headers.get("X-Castaway-Version"), 10);
        return r.text().then(function (html) { return [v, html]; });
      })
      .then(function (got) {
        live.innerHTML = got[1];
        root.dataset.version = String(got[0]);
        fit();
        // day 21's odds are a lower bound while the exact search runs: ask again until they are exact
        if (live.querySelector("[data-pending]")) setTimeout(load, 1000);
      })
      .catch(function () { /* the next event tries again */ })
      .finally(function () {
        loading = false;
        if (wanted > parseInt(root.dataset.version, 10)) load();
      });
  }

  function listen() {
    var es = new EventSource(root.dataset.events);
    es.onmessage = function (e) {
      conn.hidden = true;
      var v = parseInt(e.data, 10);
      if (isNaN(v)) return;
      wanted = v;
      if (v !== parseInt(root.dataset.version, 10)) load();
    };
    es.onerror = function () { conn.hidden = false; };
    es.onopen = function () { conn.hidden = true; };
  }
  window.addEventListener("resize", fit);
  if (document.fonts && document.fonts.ready) document.fonts.ready.then(fit); else fit();
  fit();
  listen();
})();
