// Live scores: keep #board up to date by asking its board URL, about once a second,
// whether the game changed since the version shown (If-None-Match). Usually the answer
// is a bodiless 304; a 200 brings the new board, and its version in the ETag. After a
// failure it waits a little longer each time and keeps trying, so a phone that lost the
// network catches up by itself. It stops asking while the page is hidden.
(() => {
  "use strict";

  const board = document.querySelector("#board[data-board-url][data-version]");
  if (!board || !window.fetch) {
    return;
  }
  const url = board.dataset.boardUrl;
  const EVERY_MS = 1000;
  const LONGEST_WAIT_MS = 8000;
  const REQUEST_TIMEOUT_MS = 10000;
  let wait = EVERY_MS;
  let timer = null;
  let asking = false;

  const versionOf = (etag) => (etag ? etag.replace(/^W\//, "").replace(/"/g, "") : null);

  function schedule(ms) {
    clearTimeout(timer);
    timer = null;
    if (!document.hidden) {
      // A little jitter, so phones that loaded together don't all ask together.
      timer = setTimeout(ask, ms + Math.random() * 200);
    }
  }

  async function ask() {
    timer = null;
    if (asking || document.hidden) {
      return;
    }
    asking = true;
    const controller = new AbortController();
    const timeout = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
    try {
      const response = await fetch(url, {
        headers: { "If-None-Match": `"${board.dataset.version}"` },
        cache: "no-store",
        credentials: "same-origin",
        signal: controller.signal,
      });
      if (response.status === 200) {
        const html = await response.text();
        board.innerHTML = html;
        board.dataset.version = versionOf(response.headers.get("ETag")) ?? board.dataset.version;
      } else if (response.status !== 304) {
        throw new Error(`the board answered ${response.status}`);
      }
      wait = EVERY_MS;
    } catch {
      wait = Math.min(wait * 2, LONGEST_WAIT_MS);
    } finally {
      clearTimeout(timeout);
      asking = false;
      schedule(wait);
    }
  }

  function askNow() {
    wait = EVERY_MS;
    schedule(0);
  }

  document.addEventListener("visibilitychange", () => {
    if (document.hidden) {
      clearTimeout(timer);
      timer = null;
    } else {
      askNow();
    }
  });
  window.addEventListener("online", askNow);
  // Back from the back/forward cache: the board shown may be long out of date.
  window.addEventListener("pageshow", (event) => event.persisted && askNow());
  schedule(EVERY_MS);
})();
