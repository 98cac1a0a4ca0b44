// The phone's outbox: nothing typed at the table is lost to a Wi-Fi drop.
//
// With this file, a Save (a hand, a correction, an undo, a Muggins play) is first kept in the
// phone's storage (localStorage, one list per game), then sent in the background to the same
// address the plain form posts to, asking for JSON, with an Idempotency-Key of its own. It
// stays kept until the server has acknowledged it, through reloads and a closed browser.
// The changes go one at a time, in the order they were made; a retry sends the same key and
// the same body, so the server records each once however often the answer is lost. The
// server scores everything: the page shows the server's totals once it has them (it goes to
// the page a plain form lands on), never totals of its own.
//
// Online, a Save is the plain form's Save: the page a plain form would land on follows, and a
// refused entry goes again as the plain form, so the server draws the page with the entry and
// the reason next to it. Only when no answer comes does the change wait, marked on the sheet,
// and the form is ready for the next hand. A waiting change the server refuses (another
// phone entered that hand; the game is over; the scorer link was replaced) is kept with the
// server's sentence until the scorer discards it or, for a hand, enters it as the next hand.
//
// Two tabs of one phone share the list: each shows it once; one at a time sends (a lease in
// the storage, which the key makes merely polite). Every word shown comes from the page
// (#outbox-words), in the reader's language. Without this file, the forms post as ever.
(() => {
  "use strict";

  const box = document.getElementById("outbox");
  const wordsBlock = document.getElementById("outbox-words");
  if (!box || !wordsBlock || !window.fetch || !window.URLSearchParams || !window.crypto) {
    return;
  }
  let storage = null;
  try {
    storage = window.localStorage;
    storage.setItem("scorekeeper.probe", "1");
    storage.removeItem("scorekeeper.probe");
  } catch {
    return; // no storage (a private window that refuses it): the plain forms, as without script
  }

  const word = (name) => wordsBlock.getAttribute(`data-${name}`) || "";
  const say = (name, n) => word(name).replace("{n}", String(n));
  // One storage entry per change, named so that the names sort in the order the changes were
  // made: two tabs never write the same list, so neither can write over what the other kept.
  const PREFIX = `scorekeeper.outbox.${box.dataset.game}.`;
  const LEASE = `scorekeeper.outbox-sender.${box.dataset.game}`;
  // The game's newest version any tab has heard acknowledged: a page drawn before it is stale.
  const ACKED = `scorekeeper.outbox-acked.${box.dataset.game}`;
  const gameUrl = box.dataset.gameUrl;
  const banner = document.getElementById("outbox-banner");
  const list = box.querySelector(".outbox-items");
  const itemTemplate = document.getElementById("outbox-item");
  const FIRST_WAIT_MS = 1000;
  const LONGEST_WAIT_MS = 30000;
  const REQUEST_TIMEOUT_MS = 15000;
  const LEASE_MS = 20000;
  const tab = randomKey();
  const SCROLL_TO = "scorekeeper.outbox-scroll-to";
  const onScreen = new Map(); // key -> {form, submitter}: a Save still on screen, sent at once

  let wait = FIRST_WAIT_MS;
  let timer = null;
  let sending = null; // the key on its way
  let unreachable = false;
  let waitingForLease = false; // told another tab is sending
  // Something typed in a form since its last Save, never thrown away: so is an entry the
  // server drew again with the reason it was refused, until the scorer saves it again.
  let typed = Boolean(document.querySelector("#entry .field-error, #entry .flash-error"));
  // The waiting changes this page has shown. Chromium also tells a page the storage writes
  // the page before it in the same tab made, late, once the new page is listening: the
  // change a refused Save dropped just before its plain form went, the one acknowledged
  // just before a reload. Such a removal is no news of another tab, and drawing the page
  // anew on it would take the refusal's sentence away, or reload a page just loaded.
  const shownSlots = new Set();

  function randomKey() {
    // crypto.randomUUID needs HTTPS; a club's laptop serves plain HTTP.
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  let made = 0;

  function load() {
    const items = [];
    for (let i = 0; i < storage.length; i += 1) {
      const name = storage.key(i);
      if (!name || !name.startsWith(PREFIX)) continue;
      try {
        items.push({ ...JSON.parse(storage.getItem(name)), slot: name });
      } catch {
        // an entry that no longer parses is not one of ours to send
      }
    }
    return items.filter((item) => item.key).sort((a, b) => (a.slot < b.slot ? -1 : 1));
  }

  function put(item) {
    storage.setItem(item.slot, JSON.stringify(item)); // throws when the storage is full
  }

  // A new change, kept after the lease is taken: another tab hears of the lease before it
  // hears of the change (one tab's storage writes reach the others in order), so it leaves
  // the change to this tab instead of sending it at the same moment.
  function keep(item) {
    takeLease();
    put(item);
  }

  function drop(item) {
    storage.removeItem(item.slot);
  }

  function slotFor(key) {
    made += 1;
    return `${PREFIX}${String(Date.now()).padStart(15, "0")}-${String(made).padStart(4, "0")}-${key}`;
  }

  // The waiting changes numbered as the server will number them, from hand `next` on: a hand
  // takes the next number, an undo gives one back, and a refused change counts only once the
  // scorer enters it again. `each` sees every hand with its number; the next hand's comes back.
  function numbered(items, next, each = () => {}) {
    let number = next;
    for (const item of items) {
      if (item.refused) continue;
      if (item.kind === "undo") number -= 1;
      if (item.kind === "hand") {
        each(item, number);
        number += 1;
      }
    }
    return number;
  }

  // The number of the next hand, counting the hands and undos waiting before it.
  function upcoming(items) {
    return numbered(items, Number(box.dataset.next));
  }

  // The waiting hands renumbered from the server's next hand: when the scorer has chosen what
  // to do with a refused one, the refusal having said where the game stands (another phone
  // may have entered one hand, or two).
  function renumber(items, next) {
    numbered(items, next, (item, number) => {
      if (item.number !== number) {
        item.number = number;
        put(item);
      }
    });
  }

  // The change after a settled one goes against the version that one left. Written before the
  // settled one is dropped: another tab hears of the storage writes one by one, in order, and
  // one that hears of the drop (or opens a page in between) would otherwise find the next
  // change still waiting for a version, and send it with the one its own page was drawn with,
  // perhaps older.
  function handOn(items, version) {
    if (!items[0] || !items[0].follows) return;
    items[0].body = withVersion(items[0].body, version);
    items[0].follows = false;
    try {
      put(items[0]);
    } catch {
      // the storage is full: it goes from this page, with the version seen()
    }
  }

  function withVersion(body, version) {
    const params = new URLSearchParams(body);
    if (params.has("version") && version !== undefined && version !== null) {
      params.set("version", String(version));
    }
    return params.toString();
  }

  // The game's version this phone has seen: what a change made with nothing waiting expects.
  function seen(version) {
    if (version === undefined || version === null) return;
    box.dataset.version = String(version);
    document.querySelectorAll('form[data-outbox] input[name="version"]').forEach((input) => {
      input.value = String(version);
    });
  }

  // --- a Save ---------------------------------------------------------------------------

  // The forms' own double-tap guards leave them to this file from now on.
  document.querySelectorAll("form[data-outbox]").forEach((form) => {
    form.dataset.outboxOn = "1";
  });

  // The plain form's Save goes on by not stopping it: a form cannot be sent again from inside
  // its own submit event (requestSubmit does nothing there), so `plainly` is for later.
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.dataset.outbox || form.dataset.plain) {
      return;
    }
    if (form.dataset.busy) {
      event.preventDefault(); // a double tap: the first is on its way
      return;
    }
    const submitter = event.submitter && event.submitter.form === form ? event.submitter : null;
    const data = new FormData(form);
    if (submitter && submitter.name) data.append(submitter.name, submitter.value);
    const items = load();
    const kind = form.dataset.outbox;
    if (nothingEntered(form)) {
      if (items.length === 0 && !unreachable && navigator.onLine !== false) {
        form.dataset.plain = "1";
      } else {
        event.preventDefault();
        saidNothing(form, true);
      }
      return;
    }
    const key = randomKey();
    const item = {
      slot: slotFor(key),
      key,
      url: form.action,
      body: new URLSearchParams(data).toString(),
      kind,
      number: form.dataset.number ? Number(form.dataset.number) : upcoming(items),
      follows: items.length > 0, // its version is the one the change before it makes
      tries: 0,
    };
    try {
      keep(item);
    } catch {
      releaseLease(); // taken for it: the page the plain form lands on sends what waits
      form.dataset.plain = "1"; // the phone cannot keep it: the plain form, as without script
      return;
    }
    event.preventDefault();
    saidNothing(form, false);
    typed = false;
    if (items.length === 0) {
      form.dataset.busy = "1";
      onScreen.set(item.key, { form, submitter });
    } else {
      waitsOnScreen(form, kind);
    }
    render();
    pump();
  });

  // A form with places to enter a change, and nothing in them: a hand, a correction, or a
  // play whose open ends (`data-entered-by`, the fields that say a play was made: who plays
  // next is chosen already) are not tapped. A form with no such place (an undo, Fives and
  // Threes' "blocked") says all it has to say by being sent.
  function nothingEntered(form) {
    const by = form.dataset.enteredBy;
    let places = 0;
    for (const field of form.elements) {
      if (!field.name || field.disabled || /^(hidden|submit|button|reset)$/.test(field.type)) continue;
      if (by && field.name !== by) continue;
      places += 1;
      if (/^(radio|checkbox)$/.test(field.type) ? field.checked : field.value.trim()) return false;
    }
    return places > 0;
  }

  // A Save with nothing entered is never kept: there is no change to lose, and kept, it would
  // wait offline as a hand (or a play) and come back refused as one the scorer never meant.
  // With the server in reach and nothing waiting, it is the plain form's Save: the server's
  // own sentence for this game, next to the form. Otherwise (offline, no answer, or changes
  // waiting, whose versions the page's form does not have yet) this page says so itself, in
  // a sentence just above the form, until a Save is kept (`shown` false: said no more).
  function saidNothing(form, shown) {
    let said = form.previousElementSibling;
    if (!said || !said.classList.contains("outbox-nothing")) {
      if (!shown) return;
      said = document.createElement("p");
      said.className = "flash flash-error outbox-nothing";
      said.setAttribute("role", "alert");
      form.before(said);
    }
    said.hidden = !shown;
    said.textContent = shown ? word("nothing-entered") : "";
  }

  function plainly(form, submitter) {
    form.dataset.plain = "1";
    form.requestSubmit(submitter);
  }

  // The change waits: the page goes on from where the scorer is, without its scores.
  function waitsOnScreen(form, kind) {
    delete form.dataset.busy;
    if (kind === "hand") {
      form.reset();
      form.querySelectorAll(".derived").forEach((box) => box.classList.remove("derived"));
    } else if (kind !== "play") {
      // A correction, an undo: done with this form (a play's ends are where the next starts).
      (form.closest(".last-play, section") || form).hidden = true;
    }
  }

  document.addEventListener("input", (event) => {
    if (event.target.closest && event.target.closest("form[data-outbox]")) typed = true;
  });
  document.addEventListener("change", (event) => {
    if (event.target.closest && event.target.closest("form[data-outbox]")) typed = true;
  });

  // --- sending, in order ------------------------------------------------------------------

  function later(ms) {
    clearTimeout(timer);
    timer = setTimeout(pump, ms + Math.random() * 250);
  }

  function backoff() {
    later(wait);
    wait = Math.min(wait * 2, LONGEST_WAIT_MS);
  }

  // `news`: this page has just heard the network is back, or has just opened. Then the lease
  // of a tab that is only waiting out a failed try (up to 30 s, or asleep in a frozen tab, or
  // gone without letting go) is no reason to wait: this tab takes it and sends at once.
  // A tab trying again after a failed try still says it is only waiting: frozen with that try
  // on its way, it would otherwise keep the others from sending for the whole lease.
  function takeLease(news = false) {
    const now = Date.now();
    try {
      const lease = JSON.parse(storage.getItem(LEASE) || "null");
      if (lease && lease.tab !== tab && lease.until > now && !(news && lease.waiting)) {
        return false;
      }
      const held = { tab, until: now + LEASE_MS };
      storage.setItem(LEASE, JSON.stringify(unreachable ? { ...held, waiting: true } : held));
    } catch {
      // no lease to be had: send anyway, the key keeps it once
    }
    return true;
  }

  // No answer: this tab keeps the lease while it waits to try again (the other tabs' storage
  // news does not set them sending in turn), but says it is only waiting.
  function waitWithLease() {
    try {
      const lease = JSON.parse(storage.getItem(LEASE) || "null");
      if (lease && lease.tab === tab) {
        storage.setItem(LEASE, JSON.stringify({ ...lease, waiting: true }));
      }
    } catch {
      // nothing held
    }
  }

  function releaseLease() {
    try {
      const lease = JSON.parse(storage.getItem(LEASE) || "null");
      if (lease && lease.tab === tab) storage.removeItem(LEASE);
    } catch {
      // nothing held
    }
  }

  async function pump(news = false) {
    clearTimeout(timer);
    timer = null;
    if (sending) return;
    const head = load()[0];
    if (!head || head.refused) {
      releaseLease();
      return;
    }
    if (!takeLease(news)) {
      waitingForLease = true; // another tab is sending: this one goes once it lets go
      later(LEASE_MS / 2);
      return;
    }
    waitingForLease = false;
    if (head.follows) {
      // Whatever came before it is settled: it goes against the version this page has seen.
      const shown = document.querySelector('form[data-outbox] input[name="version"]');
      head.body = withVersion(head.body, shown && shown.value);
      head.follows = false;
    }
    head.tries += 1;
    put(head);
    sending = head.key;
    render();
    let response = null;
    let answer = null;
    const controller = new AbortController();
    const timeout = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
    try {
      response = await fetch(head.url, {
        method: "POST",
        body: head.body,
        credentials: "same-origin",
        cache: "no-store",
        signal: controller.signal,
        headers: {
          Accept: "application/json",
          "Content-Type": "application/x-www-form-urlencoded",
          "Idempotency-Key": head.key,
        },
      });
      answer = await response.json();
    } catch {
      answer = null; // no answer, or half of one: the change may have landed; the key tells
    } finally {
      clearTimeout(timeout);
      sending = null;
    }
    if (!response || !answer) {
      unreachable = true;
      waitWithLease();
      const first = onScreen.get(head.key);
      if (first) {
        onScreen.delete(head.key);
        waitsOnScreen(first.form, head.kind);
      }
      render();
      backoff();
      return;
    }
    unreachable = false;
    if (response.ok) {
      wait = FIRST_WAIT_MS;
      acknowledged(head, answer);
    } else if (response.status === 503 || response.status === 429) {
      render();
      const asked = Number(response.headers.get("Retry-After"));
      later(asked > 0 ? asked * 1000 : wait);
    } else {
      refused(head, response.status, answer);
    }
  }

  function acknowledged(head, answer) {
    onScreen.delete(head.key);
    try {
      if (Number(storage.getItem(ACKED) || 0) < answer.version) {
        storage.setItem(ACKED, String(answer.version));
      }
    } catch {
      // the storage is full: only another tab's sheet may stay behind
    }
    const items = load().filter((item) => item.key !== head.key);
    handOn(items, answer.version);
    drop(head); // last (handOn)
    seen(answer.version);
    if (items.length) {
      render();
      pump();
    } else {
      settle(answer.page);
    }
  }

  function refused(head, status, answer) {
    const first = onScreen.get(head.key);
    if (first) {
      // Refused as it was saved, the entry still on screen: the plain form gets the server's
      // page with the entry and the reason next to it.
      onScreen.delete(head.key);
      drop(head);
      releaseLease();
      plainly(first.form, first.submitter);
      return;
    }
    head.refused = {
      status,
      error: answer.error || "",
      finished: Boolean(answer.finished),
      version: answer.version,
      next: answer.next_hand,
    };
    put(head);
    releaseLease();
    render();
    refreshBoard(); // the sentence says what changed: show the sheet as the server has it
  }

  // All sent: the page as the server has it now (as after a plain form's Save), unless the
  // scorer is typing the next change, which is never thrown away, or the network is down
  // (a change taken back offline): then the sheet alone, if it can be had.
  function settle(page) {
    releaseLease();
    if (typed || unreachable || navigator.onLine === false) {
      render();
      refreshBoard();
      return;
    }
    const target = new URL(page || `${gameUrl}#board`, location.href);
    if (target.pathname + target.search === location.pathname + location.search) {
      // The same page drawn anew, opened where the plain form's answer opens it (changing the
      // address's anchor first would tell the browser a navigation happened before it did).
      history.scrollRestoration = "manual";
      try {
        sessionStorage.setItem(SCROLL_TO, target.hash.slice(1));
      } catch {
        // opens at the top
      }
      location.reload();
    } else {
      location.replace(target.href);
    }
  }

  // The sheet shown stays behind the server's until a refresh gets through: a failed one tries
  // again, sooner once the network is back. (This tab may still be offline a moment after
  // another tab, back first, sent everything; a phone's Wi-Fi may flicker.)
  let boardTimer = null;
  let boardWait = FIRST_WAIT_MS;

  async function refreshBoard() {
    clearTimeout(boardTimer);
    boardTimer = null;
    const board = document.getElementById("board");
    try {
      const response = await fetch(gameUrl, { credentials: "same-origin", cache: "no-store" });
      if (response.status >= 500 || response.status === 429) throw new Error("busy: again later");
      if (!response.ok) return; // gone, or no longer this phone's: no retry makes it better
      const fresh = new DOMParser().parseFromString(await response.text(), "text/html");
      const freshBoard = fresh.getElementById("board");
      const freshBox = fresh.getElementById("outbox");
      if (board && freshBoard) board.innerHTML = freshBoard.innerHTML;
      if (freshBox) {
        box.dataset.next = freshBox.dataset.next;
        box.dataset.version = freshBox.dataset.version;
      }
    } catch {
      clearTimeout(boardTimer);
      boardTimer = setTimeout(refreshBoard, boardWait + Math.random() * 250);
      boardWait = Math.min(boardWait * 2, LONGEST_WAIT_MS);
      return; // the sheet shown stays until then
    }
    clearTimeout(boardTimer);
    boardTimer = null;
    boardWait = FIRST_WAIT_MS;
    render();
  }

  // --- the scorer's choices ---------------------------------------------------------------

  function discard(key) {
    const waiting = load();
    const gone = waiting.find((item) => item.key === key);
    if (!gone) return;
    const items = waiting.filter((item) => item !== gone);
    const known = gone.refused ? gone.refused.version : undefined;
    if (known !== undefined) {
      seen(known); // the scorer has seen the server's sheet
      handOn(items, known);
    }
    if (gone.refused && gone.refused.next) renumber(items, gone.refused.next);
    drop(gone); // last (handOn)
    if (items.length) {
      render();
      pump();
    } else {
      settle(null);
    }
  }

  function asNextHand(key) {
    const item = load().find((one) => one.key === key);
    if (!item || !item.refused) return;
    keep({
      ...item, // in its place in the order
      key: randomKey(), // a new request: the refused one stays refused
      body: withVersion(item.body, item.refused.version),
      follows: false,
      refused: null,
      tries: 0,
    });
    renumber(load(), item.refused.next || item.number); // it first, the ones behind it after
    render();
    pump();
  }

  list.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    const row = button && button.closest("[data-key]");
    if (!row) return;
    const key = row.dataset.key;
    if (button.classList.contains("outbox-discard") || button.classList.contains("outbox-take-back")) {
      discard(key);
    } else if (button.classList.contains("outbox-as-next")) {
      asNextHand(key);
    }
  });

  // --- what the page shows ----------------------------------------------------------------

  function label(item) {
    const player = new URLSearchParams(item.body).get("player") || "";
    return say(item.kind, item.number).replace("{p}", player);
  }

  function state(item, index, items) {
    if (item.refused) return ["not-saved", "refused"];
    if (index > 0 && items[0].refused) return ["behind", "behind"];
    if (sending === item.key) return ["sending-one", "sending"];
    return ["waiting", "waiting"];
  }

  function render() {
    const items = load();
    items.forEach((item) => shownSlots.add(item.slot));
    box.hidden = items.length === 0;
    banner.hidden = items.length === 0;
    const anyRefused = items.some((item) => item.refused);
    const offline = navigator.onLine === false;
    const count = items.filter((item) => !item.refused).length;
    banner.textContent = anyRefused
      ? word("refused")
      : say(offline ? "offline" : unreachable ? "unreachable" : "sending", count);
    banner.className = `outbox-banner ${anyRefused ? "is-refused" : offline || unreachable ? "is-offline" : "is-sending"}`;
    // Drawn again only when something changed: a refusal's alert is said once.
    const shown = JSON.stringify(
      items.map((item, i) => [item.key, state(item, i, items), item.tries > 0, onScreen.has(item.key)]),
    );
    if (list.dataset.shown !== shown) {
      list.dataset.shown = shown;
      list.replaceChildren(...items.map((item, index) => row(item, index, items)));
    }
    markSheet(items);
    nextHandHeading(items);
    // An undo of the last confirmed hand would skip the waiting ones: take those back instead.
    document.querySelectorAll(".tools a[href$='/undo'], .after-end-undo a").forEach((link) => {
      link.hidden = items.length > 0;
    });
  }

  function row(item, index, items) {
    const li = itemTemplate.content.firstElementChild.cloneNode(true);
    const [said, mark] = state(item, index, items);
    li.dataset.key = item.key;
    li.classList.add(`is-${mark}`);
    li.querySelector(".outbox-label").textContent = label(item);
    li.querySelector(".outbox-state").textContent = word(said);
    const refusal = li.querySelector(".outbox-refusal");
    const asNext = li.querySelector(".outbox-as-next");
    const takeBack = li.querySelector(".outbox-take-back");
    const discardIt = li.querySelector(".outbox-discard");
    if (item.refused) {
      refusal.textContent = item.refused.error;
      refusal.hidden = false;
      discardIt.hidden = false;
      asNext.hidden = !(item.kind === "hand" && item.refused.status === 409 && !item.refused.finished);
    }
    // The last change, never sent yet, can simply be taken back (the undo of a waiting change).
    const last = index === items.length - 1;
    takeBack.hidden = !(last && !item.refused && item.tries === 0 && !onScreen.has(item.key));
    li.querySelector(".outbox-actions").hidden = asNext.hidden && takeBack.hidden && discardIt.hidden;
    return li;
  }

  // The waiting changes on the sheet, after the confirmed hands: marked, without points (the
  // server scores them), and a note that the totals are the confirmed ones.
  function markSheet(items) {
    const table = document.querySelector("#board .sheet-table");
    if (!table) return;
    table.querySelectorAll(".sheet-waiting").forEach((old) => old.remove());
    const sheet = table.closest(".sheet");
    const note = sheet.parentElement.querySelector(".outbox-totals-note");
    if (note) note.remove();
    table.classList.toggle("outbox-pending", items.length > 0);
    document.getElementById("board").classList.toggle("outbox-pending", items.length > 0);
    if (!items.length) return;
    const columns = table.querySelectorAll("thead th").length;
    const foot = table.querySelector("tfoot");
    items.forEach((item, index) => {
      const [said, mark] = state(item, index, items);
      const body = document.createElement("tbody");
      body.className = `sheet-waiting is-${mark}`;
      const tr = body.insertRow();
      const number = document.createElement("th");
      number.scope = "row";
      number.textContent = item.kind === "hand" ? String(item.number) : "";
      tr.append(number);
      const cell = tr.insertCell();
      cell.colSpan = Math.max(columns - 1, 1);
      const badge = document.createElement("span");
      badge.className = "badge";
      badge.textContent = word(said);
      cell.append(badge, ` ${label(item)}`);
      table.insertBefore(body, foot);
    });
    const totalsNote = document.createElement("p");
    totalsNote.className = "outbox-totals-note";
    totalsNote.textContent = word("totals-note");
    sheet.after(totalsNote);
  }

  // The entry's heading and Save name the next hand, counting the waiting ones; with none
  // waiting, they are as the server drew them.
  const entryTitle = document.getElementById("entry-title");
  const handForm = document.querySelector('#hand-form[data-outbox="hand"]');
  const saveButton = handForm && handForm.querySelector(".save-bar button[type=submit]");
  const drawn = [entryTitle && entryTitle.textContent, saveButton && saveButton.textContent];
  const drawnNext = box.dataset.next;

  function nextHandHeading(items) {
    if (!handForm || !entryTitle) return;
    const waiting = items.filter((item) => !onScreen.has(item.key));
    const asDrawn = !waiting.length && box.dataset.next === drawnNext;
    const next = upcoming(waiting);
    entryTitle.textContent = asDrawn ? drawn[0] : say("hand", next);
    if (saveButton) saveButton.textContent = asDrawn ? drawn[1] : say("save-hand", next);
  }

  // --- when to try again --------------------------------------------------------------------

  // A sheet drawn anew (a watcher's live board, a refresh) gets its waiting rows back.
  const board = document.getElementById("board");
  if (board) {
    new MutationObserver(() => markSheet(load())).observe(board, { childList: true });
  }
  // Another tab sent the changes while this page was drawn: the sheet shown is behind.
  function behind() {
    const acked = Number(storage.getItem(ACKED) || 0);
    return Boolean(board) && !load().length && acked > Number(box.dataset.version);
  }

  // Once per acknowledged version: a game restored from a backup, its version behind what
  // this phone heard, must not reload the page for ever.
  function reloadedFor(acked) {
    try {
      const name = `${ACKED}.reloaded`;
      const done = sessionStorage.getItem(name) === acked;
      sessionStorage.setItem(name, acked);
      return done;
    } catch {
      return true;
    }
  }

  window.addEventListener("storage", (event) => {
    if (event.key === LEASE) {
      if (event.newValue === null && waitingForLease) pump(); // the sender let go
      return;
    }
    if (event.key === ACKED) {
      if (behind()) settle(null);
      return;
    }
    if (event.key !== null && !event.key.startsWith(PREFIX)) return;
    const items = load();
    // Another tab sent the last of those shown here; or one this page never showed, and the
    // sheet is behind (the news of the answer, which comes first, found it still waiting).
    if (!items.length && event.newValue === null && (shownSlots.has(event.key) || behind())) {
      settle(null);
    } else {
      render();
      pump();
    }
  });
  window.addEventListener("online", () => {
    wait = FIRST_WAIT_MS;
    if (boardTimer) {
      boardWait = FIRST_WAIT_MS;
      refreshBoard();
    }
    render();
    pump(true);
  });
  window.addEventListener("offline", render);
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden) pump();
  });
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) {
      // Back to a page whose Save went as a plain form: its forms are this file's again.
      document.querySelectorAll("form[data-outbox]").forEach((form) => {
        delete form.dataset.plain;
        delete form.dataset.busy;
      });
      render();
      pump();
    }
  });
  window.addEventListener("pagehide", releaseLease);

  try {
    const anchor = sessionStorage.getItem(SCROLL_TO);
    sessionStorage.removeItem(SCROLL_TO);
    const there = anchor && document.getElementById(anchor);
    if (there) there.scrollIntoView();
  } catch {
    // no session storage: the page opens at the top
  }
  // A Save the server refused opens on its reason by the form's own address (#refusal).
  if (behind() && !reloadedFor(storage.getItem(ACKED))) {
    settle(null);
  } else {
    render();
    pump(true);
  }
})();
