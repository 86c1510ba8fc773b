// A history every device can prove (docs/reliability.md): this device keeps the last head
// it saw (SEQ:HASH, from the X-Ledger-Head header of /api/witness) and, on every page and
// every live change, asks whether the server's history still holds it. When it does not,
// the page says so and the remembered head is kept, not replaced: it is the evidence
// (`campaign-ledger verify SEQ:HASH` on the host proves the same).
(function () {
  "use strict";
  var body = document.body;
  var key = "ledger-witness:" + location.host;
  var shown = null;

  function remembered() {
    try {
      var value = JSON.parse(localStorage.getItem(key) || "null");
      return value && value.seq && value.hash ? value : null;
    } catch (error) {
      return null;
    }
  }

  function keep(head) {
    var at = head ? head.indexOf(":") : -1;
    if (at < 1) return;
    try {
      localStorage.setItem(key, JSON.stringify({seq: Number(head.slice(0, at)), hash: head.slice(at + 1)}));
    } catch (error) { /* private mode: nothing kept */ }
  }

  function warn(seen, problem) {
    if (!shown) {
      shown = document.createElement("div");
      shown.id = "witness-warning";
      shown.setAttribute("role", "alert");
      shown.className = "witness-warning";
      shown.style.cssText = "background:var(--down-bg);color:var(--bar-ink);padding:0.8em 1em;" +
        "font-weight:bold;position:sticky;top:0;z-index:1000;border-bottom:3px solid var(--red)";
      body.insertBefore(shown, body.firstChild);
    }
    shown.textContent = "";
    var title = document.createElement("p");
    title.style.margin = "0 0 0.4em";
    var words = (document.getElementById("witness-words") || {}).dataset || {};
    title.textContent = words.title || "This server's history no longer holds what this device saw.";
    var detail = document.createElement("p");
    detail.style.cssText = "margin:0 0 0.4em;font-weight:normal";
    detail.textContent = words.detail ?
      words.detail.replace("%(seq)s", seen.seq).replace("%(hash)s", seen.hash.slice(0, 12)) :
      "Event #" + seen.seq + " hashed to " + seen.hash.slice(0, 12) +
      "\u2026 when this device saw it; the server's file now says otherwise, so it was " +
      "changed since. Ask the host to run:";
    detail.title = problem;
    var command = document.createElement("code");
    command.style.cssText = "display:block;margin:0 0 0.6em;font-weight:normal;" +
      "overflow-wrap:anywhere;background:rgba(0,0,0,0.3);padding:0.3em";
    command.textContent = "campaign-ledger verify " + seen.seq + ":" + seen.hash;
    var forget = document.createElement("button");
    forget.type = "button";
    forget.textContent = words.forget || "Trust the server's history from now on";
    forget.addEventListener("click", function () {
      localStorage.removeItem(key);
      shown.remove();
      shown = null;
      check();
    });
    shown.appendChild(title);
    shown.appendChild(detail);
    shown.appendChild(command);
    shown.appendChild(forget);
  }

  function check() {
    var seen = remembered();
    var address = "/api/witness" + (seen ? "?seq=" + seen.seq + "&hash=" + encodeURIComponent(seen.hash) : "");
    if (!seen) address = "/api";
    fetch(address, {credentials: "same-origin", headers: {"Accept": "application/json"}})
      .then(function (answer) {
        var head = answer.headers.get("X-Ledger-Head");
        return answer.json().then(function (data) { return {ok: answer.ok, data: data, head: head}; });
      })
      .then(function (found) {
        if (!found.ok) return;
        if (seen && found.data.holds === false) {
          warn(seen, found.data.problem || "it hashes otherwise");
          return;
        }
        keep(found.head);
      })
      .catch(function () { /* the host unreachable: asked again on the next change */ });
  }

  body.addEventListener("ledger:changed", check);
  check();
})();
