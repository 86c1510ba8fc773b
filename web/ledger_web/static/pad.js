// The dice pad of a roll's faces field (macros.html ``pad``): app.js adds each tapped face to
// the field; this script says what the faces ask for next (a 1+ asks for its extra die, and a
// chain of them for one each) and offers the stamina a roll's S faces let the Hero spend, as
// the core's ``spend_choices`` query answers it (the page decides no rule). The choice goes
// into the form's ``spend`` field, so it is recorded with the check. The words are the pad's
// data attributes, translated by the template.
(function () {
  "use strict";

  function faces(input) {
    return input.value.split(/[\s,]+/).filter(Boolean).map(function (f) { return f.toUpperCase(); });
  }

  // Extra dice still to roll: each 1+ asks for one more die, whose face is the next one read
  // (so a chain of 1+ asks for one die at a time).
  function extrasWanted(list) {
    var wanted = 0;
    list.forEach(function (face) {
      if (wanted > 0) wanted -= 1;
      if (face === "1+") wanted += 1;
    });
    return wanted;
  }

  function padOf(input) {
    var form = input.form;
    return form && form.querySelector('.pad[data-for="' + input.id + '"]');
  }

  function words(pad, name, n) { return (pad.dataset[name] || "").replace("{n}", String(n)); }

  function update(input) {
    var pad = padOf(input);
    if (!pad) return;
    var list = faces(input), wanted = extrasWanted(list);
    var says = pad.querySelector(".pad-says");
    var counted = words(pad, list.length === 1 ? "countOne" : "count", list.length);
    var text = list.length ? counted + ": " + list.join(" ") : "";
    if (wanted > 0) text += (text ? " · " : "") + words(pad, "extra", wanted);
    says.textContent = text;
    pad.classList.toggle("wants-extra", wanted > 0);
    spendFor(input, pad, list);
  }

  // The spend choices for the faces so far, asked of the core (one answer at a time: a
  // later tap's question replaces an earlier one still on its way).
  function spendFor(input, pad, list) {
    var box = pad.querySelector(".spend"), form = input.form;
    var spend = form && form.querySelector('[name="spend"]');
    var hero = form && form.querySelector('[name="hero"]');
    if (!box || !spend || !hero || !hero.value || list.indexOf("S") < 0 || !window.fetch) {
      if (box) box.hidden = true;
      if (spend && box && box.dataset.offered) { spend.value = ""; delete box.dataset.offered; }
      return;
    }
    var query = new URLSearchParams([["hero", hero.value]]);
    list.forEach(function (face) { query.append("roll", face); });
    var asked = query.toString();
    box.dataset.asked = asked;
    fetch("/api/queries/spend_choices?" + asked, { credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (answer) {
        if (box.dataset.asked !== asked) return;
        offer(box, spend, answer);
      }, function () { box.hidden = true; });
  }

  function offer(box, spend, answer) {
    var choices = answer && answer.choices ? answer.choices : [];
    var holder = box.querySelector(".spend-choices");
    holder.replaceChildren();
    box.querySelectorAll(".spend-none").forEach(function (note) {
      note.hidden = !answer || note.dataset.rule !== answer.rule;
    });
    box.querySelector(".spend-label").hidden = choices.length === 0;
    box.hidden = !answer || (choices.length === 0 && answer.rule === "spend");
    var chosen = Number(spend.value);
    if (!(choices.indexOf(chosen) >= 0)) chosen = 0;
    choices.forEach(function (n) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "spend-choice";
      button.dataset.spend = String(n);
      button.textContent = String(n);
      button.setAttribute("aria-pressed", String(n === chosen));
      holder.appendChild(button);
    });
    if (choices.length) {
      spend.value = String(chosen);
      box.dataset.offered = "1";
    }
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button.spend-choice");
    if (!button) return;
    var form = button.form || button.closest("form");
    var spend = form && form.querySelector('[name="spend"]');
    if (!spend) return;
    spend.value = button.dataset.spend;
    spend.dispatchEvent(new Event("input", { bubbles: true }));
    button.parentNode.querySelectorAll("button.spend-choice").forEach(function (other) {
      other.setAttribute("aria-pressed", String(other === button));
    });
  });

  document.addEventListener("input", function (event) {
    if (event.target.matches && event.target.matches("input.faces")) update(event.target);
  });
  document.addEventListener("change", function (event) {
    var form = event.target.form;
    if (event.target.name === "hero" && form) {
      form.querySelectorAll("input.faces").forEach(update);
    }
  });

  function all() { document.querySelectorAll("input.faces").forEach(update); }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", all);
  else all();
})();
