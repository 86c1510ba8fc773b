// The players' pages: tapping dice faces, printing, forms answered in place, and live
// updates as a morph of the page. No framework, no network beyond this server. Without this
// script every form still works (a refusal is answered with the party page); the live
// connection itself is live.js.
(function () {
  "use strict";

  function main() { return document.getElementById("main"); }

  // Tap the faces read off real dice: each tap adds one face to the field; ⌫ clears it.
  document.addEventListener("click", function (event) {
    var button = event.target.closest("button.die");
    if (button) {
      var holder = button.closest(".dice");
      var input = document.getElementById(holder.dataset.for);
      var face = button.dataset.face;
      input.value = face ? (input.value.trim() + " " + face).trim() : "";
      input.dispatchEvent(new Event("input", { bubbles: true }));
      return;
    }
    if (event.target.closest("button.print")) {
      window.print();
    }
  });

  // A Hero card's actions load when the card's "Record for" opens (the party page stays
  // light); without this script its link opens them as a page.
  document.addEventListener("toggle", function (event) {
    var details = event.target;
    if (!details.open || !details.dataset || !details.dataset.load || details.dataset.loaded) return;
    details.dataset.loaded = "1";
    fetch(details.dataset.load, { credentials: "same-origin" })
      .then(function (response) { return response.text(); })
      .then(function (html) {
        var found = new DOMParser().parseFromString(html, "text/html").getElementById("actions");
        if (found) details.querySelector(".loaded").replaceChildren(...found.childNodes);
      });
  }, true);

  // A form something was typed or tapped into is "dirty": the live morph leaves it alone.
  function touched(event) {
    var form = event.target.closest && event.target.closest("form");
    if (form && form.closest("#main")) form.dataset.dirty = "1";
  }
  document.addEventListener("input", touched);
  document.addEventListener("change", touched);

  // --- Recording forms, answered in place. A success shows the page the server sends back
  // to (as a navigation would); a refusal or conflict is written into the form, which keeps
  // what was typed, and the page around it is brought up to date; a host that does not
  // answer is said there too, never a browser error page. body[data-busy] while one is out.
  var busy = 0;
  function setBusy(delta) {
    busy += delta;
    if (busy > 0) document.body.dataset.busy = String(busy);
    else delete document.body.dataset.busy;
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.method.toLowerCase() !== "post" || !window.fetch) return;
    event.preventDefault();
    if (form.dataset.sent) return; // a second tap while the first is on its way
    form.dataset.sent = "1";
    setBusy(1);
    var body = new URLSearchParams(new FormData(form, event.submitter || undefined));
    fetch(form.action, {
      method: "POST",
      body: body,
      credentials: "same-origin",
      headers: { "X-Ledger-Page": "1" },
    })
      .then(function (response) {
        return response.text().then(function (text) {
          if (response.ok) arrive(text, response.url, form);
          else return refusedIn(form, said(text, response));
        });
      }, function () {
        if (window.ledgerConnection) window.ledgerConnection("down");
        if (window.ledgerOffline && window.ledgerOffline.failed(form, body)) return; // queued
        notice(form, "The host did not answer: this may not have been recorded. What you " +
          "typed is kept: send it again when the host is back (it is recorded once).");
      })
      .finally(function () { delete form.dataset.sent; setBusy(-1); });
  });

  function parse(html) { return new DOMParser().parseFromString(html, "text/html"); }

  // The page stays where the player was: the card (or section) the form was sent from keeps
  // its place on the screen, whatever grew or shrank above it. ledger:arrived names it.
  function arrive(html, url, form) {
    var page = parse(html), fresh = page.getElementById("main"), old = main();
    if (!fresh || !old) { location.assign(url); return; }
    var holder = form && form.closest("#main [id]"), id = holder && holder.id;
    var top = holder ? holder.getBoundingClientRect().top : 0;
    old.replaceWith(document.adoptNode(fresh));
    document.title = page.title;
    history.replaceState(null, "", fresh.dataset.page || url);
    var again = id ? document.getElementById(id) : null;
    document.dispatchEvent(new CustomEvent("ledger:arrived", {
      detail: { card: again, action: form && form.dataset.action, dial: form && form.dataset.dial }
    }));
    if (again) window.scrollBy(0, again.getBoundingClientRect().top - top);
  }

  function said(text, response) {
    var found = parse(text).getElementById("refusal");
    if (found) return found.textContent.trim();
    try { return JSON.parse(text).error || text; } catch (e) { /* not JSON */ }
    return text.trim() || response.status + " " + response.statusText;
  }

  function refusedIn(form, message) {
    return refresh().then(function () { notice(form, message); });
  }

  function notice(form, message) {
    document.querySelectorAll("#refusal").forEach(function (old) { old.remove(); });
    var p = document.createElement("p");
    p.className = "refusal in-place";
    p.id = "refusal";
    p.setAttribute("role", "alert");
    p.textContent = message;
    (document.contains(form) ? form : main() || document.body).appendChild(p);
    p.scrollIntoView({ block: "nearest" });
  }

  // --- Live: when the campaign's head moves (whoever recorded it), this page is read again
  // at its own address (main[data-page], never the address of a form's POST) and morphed in:
  // only what changed changes. A form being filled in, a details opened, a Hero's actions
  // loaded, a notice written in place and what this device's last tap recorded are kept.
  var refreshing = null, again = false;

  function refresh() {
    var old = main();
    if (!old || document.querySelector(".then")) return Promise.resolve(); // the past stays put
    if (refreshing) { again = true; return refreshing; }
    refreshing = fetch(old.dataset.page || "/", { headers: { "X-Live": "1" }, credentials: "same-origin" })
      .then(function (response) { return response.text(); })
      .then(function (html) {
        var fresh = parse(html).getElementById("main"), now = main();
        // Only a newer head changes anything (an answer that arrived meanwhile may be newer).
        if (!fresh || !now || Number(fresh.dataset.head) <= Number(now.dataset.head)) return;
        morph(now, fresh);
        document.dispatchEvent(new CustomEvent("ledger:refreshed", { detail: fresh.dataset.head }));
      }, function () { /* the host is away: live.js says so, and reads again when it is back */ })
      .finally(function () {
        refreshing = null;
        if (again) { again = false; refresh(); }
      });
    return refreshing;
  }

  function kept(node) {
    return node.nodeType === 1 && (
      node.matches("form[data-dirty], .in-place, #recorded, #answer") ||
      (node.matches(".loaded") && node.closest("details[data-loaded]") !== null));
  }

  function morph(old, fresh) {
    var active = document.activeElement;
    if (active && active.tagName === "BUTTON") active.blur();
    window.Idiomorph.morph(old, fresh, {
      morphStyle: "outerHTML",
      ignoreActiveValue: true,
      callbacks: {
        beforeNodeMorphed: function (node) { return !kept(node); },
        beforeNodeRemoved: function (node) { return !kept(node); },
        beforeAttributeUpdated: function (name, node, kind) {
          // What the player opened or this script marked stays (the server draws neither).
          return !(kind === "remove" && (name === "open" || name.indexOf("data-") === 0));
        },
      },
    });
  }

  // live.js keeps the last head announced in body[data-seq] (its first announcement
  // included, which may already be newer than this page).
  function announced() {
    var head = document.body.dataset.seq, old = main();
    if (old && head !== undefined && head !== old.dataset.head) refresh();
  }
  new MutationObserver(announced).observe(document.body, {
    attributes: true, attributeFilter: ["data-seq"]
  });
  document.body.addEventListener("ledger:reconnected", function () { refresh(); });

  // A page that answers a form's POST (without this script's help) shows its own address.
  var shown = main();
  if (shown && shown.dataset.page && shown.dataset.page !== location.pathname + location.search) {
    history.replaceState(null, "", shown.dataset.page);
  }
  window.ledgerRefresh = refresh;
})();
