// The pad: big buttons that answer the guided game's current question, with the version it answers.
(function () {
  "use strict";
  var root = document.getElementById("root");
  var live = document.getElementById("live");
  var msg = document.getElementById("msg");
  var token = new URLSearchParams(location.search).get("t") || "";
  var q = "?t=" + encodeURIComponent(token);
  var wanted = 0, loading = false, busy = false;
  var picked = [];  // the values tapped on a several-picks question, in order

  function say(text, bad) {
    msg.textContent = text;
    msg.className = "msg" + (bad ? " bad" : "");
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
          live.innerHTML = html; root.dataset.version = String(v); root.dataset.question = asked; picked = [];
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

  function diceAnswer(section) {
    var dice = {}, ok = true;
    section.querySelectorAll(".dierow").forEach(function (row) {
      var chosen = row.querySelector(".face.on");
      if (!chosen) { ok = false; return; }
      (dice[row.dataset.die] = dice[row.dataset.die] || [])[parseInt(row.dataset.part, 10)] = chosen.dataset.face;
    });
    if (!ok) return null;
    return Object.keys(dice).sort(function (a, b) { return a - b; })
      .map(function (k) { return dice[k].join("/"); }).join(",");
  }

  document.addEventListener("click", function (e) {
    var b = e.target.closest("button");
    if (!b) return;
    var section = b.closest(".ask");
    if (b.classList.contains("face")) {
      b.parentNode.querySelectorAll(".face").forEach(function (f) { f.classList.remove("on"); });
      b.classList.add("on");
      var send = section.querySelector("[data-from=dice]");
      var a = diceAnswer(section);
      if (send) { send.disabled = a === null; if (a !== null) send.textContent = send.dataset.label + " " + a; }
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
      return;
    }
    if (b.hasAttribute("data-undo")) { post(root.dataset.undo, {}); return; }
    if (b.dataset.from === "dice") { var d = diceAnswer(section); if (d !== null) answer(d); return; }
    if (b.dataset.from === "picks") {
      answer(picked.length ? picked.join(",") : "-");
      return;
    }
    if (b.hasAttribute("data-answer")) { answer(b.dataset.answer === "" ? null : b.dataset.answer); }
  });

  document.addEventListener("submit", function (e) {
    e.preventDefault();
    var input = e.target.querySelector("input[name=answer]");
    if (input) answer(input.value);
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

  var es = new EventSource(root.dataset.events + q);
  es.onmessage = function (e) {
    var v = parseInt(e.data, 10);
    if (isNaN(v)) return;
    wanted = v;
    if (v !== parseInt(root.dataset.version, 10)) load();
  };
  es.onerror = function () { say(root.dataset.lost, true); };
  es.onopen = function () { if (msg.textContent === root.dataset.lost) say("", false); };
})();
