// The join page: a tap asks the table to let this phone in (as a seat or as the table's pad); the page asks
// for the answer every second and opens the pad with its own token once the table allowed it.
(function () {
  "use strict";
  var root = document.getElementById("root");
  var msg = document.getElementById("msg");
  var waiting = null;

  function say(text, bad) {
    msg.textContent = text;
    msg.className = "msg" + (bad ? " bad" : "");
  }

  function poll(key) {
    fetch(root.dataset.join + "/" + encodeURIComponent(key), { cache: "no-store" })
      .then(function (r) {
        if (!r.ok) return r.text().then(function (t) { throw new Error(t); });
        return r.json();
      })
      .then(function (got) {
        if (got.state === "allowed") { location.replace(got.pad); return; }
        if (got.state === "refused" || got.state === "lapsed") { waiting = null; say(root.dataset[got.state], true); return; }
        setTimeout(function () { poll(key); }, 1000);
      })
      .catch(function (e) { waiting = null; say(String(e.message || e).trim(), true); });
  }

  document.addEventListener("click", function (e) {
    var b = e.target.closest("button[data-as]");
    if (!b || waiting) return;
    waiting = b.dataset.as;
    fetch(root.dataset.join, { method: "POST", headers: { "Content-Type": "application/json" },
                               body: JSON.stringify({ as: b.dataset.as }) })
      .then(function (r) {
        if (!r.ok) return r.text().then(function (t) { throw new Error(t); });
        return r.json();
      })
      .then(function (got) { say(root.dataset.waiting, false); poll(got.ask); })
      .catch(function (e) { waiting = null; say(String(e.message || e).trim(), true); });
  });
})();
