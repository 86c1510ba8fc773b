// The players' pages: tapping dice faces, printing, and live updates. No framework, no
// network beyond this server. Everything works without it but the live refresh.
(function () {
  "use strict";

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

  // A form sent once: a second tap while the first is on its way sends nothing more (the
  // idempotency key would record it once anyway).
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.method.toLowerCase() !== "post") return;
    if (form.dataset.sent) { event.preventDefault(); return; }
    form.dataset.sent = "1";
  });

  // Live: when the campaign's head moves (whoever recorded it), the live parts of this page
  // are read again; the whole page only when its shape changed and nobody is typing.
  var main = document.getElementById("main");
  var refreshing = false, again = false;

  function typing() {
    var el = document.activeElement;
    return el && el.closest && el.closest("#main") && /INPUT|SELECT|TEXTAREA/.test(el.tagName);
  }

  function refresh() {
    if (!main || document.querySelector(".then")) return; // a page of the past stays put
    if (refreshing) { again = true; return; }
    refreshing = true;
    var url = new URL(location.href);
    url.searchParams.delete("recorded");
    fetch(url, { headers: { "X-Live": "1" }, credentials: "same-origin" })
      .then(function (response) { return response.text(); })
      .then(function (html) {
        var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("main");
        if (!fresh) return;
        var oldIds = Array.from(main.querySelectorAll(".live")).map(function (e) { return e.id; });
        var newIds = Array.from(fresh.querySelectorAll(".live")).map(function (e) { return e.id; });
        if (oldIds.join() !== newIds.join()) {
          if (!typing()) main.innerHTML = fresh.innerHTML;
        } else {
          fresh.querySelectorAll(".live").forEach(function (part) {
            var old = document.getElementById(part.id);
            if (old) old.innerHTML = part.innerHTML;
          });
        }
        main.dataset.head = fresh.dataset.head;
        document.dispatchEvent(new CustomEvent("ledger:refreshed", { detail: fresh.dataset.head }));
      })
      .finally(function () {
        refreshing = false;
        if (again) { again = false; refresh(); }
      });
  }

  // base.html keeps the last head the server announced in body[data-seq] (its first
  // announcement included, which may already be newer than this page).
  function announced() {
    var head = document.body.dataset.seq;
    if (main && head !== undefined && head !== main.dataset.head) refresh();
  }
  new MutationObserver(announced).observe(document.body, {
    attributes: true, attributeFilter: ["data-seq"]
  });
  window.ledgerRefresh = refresh;
})();
