// Pases corridos in play order: a tap on a player's button adds their name to the list the form
// sends (typing the names works too, with or without this file); "Take back" removes the last.
(function () {
  "use strict";

  document.querySelectorAll("[data-pases-buttons]").forEach(function (buttons) {
    const input = buttons.closest("form").querySelector("input[data-pases]");
    if (!input) return;

    function names() {
      return input.value.split(",").map(function (name) { return name.trim(); }).filter(Boolean);
    }

    buttons.querySelectorAll("button[data-name]").forEach(function (button) {
      button.addEventListener("click", function () {
        input.value = names().concat([button.dataset.name]).join(", ");
      });
    });
    buttons.querySelector("button[data-undo]").addEventListener("click", function () {
      input.value = names().slice(0, -1).join(", ");
    });
    buttons.hidden = false;
  });
})();
