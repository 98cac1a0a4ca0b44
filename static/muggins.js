// Muggins: tap the open ends and see the count at once. Every form here also works without this file:
// the selects it hides are what the forms send, and the server checks and scores what is sent.
// The ends pad is shared with the checker page (checker.js, loaded after this file); its doubles
// are drawn by faces.js, loaded before it.
(function () {
  "use strict";

  // What an end adds to the count: "5" is 5; a crosswise double "5-5" counts both halves.
  function endPips(value) {
    if (!value) return 0;
    return value.split("-").reduce(function (sum, half) { return sum + Number(half); }, 0);
  }

  function countOf(ends) {
    return ends.reduce(function (sum, end) { return sum + endPips(end); }, 0);
  }

  // SCORING.md: a positive multiple of 5 scores itself (or ÷ 5 with points per five).
  // SCORING_MORE.md, Fives and Threes: one point per five plus one per three (15 scores 8).
  function pointsOf(count, perFive, scoring) {
    if (count <= 0) return 0;
    if (scoring === "fives-and-threes") {
      return (count % 5 ? 0 : count / 5) + (count % 3 ? 0 : count / 3);
    }
    if (count % 5) return 0;
    return perFive ? count / 5 : count;
  }

  // The ends pad: tap a slot, then its number; "Double" turns the slot's end into a crosswise double.
  function endsPad(fieldset, changed) {
    const selects = Array.from(fieldset.querySelectorAll("select[name=end]"));
    const pad = fieldset.querySelector("[data-end-pad]");
    const slots = Array.from(pad.querySelectorAll(".end-slot"));
    const keys = Array.from(pad.querySelectorAll("[data-value]"));
    const doubleKey = pad.querySelector("[data-double]");
    const say = window.scorekeeperWords(fieldset);
    // Start on the first empty slot: the first play of a hand, or a new arm of the spinner.
    let selected = Math.max(0, selects.findIndex(function (s) { return !s.value; }));

    function shown(value) {
      if (!value) return document.createTextNode("—");
      if (value.indexOf("-") >= 0) return window.scorekeeperFace(value, say("crosswise", { tile: value }));
      return document.createTextNode(value);
    }

    function draw() {
      slots.forEach(function (slot, i) {
        const value = selects[i].value;
        slot.querySelector(".end-value").replaceChildren(shown(value));
        slot.classList.toggle("is-double", value.indexOf("-") >= 0);
        slot.setAttribute("aria-pressed", i === selected ? "true" : "false");
      });
      const current = selects[selected].value;
      const plain = current.split("-")[0];
      keys.forEach(function (key) { key.classList.toggle("is-current", key.dataset.value === plain); });
      doubleKey.setAttribute("aria-pressed", current.indexOf("-") >= 0 ? "true" : "false");
      doubleKey.disabled = !current;
      changed(selects.map(function (s) { return s.value; }));
    }

    slots.forEach(function (slot, i) {
      slot.addEventListener("click", function () { selected = i; draw(); });
    });
    keys.forEach(function (key) {
      key.addEventListener("click", function () { selects[selected].value = key.dataset.value; draw(); });
    });
    doubleKey.addEventListener("click", function () {
      const current = selects[selected].value;
      if (!current) return;
      const n = current.split("-")[0];
      selects[selected].value = current.indexOf("-") >= 0 ? n : n + "-" + n;
      draw();
    });
    selects.forEach(function (select) { select.addEventListener("change", draw); });
    fieldset.querySelector("[data-end-selects]").hidden = true;
    pad.hidden = false;
    draw();
  }

  // One tap records one play: a second tap while the page loads would only be refused.
  // (With the outbox on, outbox.js sends each play once itself, and a play kept while the
  // network is down leaves the pad free for the next.)
  function submitOnce(form) {
    let sent = false;
    form.addEventListener("submit", function (event) {
      if (form.dataset.outboxOn) return;
      if (sent) event.preventDefault();
      sent = true;
    });
    window.addEventListener("pageshow", function () { sent = false; });
  }

  // The scorer's page: the count as the ends are tapped, and buttons that say what they record.
  function playForm(form) {
    const perFive = form.dataset.pointsPerFive === "true";
    const scoring = form.dataset.scoring;
    // An exact finish (Fives and Threes' 61): a score that would overshoot is not scored.
    const target = form.dataset.exactTarget ? Number(form.dataset.exactTarget) : null;
    const totals = form.dataset.totals ? JSON.parse(form.dataset.totals) : {};
    const count = form.querySelector("[data-play-count]");
    const score = form.querySelector(".play-score");
    const out = form.querySelector(".play-out");
    const partners = form.dataset.partnerships === "true";
    const calls = Array.from(form.querySelectorAll(".muggins-call"));
    const say = window.scorekeeperWords(form);
    const sideOf = {};
    calls.forEach(function (call) { sideOf[call.value] = call.dataset.side; });
    let ends = [];

    function update() {
      const checked = form.querySelector("input[name=player]:checked");
      const player = checked ? checked.value : "";
      const total = countOf(ends);
      const points = pointsOf(total, perFive, scoring);
      count.hidden = false;
      count.replaceChildren();
      if (!ends.some(Boolean)) {
        count.textContent = say("tap_ends");
      } else {
        const strong = document.createElement("strong");
        strong.textContent = total;
        count.append(say("count") + " ", strong, " · " + (points ? say("scores", { points }) : say("no_score")));
        count.classList.toggle("scores", points > 0);
      }
      const over = function (extra) {
        return target !== null && player in totals && totals[player] + points + extra > target;
      };
      if (!player) score.textContent = say("tap_who");
      else if (points && over(0)) score.textContent = say("over", { player, points, total: totals[player] + points, target });
      else if (points) score.textContent = say("player_scores", { player, points });
      else score.textContent = say("played_no_score", { player });
      if (out) {
        const who = partners ? "out_partners" : "out";
        out.textContent = !player ? say("last_tap_who")
          : !ends.some(Boolean) ? say("last_tap_ends")
          : over(1)
          ? say(who + "_over", { player, points: points + 1, target })
          : say(who, { player, points });
      }
      calls.forEach(function (call) {
        call.hidden = !player || sideOf[call.value] === sideOf[player];
        call.disabled = !points;
        call.querySelector(".call-what").textContent = points
          ? say("takes", { player: call.value, points })
          : say("takes_it", { player: call.value });
      });
    }

    form.querySelectorAll("input[name=player]").forEach(function (radio) {
      radio.addEventListener("change", update);
    });
    endsPad(form.querySelector("[data-ends-pad]"), function (values) { ends = values; update(); });
    submitOnce(form);
  }

  window.scorekeeperEndsPad = endsPad;
  const form = document.getElementById("play-form");
  if (form) playForm(form);
})();
