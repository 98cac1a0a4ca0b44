// The tile picker: tap whose hand, then the tiles left in it. It writes "3-4 6-6" into that hand's
// tiles field, the field the form sends; typing there works too, with or without this file.
// Its tiles are drawn by faces.js, loaded before it.
(function () {
  "use strict";

  // "4-3", "3 - 4" and "3–4" are all the tile 3-4.
  function tileName(text) {
    const match = /^(\d{1,2})\s*[-–]\s*(\d{1,2})$/.exec(text.trim());
    if (!match) return null;
    const a = Number(match[1]);
    const b = Number(match[2]);
    return Math.min(a, b) + "-" + Math.max(a, b);
  }

  function held(input) {
    return input.value.split(/[\s,]+/).filter(Boolean);
  }

  function pipsOf(tiles) {
    return tiles.map(tileName).filter(Boolean).reduce(function (sum, tile) {
      const halves = tile.split("-");
      return sum + Number(halves[0]) + Number(halves[1]);
    }, 0);
  }

  // The tiles of the set in play, as buttons: built here, since only script uses them.
  function buildTiles(group) {
    const highest = Number(group.dataset.highest);
    for (let low = 0; low <= highest; low++) {
      for (let high = low; high <= highest; high++) {
        const button = document.createElement("button");
        button.type = "button";
        button.className = "tile-pick";
        button.dataset.tile = low + "-" + high;
        button.setAttribute("aria-pressed", "false");
        button.append(window.scorekeeperFace(low + "-" + high)); // faces.js
        group.append(button);
      }
    }
  }

  function picker(root) {
    const form = root.closest("form");
    const say = window.scorekeeperWords(root);
    const inputs = Array.from(form.querySelectorAll("input.tiles-input"));
    const sides = Array.from(root.querySelectorAll(".picker-side"));
    buildTiles(root.querySelector(".picker-tiles"));
    const tiles = Array.from(root.querySelectorAll(".tile-pick"));
    let active = 0;

    function draw() {
      const owner = {};
      inputs.forEach(function (input, i) {
        held(input).forEach(function (text) {
          const tile = tileName(text);
          if (tile) owner[tile] = i;
        });
      });
      tiles.forEach(function (tile) {
        const holder = owner[tile.dataset.tile];
        tile.setAttribute("aria-pressed", holder === active ? "true" : "false");
        // A tile is in one hand only: another hand's tiles are shown, not offered.
        tile.disabled = holder !== undefined && holder !== active;
      });
      sides.forEach(function (side, i) {
        side.setAttribute("aria-pressed", i === active ? "true" : "false");
        const pips = pipsOf(held(inputs[i]));
        side.querySelector(".picker-pips").textContent = say("pips", { count: pips });
      });
    }

    // Whoever went out holds nothing: start on the next hand.
    function skipTheOneOut() {
      const out = form.querySelector("input[name=domino]:checked");
      if (out && out.value && sides[active].dataset.name === out.value) {
        active = (active + 1) % sides.length;
        draw();
      }
    }

    // Picked tiles are what the form counts for every hand (block.pips_or_tiles): the pips fields
    // show those sums, read-only, until no tile is picked any more.
    function showPips() {
      const picked = inputs.some(function (input) { return held(input).length > 0; });
      const mode = form.querySelector("input[name=mode]");
      if (mode) mode.value = picked ? "tiles" : "pips";
      inputs.forEach(function (input, i) {
        const pips = form.querySelector('input[name="pips-' + i + '"]');
        if (!pips) return;
        // A hand with no tile picked yet shows blank, not 0: a blank is not a count.
        if (picked) pips.value = held(input).length ? String(pipsOf(held(input))) : "";
        pips.readOnly = picked;
      });
    }

    tiles.forEach(function (tile) {
      tile.addEventListener("click", function () {
        const input = inputs[active];
        const mine = held(input);
        const at = mine.findIndex(function (text) { return tileName(text) === tile.dataset.tile; });
        if (at >= 0) mine.splice(at, 1);
        else mine.push(tile.dataset.tile);
        input.value = mine.join(" ");
        input.dispatchEvent(new Event("input", { bubbles: true }));
      });
    });
    sides.forEach(function (side, i) {
      side.addEventListener("click", function () { active = i; draw(); });
    });
    inputs.forEach(function (input) {
      input.addEventListener("input", function () { draw(); showPips(); });
    });
    form.querySelectorAll("input[name=domino]").forEach(function (radio) {
      radio.addEventListener("change", skipTheOneOut);
    });
    root.hidden = false;
    draw();
    showPips();
    skipTheOneOut();
  }

  document.querySelectorAll("[data-tile-picker]").forEach(picker);
})();
