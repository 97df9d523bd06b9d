/* Hands kept on this phone until the server has them (IndexedDB, so a reload, a closed tab or a
   restarted phone loses nothing). The entry page puts a hand here before sending it; whatever
   page of the app is open sends what waits, game by game in the order of the hands, when the
   connection is there (at load, when the browser says it is back online, and every few seconds
   meanwhile: start()). One tab sends at a time (a lock, where the browser has them); a hand
   sent twice all the same is saved once (its key), the second answer being "already saved".

   An item: {key (the entry key), game, url, fields (the form as posted), number, totals
   ([{total, score_after, opening_minimum}] from the phone's engine, or null), over (whether
   the game ends with it: {finished, winner}), at, state, message}. Its state: "waiting" (to
   send), "choice" (another phone saved that hand first: the player chooses on the two-phone
   page, or discards it), "refused" (the server will not take it: a settled table, a rule, a
   game no longer there; the message says why, and the player discards it).

   Each change fires a "canasta-queue" event on window. The module touches the browser only when
   called (IndexedDB, fetch, navigator, window: tests/js/queue.test.mjs gives it fakes). */
import { plain, signed } from "./numbers.mjs";

const DB = "canasta";
const STORE = "hands";
const RETRY = 10000;
const SEND_TIMEOUT = 10000;
let opening = null;

