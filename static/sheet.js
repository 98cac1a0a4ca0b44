// The score sheet: a tap on a hand's row opens its explanation in place, and a second tap
// closes it. Without this file the hand's number is a link that opens it by address.
(function () {
  "use strict";

  document.addEventListener("click", function (event) {
    const row = event.target.closest(".sheet-hand > tr:first-child");
    if (!row || !row.parentElement.querySelector(".sheet-why")) return; // older: the link opens all
    event.preventDefault();
    const hand = row.parentElement;
    const open = hand.classList.toggle("open");
    hand.querySelector(".sheet-open").setAttribute("aria-expanded", open ? "true" : "false");
  });
})();
