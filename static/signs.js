// Negative points where the club allows them: the ± beside a box flips its sign, since a phone's
// number keypad often has no minus key. Typing "-5" works too, with or without this file.
(function () {
  "use strict";

  document.querySelectorAll("button[data-sign]").forEach(function (button) {
    const input = button.parentElement.querySelector("input");
    button.addEventListener("click", function () {
      const value = input.value.trim();
      input.value = value.startsWith("-") ? value.slice(1) : "-" + value;
      input.focus();
    });
    button.hidden = false;
  });
})();