function db() {
  if (!opening) {
    opening = new Promise((resolve, reject) => {
      const request = indexedDB.open(DB, 1);
      request.onupgradeneeded = () => {
        request.result.createObjectStore(STORE, { keyPath: "key" }).createIndex("game", "game");
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  }
  return opening;
}

// One transaction: `work` gets the store and a `done(value)` to set what the promise gives.
function run(mode, work) {
  return db().then((base) => new Promise((resolve, reject) => {
    const tx = base.transaction(STORE, mode);
    let value;
    work(tx.objectStore(STORE), (v) => { value = v; });
    tx.oncomplete = () => resolve(value);
    tx.onerror = tx.onabort = () => reject(tx.error);
  }));
}

// Every tab of this phone hears of a change, whichever tab made it (another tab may send the
// hands this one lists).
let channel = null;

function changed(value) {
  window.dispatchEvent(new CustomEvent("canasta-queue"));
  if (channel) { channel.postMessage("changed"); }
  return value;
}

export function put(item) {
  item.at = item.at || Date.now();
  item.state = item.state || "waiting";
  return run("readwrite", (store) => { store.put(item); }).then(changed);
}

// Change an item in one transaction, only if it is still there: another tab may have sent it
// and removed it meanwhile, and a late change must not bring it back.
export function update(key, change) {
  return run("readwrite", (store, done) => {
    const request = store.get(key);
    request.onsuccess = () => {
      const item = request.result;
      if (item) { change(item); store.put(item); }
      done(item || null);
    };
  }).then(changed);
}

export function mark(key, state, message, answer) {
  return update(key, (item) => {
    item.state = state;
    item.message = message || "";
    item.answer = answer || null;
  });
}

export function remove(key) {
  return run("readwrite", (store) => { store.delete(key); }).then(changed);
}

// The player gives a kept hand up: the hands after it in its game each take the number before
// (they were entered after it), and the phone's engine scores them again.
export function discard(key) {
  return run("readwrite", (store, done) => {
    const request = store.get(key);
    request.onsuccess = () => {
      const gone = request.result;
      if (!gone) { return; }
      store.delete(key);
      const later = store.index("game").getAll(gone.game);
      later.onsuccess = () => {
        for (const item of later.result) {
          if (item.key === key || item.number < gone.number) { continue; }
          item.number -= 1;
          item.fields.number = String(item.number);
          item.totals = null;
          item.over = null;
          if (item.state === "choice") { item.state = "waiting"; }
          store.put(item);
        }
        done(gone);
      };
    };
  }).then(changed);
}

export function get(key) {
  return run("readonly", (store, done) => {
    const request = store.get(key);
    request.onsuccess = () => done(request.result || null);
  });
}

export function list(game) {
  return run("readonly", (store, done) => {
    const request = game ? store.index("game").getAll(game) : store.getAll();
    request.onsuccess = () => done(request.result || []);
  }).then((items) => items.sort((a, b) => (
    // A game's hands in their order (a phone's clock may move; the numbers do not).
    a.game < b.game ? -1 : a.game > b.game ? 1 : (a.number - b.number) || (a.at - b.at)
  )));
}

// Where this phone last saw a game stand (serializers.phone_state: the game's version, the
// next hand's number, each side's total and the opening it needs), from every page of the
// game the server sent and every save it answered. A page the service worker shows offline
// is an older copy: the hand entered on it takes its number and its totals from here, not
// from the copy, or it would go under a number the game already has. seen(game, state)
// keeps `state` if it is newer (the game's version moves on with every change) and gives
// the newer of the two. Kept in localStorage, as data anyone with the phone in hand could
// write: only a well-formed state is taken (at worst a wrong number, which the server
// refuses as another phone's hand).
const SEEN = "canasta.seen.";
function wellFormed(state) {
  return !!state && typeof state.version === "number" && typeof state.number === "number"
    && state.number >= 1 && Array.isArray(state.before) && Array.isArray(state.opening)
    && state.before.length === state.opening.length
    && state.before.every((n) => typeof n === "number");
}

export function seen(game, state) {
  let known;
  try { known = JSON.parse(localStorage.getItem(SEEN + game) || "null"); } catch { known = null; }
  if (!wellFormed(known)) { known = null; }
  if (wellFormed(state) && (!known || state.version > known.version)) {
    known = { version: state.version, number: state.number, before: state.before, opening: state.opening };
    try { localStorage.setItem(SEEN + game, JSON.stringify(known)); } catch { /* full or private: the page's own */ }
  }
  return known;
}

function csrfCookie() {
  const match = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
  return match ? decodeURIComponent(match[1]) : null;
}

// Only ever a new hand of the item's own game, on this site: an item is data anyone with the
// phone in hand could have written, and it is sent with whoever's cookies the browser holds.
export function sendable(item) {
  try {
    const url = new URL(item.url, window.location.href);
    const path = "/g/" + item.game + "/edit/hand/";
    return /^[0-9A-Za-z]{1,12}$/.test(item.game) && url.origin === window.location.origin
      && url.pathname.slice(-path.length) === path && !url.search;
  } catch {
    return false;
  }
}

function fields(item) {
  const out = Object.assign({}, item.fields);
  const cookie = csrfCookie();
  if (cookie) { out.csrfmiddlewaretoken = cookie; }  // the page's token may be older
  return out;
}

// One item sent: resolves to "sent" (with the answer), "choice", "refused" or "wait" (no
// answer, or none in time, or a refusal a reload cures: try later). With the phone offline it
// waits without asking: the "online" event sends it.
export function send(item) {
  if (!sendable(item)) { return mark(item.key, "refused", "").then(() => ({ outcome: "refused" })); }
  if (!navigator.onLine) { return Promise.resolve({ outcome: "wait" }); }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), SEND_TIMEOUT);
  return fetch(item.url, {
    method: "POST", body: new URLSearchParams(fields(item)), credentials: "same-origin",
    headers: { Accept: "application/json" }, signal: controller.signal,
  }).then((response) => {
    clearTimeout(timer);
    const json = /json/.test(response.headers.get("Content-Type") || "");
    if (response.status === 409) { return mark(item.key, "choice").then(() => ({ outcome: "choice" })); }
    // 403: the CSRF cookie or the edit cookie is stale; a page of the app loaded again
    // renews the first, and the second comes back with the game's link. Never "refused".
    if (response.status >= 500 || response.status === 403) { return { outcome: "wait" }; }
    if (response.status === 404) { return mark(item.key, "refused", "gone").then(() => ({ outcome: "refused" })); }
    if (!json) { return { outcome: "wait" }; }
    return response.json().then((answer) => {
      if (answer.location && answer.entry !== "refused") {
        seen(item.game, answer.game);  // the game after it: no page of it may be open
        return remove(item.key).then(() => ({ outcome: "sent", answer }));
      }
      return mark(item.key, "refused", answer.message || answer.error || "", answer).then(() => ({ outcome: "refused" }));
    });
  }, () => { clearTimeout(timer); return { outcome: "wait" }; });
}

// Everything waiting, game by game in the order of its hands; a game stops at its first hand
// that is not saved (the hands after it would take the wrong numbers).
async function pass() {
  const stopped = new Set();
  let sent = 0;
  for (const item of await list()) {
    if (stopped.has(item.game) || item.state !== "waiting") { stopped.add(item.game); continue; }
    const result = await send(item);
    if (result.outcome === "sent") { sent += 1; } else { stopped.add(item.game); }
  }
  return sent;
}

// One pass at a time in this tab, and in all of this phone's tabs where the browser has locks
// (https and localhost); without them the server's keys still save each hand once. Resolves to
// the number of hands sent.
let flushing = Promise.resolve(0);
export function flush() {
  const locked = () => (navigator.locks ? navigator.locks.request("canasta-queue", pass) : pass());
  flushing = flushing.then(locked, locked);
  return flushing;
}

function tick() {
  list().then((items) => {
    if (items.some((i) => i.state === "waiting")) { flush(); }
  }, () => { /* no IndexedDB here (a private window): nothing is ever queued */ });
}

// A hand's scores as an item keeps them, from the phone's engine's answer (rules/live.py).
export function totalsOf(data) {
  return data.sides.map((side) => ({ total: side.total, score_after: side.score_after, opening_minimum: side.opening_minimum }));
}

// A game's hands kept before the phone's engine was ready have no scores: the engine scores
// them, in order from `start` ({table, number, before}: the game, the number of the first
// hand kept and each side's score before it, as the page has them), and each takes its
// scores and how the game then stands. Only hands that follow the page's own: a page older
// than the hands kept (a copy opened offline) scores nothing. One pass at a time; a hand the
// engine refuses is not tried again on this page, nor the hands after it. Resolves to true
// once a pass has run (the items it scored changed: the page shows them again).
let scoring = false;
const unscorable = new Set();
export function scoreKept(engine, start, items) {
  const ahead = items.filter((i) => i.number >= start.number && i.state !== "refused");
  const missing = ahead.some((i) => !i.totals && !unscorable.has(i.key));
  if (!engine || scoring || !missing || ahead[0].number !== start.number) { return Promise.resolve(false); }
  scoring = true;
  return engine.ready.then(async () => {
    let chain = start.before;
    for (const item of ahead) {
      const request = { table: start.table, sides: JSON.parse(item.fields.record), before: chain, number: item.number };
      const data = await engine.preview(request);
      if (data.error) { unscorable.add(item.key); break; }
      chain = data.sides.map((side) => side.score_after);
      // Only an item still kept: another tab may have sent it meanwhile.
      await update(item.key, (kept) => { kept.totals = totalsOf(data); kept.over = data.outcome; });
    }
  }).then(() => { scoring = false; return true; }, () => { scoring = false; return false; });
}

// The hands of a game kept on this phone, listed in `section` (the entry page, the
// scoreboard): each with its scores when the phone's engine gave them, and what it waits for.
export function show(section, items) {
  const words = document.getElementById("queue-labels");
  if (!section || !words) { return; }
  const L = JSON.parse(words.textContent);
  const rows = items.map((item) => {
    const li = document.createElement("li");
    li.className = "queued-" + item.state;
    li.setAttribute("data-testid", "queued-" + item.number);
    const scores = (item.totals || []).map((t, i) => (item.names[i] || "") + " " + signed(t.total) + " \u2192 " + plain(t.score_after));
    const what = document.createElement("strong");
    what.textContent = L.handN.replace("%(n)s", item.number);
    const state = document.createElement("span");
    state.className = "queue-state";
    const why = item.message === "gone" ? L.gone : item.message;
    state.textContent = L[item.state] + (why ? ": " + why : "");
    li.append(what, scores.length ? " · " + scores.join(" · ") : "", state);
    if (item.state === "choice") { li.append(button(L.choose, "queued-choose-" + item.number, () => choose(item))); }
    if (item.state !== "waiting") {
      li.append(button(L.discard, "queued-discard-" + item.number, () => {
        if (window.confirm(L.discardSure.replace("%(n)s", item.number))) { discard(item.key); }
      }));
    }
    return li;
  });
  section.querySelector("ul").replaceChildren(...rows);
  section.hidden = !items.length;
}

function button(text, testid, onclick) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "small";
  b.textContent = text;
  b.setAttribute("data-testid", testid);
  b.addEventListener("click", onclick);
  return b;
}

