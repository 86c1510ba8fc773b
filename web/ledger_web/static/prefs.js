// The reader's preferences on this device: the theme (light, dark, or the device's, kept in
// localStorage and applied before the page paints: this file loads in <head>) and the
// language (the ledger_lang cookie the server reads; the page is drawn again in it).
(function () {
  "use strict";
  var root = document.documentElement;
  var KEY = "ledger-theme";
  function kept() {
    try { return localStorage.getItem(KEY); } catch (e) { return null; }
  }
  function apply(theme) {
    if (theme === "dark" || theme === "light") root.dataset.theme = theme;
    else delete root.dataset.theme;
  }
  function dark() {
    if (root.dataset.theme) return root.dataset.theme === "dark";
    return window.matchMedia("(prefers-color-scheme: dark)").matches;
  }
  apply(kept());
  document.addEventListener("DOMContentLoaded", function () {
    var toggle = document.getElementById("theme-toggle");
    if (toggle) {
      toggle.hidden = false;
      toggle.setAttribute("aria-pressed", String(dark()));
      toggle.addEventListener("click", function () {
        var theme = dark() ? "light" : "dark";
        apply(theme);
        try { localStorage.setItem(KEY, theme); } catch (e) { /* private mode: this page only */ }
        toggle.setAttribute("aria-pressed", String(dark()));
      });
    }
    var picker = document.getElementById("language-picker");
    if (picker) {
      picker.hidden = false;
      picker.querySelector("select").addEventListener("change", function (event) {
        document.cookie = "ledger_lang=" + encodeURIComponent(event.target.value) +
          "; path=/; max-age=31536000; samesite=lax";
        window.location.reload();
      });
    }
  });
})();
