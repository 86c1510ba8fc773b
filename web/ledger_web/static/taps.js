// One tap for what a table records most (the Hero and Ally cards' steppers and pick lists):
// a pick list sends itself once every list has a choice; a long press on a stepper opens
// its number pad; what a tap recorded is said on its card; and "My Hero", which this device
// remembers, is where the party page opens. Without this script every tap is a plain form.
(function () {
  "use strict";

  var LONG_PRESS_MS = 450;

  // --- Pick lists: the last choice tapped sends the form. A choice made with the keyboard
  // (arrow keys move through a list, choosing each) waits for the form's button.
  var pointed = 0;
  document.addEventListener("pointerdown", function (event) {
    if (event.target.closest && event.target.closest("form.pick label.chip")) pointed = Date.now();
  });
  document.addEventListener("change", function (event) {
    var input = event.target;
    var form = input.closest && input.closest("form.pick");
    if (!form || input.type !== "radio" || Date.now() - pointed > 2000) return;
    var lists = form.querySelectorAll("fieldset");
    for (var i = 0; i < lists.length; i++) {
      if (!lists[i].querySelector("input:checked")) return;
    }
    form.requestSubmit();
  });

  // --- A long press on a stepper opens its pad (2 to 9) instead of recording 1.
  var timer = null, pressed = null, swallow = null;
  function cancel() { clearTimeout(timer); timer = null; pressed = null; }
  document.addEventListener("pointerdown", function (event) {
    var button = event.target.closest && event.target.closest("form.stepper button.step");
    if (!button) return;
    pressed = button;
    timer = setTimeout(function () {
      var pad = button.closest("form").querySelector("details.numpad");
      if (pad) { pad.open = true; swallow = button; }
      timer = null;
    }, LONG_PRESS_MS);
  });
  ["pointerup", "pointercancel", "pointerleave"].forEach(function (kind) {
    document.addEventListener(kind, function () { if (timer) cancel(); }, true);
  });
  document.addEventListener("click", function (event) {
    if (swallow && event.target.closest && event.target.closest("button.step") === swallow) {
      event.preventDefault();
      event.stopPropagation();
    }
    swallow = null;
  }, true);
  document.addEventListener("contextmenu", function (event) {
    if (event.target.closest && event.target.closest("button.step")) event.preventDefault();
  });

  // --- What a tap recorded, said on the card it was tapped on (and its dial marked).
  document.addEventListener("ledger:arrived", function (event) {
    var card = event.detail.card, told = document.getElementById("recorded");
    mine();
    if (!card || !card.matches("article.hero, article.ally")) return;
    if (told) { told.classList.add("on-card"); card.appendChild(told); }
    card.classList.add("changed");
    if (event.detail.dial) {
      card.querySelectorAll(".dial").forEach(function (dial) {
        if (dial.dataset.dial === event.detail.dial) dial.classList.add("changed");
      });
    }
    setTimeout(function () {
      card.classList.remove("changed");
      card.querySelectorAll(".dial.changed").forEach(function (d) { d.classList.remove("changed"); });
    }, 2500);
  });

  // --- My Hero: this device's Hero, kept per campaign; the party page opens on its card.
  function key() {
    var heroes = document.getElementById("heroes");
    return heroes ? "ledger:my-hero:" + heroes.dataset.campaign : null;
  }
  function stored() {
    try { return key() && localStorage.getItem(key()); } catch (e) { return null; }
  }
  function mine() {
    var name = stored();
    document.querySelectorAll("button.mine").forEach(function (button) {
      button.setAttribute("aria-pressed", String(button.dataset.hero === name));
    });
    document.querySelectorAll("article.hero, #overview a.glance").forEach(function (node) {
      node.classList.toggle("is-mine", node.dataset.hero === name);
    });
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button.mine");
    if (!button || !key()) return;
    try {
      if (stored() === button.dataset.hero) localStorage.removeItem(key());
      else localStorage.setItem(key(), button.dataset.hero);
    } catch (e) { /* private mode: nothing remembered */ }
    mine();
  });
  document.addEventListener("ledger:refreshed", mine);

  function openOnMine() {
    mine();
    var name = stored();
    if (!name || location.hash || window.scrollY > 0) return;
    document.querySelectorAll("article.hero").forEach(function (card) {
      if (card.dataset.hero === name) card.scrollIntoView({ block: "start" });
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", openOnMine);
  else openOnMine();
})();