// Another phone saved that hand first: the entry is sent once more (it may have been saved
// since, from another tab: then it goes), and if the server still asks, it is posted as the
// page posts it, for the server's two-phone page to show both and the player to choose (the
// hand stays kept here meanwhile).
function choose(item) {
  if (!sendable(item)) { return; }
  send(item).then((result) => {
    if (result.outcome === "sent") { window.location.assign(result.answer.location); return; }
    if (result.outcome !== "choice") { return; }
    const form = document.createElement("form");
    form.method = "post";
    form.action = item.url;
    for (const [name, value] of Object.entries(fields(item))) {
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = name;
      input.value = value;
      form.append(input);
    }
    document.body.append(form);
    form.submit();
  });
}

// Every page of the app (page.mjs): send what waits now, when the browser is back online, and
// every few seconds; hear the other tabs' changes. window.canastaQueue is for the browser tests.
let started = false;
export function start() {
  if (started) { return; }
  started = true;
  if (window.BroadcastChannel) {
    channel = new BroadcastChannel("canasta-queue");
    channel.onmessage = () => window.dispatchEvent(new CustomEvent("canasta-queue"));
  }
  window.canastaQueue = { put, update, remove, discard, mark, list, flush, get, show, totalsOf, scoreKept, seen };
  window.addEventListener("online", tick);
  tick();
  setInterval(tick, RETRY);
}
