// The pad: big buttons that answer the guided game's current question, with the version it answers; one
// Send for what was tapped or typed; undo and the history's undo-to and redo-to, each confirmed first.
(function () {
  "use strict";
  var root = document.getElementById("root");
  var live = document.getElementById("live");
  var msg = document.getElementById("msg");
  var confirmBox = document.getElementById("confirm");
  var hist = document.getElementById("history");
  var token = new URLSearchParams(location.search).get("t") || "";
  var q = "?t=" + encodeURIComponent(token);
  var wanted = 0, loading = false, busy = false;
  var picked = [];  // the values tapped on a several-picks question, in order
  var pending = null;  // what the confirmation's Yes does
  var lock = null;  // the screen's wake lock while a question waits

  function say(text, bad) {
    msg.textContent = text;
    msg.className = "msg" + (bad ? " bad" : "");
  }

  function waits() {  // a question this pad may answer is on screen
    var frag = live.querySelector(".frag");
    return !!(frag && frag.dataset.mine && live.querySelector(".ask"));
  }

  function keepAwake() {
    if (!("wakeLock" in navigator)) return;
    if (waits() && document.visibilityState === "visible") {
      if (lock) return;
      navigator.wakeLock.request("screen").then(function (l) {
        lock = l;
        l.addEventListener("release", function () { if (lock === l) lock = null; });
      }).catch(function () { /* not allowed here: the screen may sleep */ });
    } else if (lock) {
      var l = lock;
      lock = null;
      l.release().catch(function () {});
    }
  }

  function load() {
    if (loading) return;
    loading = true;
    fetch(root.dataset.fragment + q, { cache: "no-store" })
      .then(function (r) {
        if (!r.ok) return r.text().then(function (t) { throw new Error(t); });
        var v = parseInt(r.headers.get("X-Castaway-Version"), 10);
        var asked = r.headers.get("X-Castaway-Question") || "";
        return r.text().then(function (html) {
          live.innerHTML = html;
          root.dataset.version = String(v);
          root.dataset.question = asked;
          picked = [];
          keepAwake();
          if (!hist.hidden) openHistory();
        });
      })
      .catch(function (e) { say(String(e.message || e), true); })
      .finally(function () {
        loading = false;
        if (wanted > parseInt(root.dataset.version, 10)) load();
      });
  }

  function post(url, body) {
    if (busy) return;
    busy = true;
    say(root.dataset.sending, false);
    body.version = parseInt(root.dataset.version, 10);
    fetch(url + q, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) })
      .then(function (r) {
        return r.text().then(function (t) {
          say(t.trim(), !r.ok);
          if (r.ok || r.status === 409) { wanted = Math.max(wanted, body.version + 1); load(); }
        });
      })
      .catch(function (e) { say(String(e.message || e), true); })
      .finally(function () { busy = false; });
  }

  function answer(text) {
    var body = { answer: text };
    if (root.dataset.question) body.question = root.dataset.question; // the question shown: checked in the write
    post(root.dataset.answer, body);
  }

  function ask(text, then) {  // the confirmation: what will be taken back, Yes or Cancel
    pending = then;
    confirmBox.querySelector("p").textContent = text;
    confirmBox.hidden = false;
    confirmBox.scrollIntoView({ block: "nearest" });
  }

  function diceAnswer() {
    var rows = live.querySelectorAll(".dierow");
    if (!rows.length) return null;
    var dice = {}, ok = true;
    rows.forEach(function (row) {
      var chosen = row.querySelector(".face.on");
      if (!chosen) { ok = false; return; }
      (dice[row.dataset.die] = dice[row.dataset.die] || [])[parseInt(row.dataset.part, 10)] = chosen.dataset.face;
    });
    if (!ok) return null;
    return Object.keys(dice).sort(function (a, b) { return a - b; })
      .map(function (k) { return dice[k].join("/"); }).join(",");
  }

  function chosen() {  // what the one Send sends: the field's text, else the faces or the picks tapped
    var input = live.querySelector("input[name=answer]");
    var typed = input ? input.value.trim() : "";
    if (typed) return typed;
    var d = diceAnswer();
    if (d !== null) return d;
    if (picked.length) return picked.join(",");
    return null;
  }

  function showChosen() {
    var send = live.querySelector("[data-send]");
    if (!send) return;
    var c = chosen();
    send.textContent = send.dataset.label + (c ? " " + c : "");
  }

  function openHistory() {
    fetch(root.dataset.history + q, { cache: "no-store" })
      .then(function (r) {
        if (!r.ok) return r.text().then(function (t) { throw new Error(t); });
        return r.text().then(function (html) { hist.innerHTML = html; hist.hidden = false; });
      })
      .catch(function (e) { say(String(e.message || e), true); });
  }

  document.addEventListener("click", function (e) {
    var b = e.target.closest("button");
    if (!b || b.closest("#asks")) return;
    if (b.hasAttribute("data-yes")) { confirmBox.hidden = true; var p = pending; pending = null; if (p) p(); return; }
    if (b.hasAttribute("data-no")) { confirmBox.hidden = true; pending = null; return; }
    if (b.hasAttribute("data-history-open")) { openHistory(); return; }
    if (b.hasAttribute("data-history-close")) { hist.hidden = true; return; }
    if (b.hasAttribute("data-undo-to")) {
      var to = parseInt(b.dataset.undoTo, 10);
      ask(b.dataset.confirm, function () { hist.hidden = true; post(root.dataset.undo, { to: to }); });
      return;
    }
    if (b.hasAttribute("data-redo-to")) {
      var upto = parseInt(b.dataset.redoTo, 10);
      ask(b.dataset.confirm, function () { hist.hidden = true; post(root.dataset.redo, { to: upto }); });
      return;
    }
    if (b.hasAttribute("data-undo")) { ask(b.dataset.confirm, function () { post(root.dataset.undo, {}); }); return; }
    var section = b.closest(".ask");
    if (!section || section.classList.contains("readonly")) return;
    if (b.classList.contains("face")) {
      b.parentNode.querySelectorAll(".face").forEach(function (f) { f.classList.remove("on"); });
      b.classList.add("on");
      showChosen();
      return;
    }
    if (b.hasAttribute("data-pick")) {  // several picks: sent in the order tapped (a card's order matters)
      var i = picked.indexOf(b.dataset.pick);
      if (i < 0) picked.push(b.dataset.pick); else picked.splice(i, 1);
      section.querySelectorAll("[data-pick]").forEach(function (p) {
        var n = picked.indexOf(p.dataset.pick);
        p.classList.toggle("on", n >= 0);
        if (n >= 0) p.dataset.order = String(n + 1); else delete p.dataset.order;
      });
      showChosen();
      return;
    }
    if (b.hasAttribute("data-fill")) {  // the start of an answer: the rest (a face) typed after it, then Send
      var field = live.querySelector("input[name=answer]");
      if (field) { field.value = b.dataset.fill; field.focus(); showChosen(); }
      return;
    }
    if (b.hasAttribute("data-answer")) { answer(b.dataset.answer === "" ? null : b.dataset.answer); }
  });

  document.addEventListener("input", function (e) { if (e.target.name === "answer") showChosen(); });

  document.addEventListener("submit", function (e) {
    e.preventDefault();
    var c = chosen();
    if (c === null) { say(root.dataset.empty, true); return; }  // an empty field sends nothing
    answer(c);
  });

  // the table's pad: the phones waiting to join, each with Allow and Refuse (asked every 2 s)
  var asks = document.getElementById("asks");
  function listAsks() {
    fetch(asks.dataset.asks + q, { cache: "no-store" })
      .then(function (r) { return r.ok ? r.json() : { asks: [] }; })
      .then(function (got) {
        asks.textContent = "";
        got.asks.forEach(function (a) {
          var row = document.createElement("div");
          row.className = "askrow";
          var p = document.createElement("p");
          p.textContent = asks.dataset.ask.replace("{role}", a.label);
          row.appendChild(p);
          [[asks.dataset.allow, true], [asks.dataset.refuse, false]].forEach(function (pair) {
            var b = document.createElement("button");
            b.type = "button";
            b.className = "choice";
            b.textContent = pair[0];
            b.dataset.ask = String(a.n);
            b.dataset.allow = pair[1] ? "1" : "";
            row.appendChild(b);
          });
          asks.appendChild(row);
        });
      })
      .catch(function () { /* asked again in 2 s */ });
  }
  if (asks) {
    asks.addEventListener("click", function (e) {
      var b = e.target.closest("button[data-ask]");
      if (!b) return;
      e.stopPropagation();
      fetch(asks.dataset.asks + q, { method: "POST", headers: { "Content-Type": "application/json" },
                                     body: JSON.stringify({ n: parseInt(b.dataset.ask, 10), allow: b.dataset.allow === "1" }) })
        .then(function (r) { return r.text().then(function (t) { say(t.trim(), !r.ok); }); })
        .finally(listAsks);
    });
    listAsks();
    setInterval(listAsks, 2000);
  }

  // the game's version as it changes; a phone that slept reconnects and picks up the current question
  var es = null;
  function connect() {
    es = new EventSource(root.dataset.events + q);
    es.onmessage = function (e) {
      var v = parseInt(e.data, 10);
      if (isNaN(v)) return;
      wanted = v;
      if (v !== parseInt(root.dataset.version, 10)) load();
    };
    es.onerror = function () {
      say(root.dataset.lost, true);
      if (es.readyState === 2) { setTimeout(function () { if (es.readyState === 2) connect(); }, 1000); }
    };
    es.onopen = function () { if (msg.textContent === root.dataset.lost) say("", false); };
  }
  connect();
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState !== "visible") return;
    if (es.readyState === 2) connect();
    load();  // whatever happened while the screen was off
  });
  keepAwake();
})();
