// Bidding games (Eighty, Moon): show at once what a tap implies for the other sides.
// The server fills in the same blanks, so every form also works without this file.
(function () {
  "use strict";

  // Per-side number choices that add up to data-total.
  // data-fill="exact" (tricks): the total is always met, so the side tapped longest ago gives way.
  // data-fill="rest" (count): only sides not tapped yet are filled in; some count may go unplayed.
  function linkSides(group) {
    const total = Number(group.dataset.total);
    const exact = group.dataset.fill === "exact";
    const radios = Array.from(group.querySelectorAll(".choice input[type=radio]"));
    const names = Array.from(new Set(radios.map(function (r) { return r.name; })));
    let tapped = []; // the sides the scorer chose, oldest first
    const filled = new Set(); // the sides this script chose

    function chosen(name) {
      const radio = radios.find(function (r) { return r.name === name && r.checked; });
      return radio ? Number(radio.value) : null;
    }
    function choose(name, value) {
      let found = false;
      radios.filter(function (r) { return r.name === name; }).forEach(function (r) {
        r.checked = value !== null && Number(r.value) === value;
        r.classList.toggle("derived", r.checked); // filled in by the page, not tapped
        found = found || r.checked;
      });
      if (found) filled.add(name); else filled.delete(name);
    }
    function refresh() {
      const fixed = exact ? tapped.slice(-(names.length - 1)) : tapped.slice();
      const open = names.filter(function (n) { return fixed.indexOf(n) < 0; });
      const rest = total - fixed.reduce(function (sum, n) { return sum + (chosen(n) || 0); }, 0);
      if (open.length === 1) {
        choose(open[0], rest >= 0 ? rest : null);
      } else if (open.length > 1 && rest === 0) {
        open.forEach(function (n) { choose(n, 0); });
      } else {
        open.filter(function (n) { return filled.has(n); }).forEach(function (n) { choose(n, null); });
      }
    }
    radios.forEach(function (radio) {
      radio.addEventListener("change", function () {
        tapped = tapped.filter(function (n) { return n !== radio.name; });
        filled.delete(radio.name);
        radios.forEach(function (r) { if (r.name === radio.name) r.classList.remove("derived"); });
        if (radio.checked) tapped.push(radio.name);
        refresh();
      });
    });
  }
  document.querySelectorAll("[data-total][data-fill]").forEach(linkSides);

  // Points typed for one team (Texas 42, playing for points): the other took the rest, and
  // is shown as filled in rather than typed. A value the scorer typed is never overwritten.
  document.querySelectorAll("[data-rest-total]").forEach(function (group) {
    if (!group.dataset.restTotal) return;
    const total = Number(group.dataset.restTotal);
    const inputs = Array.from(group.querySelectorAll("input[type=number]"));
    if (inputs.length !== 2) return;
    inputs.forEach(function (input, i) {
      const other = inputs[1 - i];
      input.addEventListener("input", function () {
        input.classList.remove("derived");
        if (other.value && !other.classList.contains("derived")) return;
        const typed = input.value === "" ? NaN : Number(input.value);
        const ok = Number.isInteger(typed) && typed >= 0 && typed <= total;
        other.value = ok ? String(total - typed) : "";
        other.classList.toggle("derived", ok);
      });
    });
  });

  // A bid is tapped or typed: one clears the other.
  const typedBid = document.querySelector('input[name="bid_exact"]');
  const bidButtons = document.querySelectorAll('input[name="bid"]');
  if (typedBid) {
    typedBid.addEventListener("input", function () {
      if (typedBid.value) bidButtons.forEach(function (r) { r.checked = false; });
    });
    bidButtons.forEach(function (r) {
      r.addEventListener("change", function () { if (r.checked) typedBid.value = ""; });
    });
  }

  // Eighty's count by tiles: the count of each team as the tiles are tapped; the count in
  // fives and the tiles are two ways to say one thing, so choosing one clears the other.
  // What a tile box counts: its data-count, from the ruleset ("No count tile" counts 0).
  function tileCount(pick) {
    return Number(pick.dataset.count || 0);
  }
  document.querySelectorAll("[data-count-tiles]").forEach(function (box) {
    const group = box.closest("[data-total]");
    const teams = Array.from(box.querySelectorAll("[data-side-name]"));
    const picks = Array.from(box.querySelectorAll("input[type=checkbox]"));
    const live = box.querySelector("[data-live-count]");
    const say = window.scorekeeperWords(live);
    const all = Array.from(teams[0].querySelectorAll("input[type=checkbox]"))
      .reduce(function (sum, pick) { return sum + tileCount(pick); }, 0);

    function show() {
      const ticked = teams.map(function (team) {
        return Array.from(team.querySelectorAll("input:checked"));
      });
      const given = ticked.filter(function (t) { return t.length; }).length;
      const counts = ticked.map(function (t) {
        return t.reduce(function (sum, pick) { return sum + tileCount(pick); }, 0);
      });
      const others = counts.reduce(function (a, b) { return a + b; }, 0);
      live.textContent = given === 0 ? "" : teams.map(function (team, i) {
        const name = team.dataset.sideName;
        if (ticked[i].length) return say("count", { side: name, count: counts[i] });
        return given === teams.length - 1
          ? say("rest", { side: name, count: all - others })
          : say("unknown", { side: name });
      }).join(" · ");
    }
    picks.forEach(function (pick) {
      pick.addEventListener("change", function () {
        if (pick.checked) {
          group.querySelectorAll(".choice input[type=radio]:checked").forEach(function (r) {
            r.checked = false;
            r.dispatchEvent(new Event("change"));
          });
          // "No count tile" and the tiles of the same team exclude each other.
          pick.closest("[data-side-name]").querySelectorAll("input[type=checkbox]").forEach(function (other) {
            if ((other.value === "none") !== (pick.value === "none")) other.checked = false;
          });
        }
        show();
      });
    });
    group.querySelectorAll(".choice input[type=radio]").forEach(function (radio) {
      radio.addEventListener("change", function () {
        if (!radio.checked) return;
        picks.forEach(function (pick) { pick.checked = false; });
        show();
      });
    });
    show();
  });
})();
