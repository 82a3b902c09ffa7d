// The board page: follows the game's version over server-sent events and swaps in the new fragment.
// No polling, no reload: one small fetch per write. Text shown comes from the page (translated there).
(function () {
  "use strict";
  var root = document.getElementById("root");
  var live = document.getElementById("live");
  var conn = document.getElementById("conn");
  var wanted = 0, loading = false;

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
  listen();
})();
