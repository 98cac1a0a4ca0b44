// The muggins checker: the count, and whether a muggins stands, as the ends are tapped. The page
// works without this file (Check asks the page); the ends pad is muggins.js's, loaded before it.
(function () {
  "use strict";

  // The checker page: the server's answer (POST /api/muggins/check) as the ends are tapped.
  function checker(form) {
    const box = document.querySelector("[data-checker-result]");
    const errorBox = document.querySelector("[data-checker-error]");
    const actions = form.querySelector("[data-check-actions]");
    const claimed = form.querySelector("input[name=claimed]");
    const setChoice = form.querySelector("[data-set-choice]");
    const gameChoice = form.querySelector("[data-game-choice]");
    const say = window.scorekeeperWords(form);
    const lang = document.documentElement.lang;
    let ends = [];
    let asked = 0;

    function paragraph(className, ...parts) {
      const p = document.createElement("p");
      p.className = className;
      p.append(...parts);
      return p;
    }

    function figure(label, value) {
      const span = document.createElement("span");
      const strong = document.createElement("strong");
      strong.textContent = value;
      span.append(label + " ", strong);
      return span;
    }

    function show(answer, ok) {
      errorBox.replaceChildren();
      box.replaceChildren();
      // Forced both ways: an answer without a claim has no "muggins", and toggle(name, undefined)
      // would flip the gold border on every other answer.
      box.classList.toggle("muggins", Boolean(ok && answer.muggins));
      box.hidden = !ok;
      if (!ok) {
        errorBox.append(paragraph("flash flash-error", answer.error || say("cannot_check")));
        return;
      }
      const count = figure(say("count"), answer.count.toLocaleString(lang));
      box.append(paragraph("count", count, " ", figure(say("scores_label"), answer.points.toLocaleString(lang))));
      if (answer.muggins) box.append(paragraph("verdict", say("stands")));
      else if ("muggins" in answer) box.append(paragraph("verdict", say("no_muggins"))); // only with a claim
      box.append(paragraph("checker-explanation", answer.explanation));
    }

    async function check() {
      const query = new URLSearchParams(new FormData(form));
      const blank = Array.from(query.values()).every(function (value) { return !value; });
      window.history.replaceState(null, "", blank ? window.location.pathname : "?" + query);
      const body = {
        set: setChoice.value,
        ruleset: gameChoice.value,
        ends: ends.filter(Boolean).map(function (e) { return /^\d+$/.test(e) ? Number(e) : e; }),
      };
      const typed = claimed.value.trim();
      if (typed) body.claimed = /^\d+$/.test(typed) ? Number(typed) : typed;
      const mine = ++asked;
      if (!body.ends.length) {
        box.hidden = true;
        errorBox.replaceChildren();
        return;
      }
      try {
        const response = await fetch(form.dataset.checkUrl, {
          method: "POST",
          // The API's sentences follow Accept-Language: ask in the page's language.
          headers: { "Content-Type": "application/json", "Accept-Language": lang },
          body: JSON.stringify(body),
        });
        const answer = await response.json();
        if (mine === asked) show(answer, response.ok); // a later tap has already asked again
      } catch (error) {
        actions.hidden = false; // offline: the Check button asks the page instead
      }
    }

    window.scorekeeperEndsPad(form.querySelector("[data-ends-pad]"), function (values) {
      const changed = values.join() !== ends.join();
      ends = values;
      if (changed) check();
    });
    claimed.addEventListener("input", check);
    // Another set has other numbers on its ends: the page draws its pad afresh.
    setChoice.addEventListener("change", function () { form.submit(); });
    gameChoice.addEventListener("change", check);
    actions.hidden = true;
  }

  const checkerForm = document.getElementById("checker");
  if (checkerForm) checker(checkerForm);
})();
