// A club night's clock and the projector's pages of tables. The timer counts down to its
// data-time-up instant (the round's time limit) and says "Time!" when it is reached; a
// projector with more tables than fit shows them a screenful at a time, in turn. The
// board is replaced whenever the night changes (live.js), so both look it up each tick.
(() => {
  "use strict";

  const PAGE_EVERY_S = 8;
  let tick = 0;

  function showClock() {
    for (const timer of document.querySelectorAll("[data-time-up]")) {
      const left = Math.round((Date.parse(timer.dataset.timeUp) - Date.now()) / 1000);
      const time = timer.querySelector("time");
      if (!time || Number.isNaN(left) || "stopped" in timer.dataset) {
        continue;
      }
      const say = window.scorekeeperWords(timer);
      if (left <= 0) {
        time.textContent = say("time_up");
        timer.classList.add("time-up");
      } else {
        const minutes = Math.floor(left / 60);
        const seconds = String(left % 60).padStart(2, "0");
        time.textContent = say("left", { time: `${minutes}:${seconds}` });
      }
    }
  }

  function turnPages() {
    for (const tables of document.querySelectorAll(".screen-tables[data-per-page]")) {
      const cards = [...tables.children];
      const size = Number(tables.dataset.perPage) || cards.length;
      const pages = Math.ceil(cards.length / size);
      const page = Math.floor(tick / PAGE_EVERY_S) % Math.max(pages, 1);
      cards.forEach((card, n) => {
        card.hidden = pages > 1 && Math.floor(n / size) !== page;
      });
    }
  }

  function everySecond() {
    showClock();
    turnPages();
    tick += 1;
  }

  everySecond();
  setInterval(everySecond, 1000);
})();
