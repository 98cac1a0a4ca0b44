// The scorer's page: small touches that save taps. Every form also works without this file.
(function () {
  "use strict";

  // Keep the screen awake while the scorer's page is open (where the browser allows it).
  let wakeLock = null;
  async function stayAwake() {
    if (!("wakeLock" in navigator) || document.visibilityState !== "visible") return;
    try {
      wakeLock = await navigator.wakeLock.request("screen");
    } catch (error) {
      wakeLock = null; // refused (battery saver, no user gesture yet): the page still works
    }
  }
  document.addEventListener("visibilitychange", stayAwake);
  document.addEventListener("click", function once() {
    if (!wakeLock) stayAwake();
  });
  stayAwake();

  // Whoever went out holds no pips: fill in their 0, marked as filled in (not typed); a
  // different choice takes that 0 back. Typing in the box makes it the scorer's own.
  document.querySelectorAll('input[name="domino"]').forEach(function (radio) {
    radio.addEventListener("change", function () {
      const players = Array.from(document.querySelectorAll('input[name="domino"]'))
        .map(function (r) { return r.value; }).filter(function (v) { return v !== "blocked"; });
      const partnerships = document.querySelectorAll('input[name^="pips-"]').length !== players.length;
      document.querySelectorAll('input[name^="pips-"].derived').forEach(function (box) {
        box.value = "";
        box.classList.remove("derived");
      });
      const seat = radio.checked && !partnerships ? players.indexOf(radio.value) : -1;
      const pips = document.querySelector('input[name="pips-' + seat + '"]');
      if (pips && !pips.value) {
        pips.value = "0";
        pips.classList.add("derived");
      }
      // The next thing to do is type the pips: the first blank box is ready for them.
      const blank = Array.from(document.querySelectorAll('input[name^="pips-"]'))
        .find(function (box) { return !box.value; });
      if (radio.checked && blank) blank.focus();
    });
  });
  document.querySelectorAll('input[name^="pips-"]').forEach(function (box) {
    box.addEventListener("input", function () { box.classList.remove("derived"); });
  });

  // Tapping a choice that is already chosen clears it (a mis-tap is one tap to undo).
  document.querySelectorAll(".choice input[type=radio]").forEach(function (radio) {
    let wasChecked = false;
    radio.addEventListener("pointerdown", function () { wasChecked = radio.checked; });
    radio.addEventListener("click", function () {
      if (wasChecked) {
        radio.checked = false;
        radio.dispatchEvent(new Event("change", { bubbles: true }));
      }
      wasChecked = false;
    });
  });
})();
