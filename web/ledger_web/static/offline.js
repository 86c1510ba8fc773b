// Taps while the host is away: queued on this device, sent when it is back.
//
// A recording form (a tap: /record/ACTION, /undo, /redo; the command box is not queued, its
// line stays typed) sent while the host is unreachable (body[data-connection="down"], the
// browser offline, or its request failed on the way) is kept in IndexedDB with its fields as
// they were, its idempotency key and its page's `seen` head included, so a reload loses
// nothing. When the host answers again they are sent in order, one at a time, each decided by
// the host against the state then: a recorded one leaves the queue; a refused one leaves it
// with its refusal shown on this device until dismissed; an unanswered one stays, and the rest
// wait behind it. A tap sent twice is recorded once (its key). The form that was queued gets a
// new key, so its next tap is a new command.
//
// Also: registers the service worker (sw.js: the last state of each page), and says on the
// page when what it shows is not current (#offline; body[data-stale] when the worker served
// the last state it kept).
(function () {
  "use strict";
  var body = document.body, panel = document.getElementById("offline");
  if (!panel) return;
  var words = panel.dataset;
  var DB = "campaign-ledger", TAPS = "taps", REFUSED = "refused";
  var TAPPED = /^\/(record\/[^/]+|undo|redo)$/;

  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () {});
  }

  // --- IndexedDB, in promises
  var opened = null;
  function db() {
    if (!opened) {
      opened = new Promise(function (resolve, reject) {
        var asked = indexedDB.open(DB, 1);
        asked.onupgradeneeded = function () {
          asked.result.createObjectStore(TAPS, { keyPath: "id", autoIncrement: true });
          asked.result.createObjectStore(REFUSED, { keyPath: "id", autoIncrement: true });
        };
        asked.onsuccess = function () { resolve(asked.result); };
        asked.onerror = function () { reject(asked.error); };
      });
    }
    return opened;
  }
  function store(name, mode, work) {
    return db().then(function (base) {
      return new Promise(function (resolve, reject) {
        var tx = base.transaction(name, mode), result;
        var asked = work(tx.objectStore(name));
        if (asked) asked.onsuccess = function () { result = asked.result; };
        tx.oncomplete = function () { resolve(result); };
        tx.onerror = function () { reject(tx.error); };
      });
    });
  }
  function all(name) { return store(name, "readonly", function (s) { return s.getAll(); }); }
  function add(name, value) { return store(name, "readwrite", function (s) { return s.add(value); }); }
  function remove(name, id) { return store(name, "readwrite", function (s) { return s.delete(id); }); }

  // --- what a queued tap is
  function newKey() {
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join("");
  }

  function label(form, fields) {
    var button = form.querySelector("button.go, button[type=submit]");
    var said = [];
    fields.forEach(function (value, name) {
      var input = form.querySelector('[name="' + CSS.escape(name) + '"]');
      if (value && input && input.type !== "hidden") said.push(value);
      else if (name === "hero" && value) said.unshift(value);
    });
    return ((button ? button.textContent.trim() : form.action) + " " + said.join(" ")).trim();
  }

  function queue(form, fields) {
    var entry = {
      action: new URL(form.action, location.href).pathname,
      body: fields.toString(),
      label: label(form, fields),
      page: location.pathname + location.search,
      queued: new Date().toISOString(),
    };
    var key = form.querySelector('input[name="idempotency_key"]');
    if (key) key.value = newKey(); // the form's next tap is another command
    return add(TAPS, entry).then(show);
  }

  function queueable(form) {
    return form.closest("#main") && form.method.toLowerCase() === "post" &&
      TAPPED.test(new URL(form.action, location.href).pathname);
  }

  var waiting = 0;
  function away() {
    return navigator.onLine === false || body.dataset.connection === "down" || waiting > 0 ||
      body.dataset.stale !== undefined;
  }

  // Before app.js sends it (capture): a tap while the host is away joins the queue.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!queueable(form) || !away()) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    queue(form, new URLSearchParams(new FormData(form, event.submitter || undefined)));
  }, true);

  // app.js: a tap whose request failed on its way (it may have reached the host: its key
  // makes sending it again safe). True when queued.
  window.ledgerOffline = {
    failed: function (form, fields) {
      if (!queueable(form)) return false;
      queue(form, fields);
      return true;
    },
    flush: flush,
  };

  // --- sending the queue, one tap at a time, in order
  var flushing = false;
  function flush() {
    if (flushing || navigator.onLine === false) return Promise.resolve();
    flushing = true;
    var sent = 0;
    function next() {
      return all(TAPS).then(function (taps) {
        if (!taps.length) return;
        var tap = taps[0];
        return fetch(tap.action, {
          method: "POST",
          body: new URLSearchParams(tap.body),
          credentials: "same-origin",
          headers: { "X-Ledger-Page": "1" },
        }).then(function (response) {
          if (response.status >= 502 && response.status <= 504) return false; // not answered yet
          return response.text().then(function (text) {
            sent += 1;
            var done = remove(TAPS, tap.id);
            if (!response.ok) {
              done = done.then(function () {
                return add(REFUSED, { label: tap.label, message: refusal(text, response) });
              });
            }
            return done.then(function () { return true; });
          });
        }, function () { return false; })
          .then(function (answered) { if (answered) return next(); });
      });
    }
    var run = function () { return next(); };
    var locked = navigator.locks && navigator.locks.request
      ? navigator.locks.request("ledger-queue", run) : run();
    return locked.then(function () {
      flushing = false;
      return show();
    }, function () { flushing = false; }).then(function () {
      if (waiting > 0) return;
      if (body.dataset.stale !== undefined) { if (up()) location.reload(); return; }
      if (sent && window.ledgerRefresh) window.ledgerRefresh();
    });
  }

  function up() { return body.dataset.connection === "up"; }

  function refusal(text, response) {
    var found = new DOMParser().parseFromString(text, "text/html").getElementById("refusal");
    if (found) return found.textContent.trim();
    try { return JSON.parse(text).error || text; } catch (e) { /* not JSON */ }
    return text.trim() || response.status + " " + response.statusText;
  }

  // --- what the page says
  function show() {
    return Promise.all([all(TAPS), all(REFUSED)]).then(function (found) {
      var taps = found[0], refused = found[1];
      waiting = taps.length;
      body.dataset.queued = String(taps.length);
      var current = !(body.dataset.stale !== undefined || body.dataset.connection === "down");
      panel.replaceChildren();
      if (!current) {
        var note = element("p", "stale-note", words.notCurrent);
        if (body.dataset.stale) {
          note.textContent = words.notCurrentSince.replace("%(time)s", time(body.dataset.stale));
        }
        panel.appendChild(note);
      }
      if (taps.length) {
        panel.appendChild(element("p", "queued-title",
          (taps.length === 1 ? words.queuedOne : words.queuedMany).replace("%(n)s", taps.length)));
        var list = element("ol", "queued");
        taps.forEach(function (tap) { list.appendChild(element("li", "", tap.label)); });
        panel.appendChild(list);
      }
      refused.forEach(function (entry) {
        var item = element("div", "refusal queued-refusal", "");
        item.setAttribute("role", "alert");
        item.appendChild(element("strong", "", words.refused.replace("%(tap)s", entry.label)));
        item.appendChild(element("span", "", " " + entry.message + " "));
        var dismiss = element("button", "dismiss", words.dismiss);
        dismiss.type = "button";
        dismiss.addEventListener("click", function () { remove(REFUSED, entry.id).then(show); });
        item.appendChild(dismiss);
        panel.appendChild(item);
      });
      panel.hidden = !panel.childNodes.length;
    });
  }

  function element(tag, className, text) {
    var made = document.createElement(tag);
    if (className) made.className = className;
    if (text) made.textContent = text;
    return made;
  }

  function time(iso) {
    var when = new Date(iso);
    return isNaN(when) ? iso : when.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  }

  // A kept page's forms carry keys that may have been sent already: each gets a new one.
  if (body.dataset.stale !== undefined) {
    document.querySelectorAll('input[name="idempotency_key"]').forEach(function (input) {
      input.value = newKey();
    });
  }

  new MutationObserver(function () {
    show().then(function () { if (up()) flush(); });
  }).observe(body, { attributes: true, attributeFilter: ["data-connection"] });
  window.addEventListener("online", function () { flush(); });
  // The host may be back without live.js noticing yet (no stream open): try now and then.
  setInterval(function () { if (waiting > 0 && !flushing) flush(); }, 5000);
  show().then(function () { if (navigator.onLine !== false) flush(); });
})();
