// The player who went out holds no tiles: their pips box shows 0 as filled in by the page
// (dashed, read-only), not typed. Tapping someone else, or "blocked", gives the box back.
(function () {
  "use strict";

  document.querySelectorAll("form.hand-form").forEach(function (form) {
    const radios = Array.from(form.querySelectorAll("input[name=domino]"));
    const boxes = Array.from(form.querySelectorAll("input[data-player]"));
    if (!radios.length || !boxes.length) return;
    const say = window.scorekeeperWords(boxes[0].closest("[data-words]") || form);

    function tilesPicked() {
      const mode = form.querySelector("input[name=mode]");
      return mode && mode.value === "tiles";
    }

    function show() {
      const chosen = radios.find(function (radio) { return radio.checked; });
      const out = chosen ? chosen.value : "";
      boxes.forEach(function (box) {
        const derived = box.dataset.player === out;
        if (derived) {
          box.dataset.typed = box.classList.contains("derived") ? box.dataset.typed || "" : box.value;
          box.value = "0";
        } else if (box.classList.contains("derived")) {
          box.value = box.dataset.typed || "";
        }
        box.classList.toggle("derived", derived);
        if (!tilesPicked()) box.readOnly = derived;
        box.setAttribute("aria-description", derived ? say("went_out") : "");
      });
    }

    radios.forEach(function (radio) { radio.addEventListener("change", show); });
    show();
  });
})();
