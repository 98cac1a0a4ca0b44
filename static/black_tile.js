// Black Tile on the scorer's page: each player's points as the tiles are tapped, and a moon
// spotted as it happens. The form works without this file; it only shows the count early.
(function () {
  "use strict";

  const root = document.querySelector(".black-tile");
  if (!root) return;
  const players = JSON.parse(root.dataset.players);
  const moonScore = root.dataset.moonScore;
  const rows = Array.from(root.querySelectorAll(".tile-row"));
  const tally = root.querySelector(".tile-tally");
  const left = root.querySelector(".tiles-left");
  const spotted = root.querySelector(".moon-spotted");
  const noMoon = root.querySelector('input[name="moon"][value=""]');
  const say = window.scorekeeperWords(root);

  function taker(row) {
    const checked = row.querySelector("input:checked");
    return checked ? checked.value : "";
  }

  function update() {
    const points = players.map(function () { return 0; });
    const takers = new Set();
    let open = 0;
    rows.forEach(function (row) {
      const seat = taker(row);
      if (!seat) open += 1;
      if (!seat || seat === "widow") return;
      points[Number(seat)] += Number(row.dataset.points);
      takers.add(seat);
    });
    tally.querySelectorAll("[data-seat]").forEach(function (cell) {
      cell.textContent = points[Number(cell.dataset.seat)];
    });
    left.textContent = open ? say("tiles_left", { count: open }) : say("all_given");
    const shooter = open === 0 && takers.size === 1 ? players[Number(takers.values().next().value)] : null;
    spotted.textContent = shooter ? say("shooting", { player: shooter, points: Number(moonScore) }) : "";
  }

  // Who shot the moon took every point tile: show it on the tiles at once.
  root.querySelectorAll('input[name="moon"]').forEach(function (radio) {
    radio.addEventListener("change", function () {
      if (!radio.checked || radio.value === "") return;
      rows.forEach(function (row) {
        row.querySelector('input[value="' + radio.value + '"]').checked = true;
      });
      update();
    });
  });

  // A tile given to anybody else means it was no moon after all.
  rows.forEach(function (row) {
    row.addEventListener("change", function () {
      const moon = root.querySelector('input[name="moon"]:checked');
      if (moon && moon.value !== "" && taker(row) !== moon.value) noMoon.checked = true;
      update();
    });
  });

  tally.hidden = false;
  update();
})();
