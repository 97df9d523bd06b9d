/* The hand-entry page (hand_entry.html): the sides' entry (view.mjs), kept as a draft; the live
   score (the phone's engine once it is ready, the server's preview until then: nothing saved);
   saving, which keeps a new hand on this phone first (../queue.mjs) and sends the sides as
   hand-format JSON (record.mjs); and the game followed meanwhile. */
import * as queue from "../queue.mjs";
import { plain, signed } from "../numbers.mjs";
import { fromRecord, isBlank, toRecord } from "./record.mjs";
import { createView } from "./view.mjs";

const json = (id) => JSON.parse(document.getElementById(id).textContent);
const L = json("hand-labels");
const config = json("hand-config");
const csrf = document.querySelector("[name=csrfmiddlewaretoken]").value;
const root = document.getElementById("sides");
const form = document.getElementById("hand-form");
const editing = !!form.querySelector("[name=version]");
const choosing = !!document.querySelector("[data-testid=conflict]");  // after another phone's save
const records = () => entry.sides.map((s) => toRecord(s, config));
const emptySides = () => config.sides.map((side) => fromRecord({}, side.solo));

// The hand being entered, and each side's score before it: where the game stands (the page's,
// or what this phone saw since), then (with hands kept on this phone, offline) the phone's
// engine's after the last of them.
const stands = standing();
let number = stands.number;
let before = stands.before.slice();
const engine = window.canastaEngine ? window.canastaEngine.page() : null;  // at once: the live score needs it
// A draft survives a reload or a phone call: kept per game (a new hand) or per hand (a
// correction) until it is saved.
const draftKey = "canasta.draft." + (editing ? config.preview_url : config.game + ".new");
let draft;
try { draft = JSON.parse(sessionStorage.getItem(draftKey) || "null"); } catch { draft = null; }
if (Array.isArray(draft)) { draft = { sides: draft }; }  // a draft kept by an older page
// One key per entry, kept with the draft: a second submit or a reload after saving saves nothing.
// A new hand's key is made here, never taken from the page: a page the phone kept (opened
// again offline) carries the key of a hand that may be saved already.
let entryKey = draft?.key || (editing || choosing ? config.entry_key : newKey());
document.getElementById("entry-key").value = entryKey;
const start = config.entered || draft?.sides || [];
// The entry as the view draws it: each side's state, the opening each needs, a rule's refusal.
const entry = {
  sides: config.sides.map((side, i) => fromRecord(start[i] || {}, side.solo)),
  opening: stands.opening.slice(),
  error: json("hand-error"),
};
const view = createView({ config, L, root, entry, changed });

function keepDraft() {
  try { sessionStorage.setItem(draftKey, JSON.stringify({ key: entryKey, sides: records() })); } catch { /* full or private */ }
}

function dropDraft() {
  try { sessionStorage.removeItem(draftKey); } catch { /* nothing kept */ }
}

let timer = null;
let sequence = 0;
function changed() {
  view.paintBadges();
  entry.error = null;
  blankAccepted = false;
  keepDraft();
  clearTimeout(timer);
  timer = setTimeout(preview, 200);
}

// The live score: the phone's engine once it is loaded (no request, with or without a
// connection), the server's preview until then.
let lastPreview = null;  // {records: the entry as JSON, data: its score}
let engineFailed = false;  // no worker, no WebAssembly, the engine's files out of reach
function previewUrl() { return config.preview_url.replace(/\/\d+\/preview$/, "/" + number + "/preview"); }

function preview() {
  const mine = ++sequence;
  const sides = records();
  let asked;
  if (engine && engine.isReady) {
    asked = engine.preview({ table: config.table, sides, before, number });
  } else if (!navigator.onLine) {
    asked = Promise.reject(new Error("offline"));  // no server to ask: the engine, when it comes
  } else {
    // A rule's refusal is an answer (the error's body), as the phone's engine gives it.
    asked = fetch(previewUrl(), {
      method: "POST", headers: { "Content-Type": "application/json", "X-CSRFToken": csrf }, body: JSON.stringify(sides),
    }).then((r) => { if (r.status >= 500) { throw new Error(r.status); } return r.json(); });
  }
  asked.then((data) => {
    if (mine !== sequence) { return; }  // a newer change is on its way
    showPreview(data, sides);
  }, () => {
    if (mine !== sequence) { return; }
    // No answer from the server: the phone's engine scores it once it is ready (if it can
    // load here at all).
    clearPreview(engine && !engineFailed ? L.engineLoading : L.offlineNoEngine);
    if (engine && !engine.isReady) {
      engine.ready.then(() => { if (mine === sequence) { preview(); } },
        () => { if (mine === sequence) { clearPreview(L.offlineNoEngine); } });
    }
  });
}

function clearPreview(why) {
  lastPreview = null;
  entry.sides.forEach((s, i) => { document.getElementById("side-" + i + "-live").textContent = ""; });
  document.getElementById("preview").textContent = why || "";
}

function showPreview(data, sides) {
  if (data.error) {
    view.showError(data);
    clearPreview(data.error);  // also by the Save button, where the player looks
    return;
  }
  lastPreview = { records: JSON.stringify(sides), data };
  view.showError(null);
  const summary = data.sides.map((side, i) => {
    const line = signed(side.total) + " \u2192 " + plain(side.score_after);
    document.getElementById("side-" + i + "-live").textContent = line;
    return config.sides[i].name + " " + line;
  });
  if (data.wins_game !== null) { summary.push(config.sides[data.wins_game].said.winsAtOnce); }
  else if (data.outcome?.finished) { summary.push(overText(data.outcome)); }
  document.getElementById("preview").textContent = summary.join(" · ");
}

// A rule refused the entry (the server, or the phone's engine as the server would): shown
// where the preview shows it, and beside the button.
function refused(submitter, answer) {
  entry.error = answer;
  view.render();
  failed(submitter, L.notSavedRefused.replace("%(reason)s", answer.error));
}

// Saving: the script sends the entry itself, so that a send that fails (no Wi-Fi, no answer)
// leaves it on the page and in the draft, says so beside the button pressed, and pressing it
// again sends the same entry with the same key: the server saves an entry once, so a save
// whose answer was lost is not saved twice. The draft goes only when the server says the entry
// is saved (or dropped). An answer that is a page (another phone's save, a page gone) is posted
// again by the browser itself, as a plain form, for the server to show: nothing was saved.
const save = document.getElementById("save");
const saveLabel = save.textContent;
const sendStatus = document.getElementById("send-status");
const SEND_TIMEOUT = 20000;  // ms: a save takes well under a second; past this, say so
let sending = false;  // one tap, one hand
let posting = false;  // the browser is posting the form itself
let saved = false;  // the server has the entry: this page is done with it
let ended = false;  // the game ends with a hand kept on this phone
const blank = document.getElementById("blank-confirm");
let blankAccepted = false;
function submitButtons() { return form.querySelectorAll("button[type=submit]"); }

function busy(submitter) {
  sending = true;
  sendStatus.hidden = true;
  sendStatus.textContent = "";
  submitButtons().forEach((b) => { b.disabled = true; });
  if (submitter === save) { save.textContent = L.saving; }
}

function idle() {
  sending = false;
  save.textContent = saveLabel;
  submitButtons().forEach((b) => { b.disabled = false; });
}

function failed(submitter, message) {
  idle();
  sendStatus.classList.remove("kept");
  submitter.before(sendStatus);  // where the player is looking
  sendStatus.hidden = false;
  sendStatus.textContent = message;
}

function postAsForm(submitter) {
  // The page that answers shows the entry (another phone's save: the choice); the entry stays
  // kept on this phone meanwhile, so leaving that page loses nothing.
  dropDraft();
  posting = true;
  submitter.disabled = false;  // a disabled button's choice is left out of the post
  form.requestSubmit(submitter);
  submitter.disabled = true;  // still one tap, one post
  posting = false;
}

function answered(submitter, status, answer) {
  if (answer.game) { queue.seen(config.game, answer.game); }
  if (answer.location) {  // to the scoreboard, which says what became of the entry
    // The kept entry is settled before the page is left: a page that goes away takes its
    // unfinished IndexedDB transaction with it, and the entry would come back as waiting or
    // as a choice already made. A second at most: a phone whose IndexedDB does not answer
    // still moves on (the server has the hand).
    let settled;
    if (answer.entry !== "refused") { saved = true; dropDraft(); settled = queue.remove(entryKey); }
    else { settled = queue.mark(entryKey, "refused", answer.message || ""); }
    const atMost = new Promise((resolve) => { setTimeout(resolve, 1000); });
    Promise.race([settled.catch(() => {}), atMost]).then(() => window.location.assign(answer.location));
  } else if (status === 400 && answer.error) {
    refused(submitter, answer);
  } else {
    postAsForm(submitter);
  }
}

function send(submitter) {
  document.getElementById("record").value = JSON.stringify(records());
  keepDraft();  // the entry as sent, whatever becomes of this send
  const data = new FormData(form);
  if (submitter.name) { data.append(submitter.name, submitter.value); }  // a choice button
  busy(submitter);
  let timedOut = false;
  const controller = new AbortController();
  const deadline = setTimeout(() => { timedOut = true; controller.abort(); }, SEND_TIMEOUT);
  fetch(form.action, { method: "POST", body: data, headers: { Accept: "application/json" }, signal: controller.signal })
    .then((response) => {
      clearTimeout(deadline);
      if (response.status >= 500) { return failed(submitter, L.notSavedServer); }
      if (!/json/.test(response.headers.get("Content-Type") || "")) { return postAsForm(submitter); }
      return response.json().then((answer) => answered(submitter, response.status, answer),
        () => failed(submitter, L.notSavedOffline));  // the answer was cut off
    }, () => {
      clearTimeout(deadline);
      failed(submitter, timedOut ? L.notSavedServer : L.notSavedOffline);
    });
}

// A new hand is kept on this phone first (IndexedDB, queue.mjs), then sent with whatever waits
// before it, in order. Saved: to the scoreboard. Another phone saved first: the two-phone
// page. Refused by a rule: shown here, as the preview shows it. No answer: it waits, shown
// as "waiting to send", and the entry moves on to the next hand with the phone's scores.
function keep() {
  const sides = records();
  document.getElementById("record").value = JSON.stringify(sides);
  keepDraft();
  busy(save);
  const fields = Object.fromEntries(new FormData(form));
  scoreNow(sides).then((scored) => {
    if (scored?.error) {  // the phone's engine refuses it, as the server would
      refused(save, scored);
      return;
    }
    const item = {
      key: entryKey, game: config.game, url: form.action || window.location.href, fields,
      number, names: config.table.names, totals: scored && queue.totalsOf(scored), over: scored ? scored.outcome : null,
    };
    return queue.get(item.key).then((kept) => {
      // A key already kept for another hand (a page opened again from the phone's copy, whose
      // key went with an earlier hand) is never reused: this entry takes a key of its own.
      if (kept && kept.fields.record !== fields.record) {
        entryKey = item.key = fields.entry_key = newKey();
        document.getElementById("entry-key").value = entryKey;
      }
      return queue.put(item);
    }).then(() => {
      dropDraft();  // kept: a reload now shows it in the list, not again as the entry
      return queue.flush();
    }).then(() => queue.get(item.key))
      .then((left) => {
        if (!left) { saved = true; window.location.assign(config.scoreboard_url); return; }
        if (left.state === "choice") { postAsForm(save); return; }
        if (left.state === "refused" && left.answer && !left.answer.location) {
          forget(left.key);  // a rule refused it: nothing waits, the entry stays on the page
          keepDraft();
          refused(save, left.answer);
          return;
        }
        if (left.state === "refused") { saved = true; window.location.assign(config.scoreboard_url); return; }
        nextOffline(left);
      });
  }).catch(() => { idle(); send(save); });  // no IndexedDB here (a private window): as before
}

// The hand's score as Save keeps it: the phone's engine's, scored now (so a quick tap has it
// too); until the engine is ready, the live score's if it is this very entry's.
function scoreNow(sides) {
  if (engine && engine.isReady) {
    return engine.preview({ table: config.table, sides, before, number }).catch(() => null);
  }
  const same = lastPreview && lastPreview.records === JSON.stringify(sides);
  return Promise.resolve(same ? lastPreview.data : null);
}

function forget(key) { queue.remove(key).catch(() => {}); }

function newKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

// The hand waits on this phone: the page moves on to the next one (scored by the phone's
// engine once it is ready, if it was not yet).
function nextOffline(item) {
  if (!item.totals && engine) { engine.ready.then(restore, () => {}); }
  dropDraft();
  entryKey = newKey();
  document.getElementById("entry-key").value = entryKey;
  follow(item);
  entry.sides = emptySides();
  idle();
  save.disabled = ended;
  view.render();
  clearPreview();
  preview();
  sendStatus.hidden = false;
  sendStatus.classList.add("kept");
  sendStatus.textContent = L.keptHand.replace("%(n)s", item.number) + (ended ? " " + overText(item.over) : "");
  save.before(sendStatus);
  window.scrollTo(0, 0);
}

// Where the game stands as this page enters its hand: the page's own state, unless this
// phone has seen the game further on since (queue.seen: any page of the game the server
// sent, any hand it saved). A new hand's page the service worker shows offline is a copy from
// when it was last opened, maybe hands ago: its number is taken, its totals are not the
// game's. A correction, or the choice after another phone's save, is the server's own page.
function standing() {
  const own = {
    number: config.number, before: config.sides.map((side) => side.score_before),
    opening: config.sides.map((side) => side.opening_minimum),
  };
  const known = queue.seen(config.game, config.game_state);  // this page's state kept too
  const newer = known && known.version > config.game_state.version && known.before.length === own.before.length;
  return newer && !editing && !choosing ? known : own;
}

// After a hand kept on this phone: the next number, and each side's score and opening after it
// (when the phone's engine scored it).
function follow(item) {
  number = item.number + 1;
  if (item.totals) {
    before = item.totals.map((t) => t.score_after);
    entry.opening = item.totals.map((t) => t.opening_minimum);
  } else {
    entry.opening = entry.opening.map(() => null);  // not known until the engine scores it
  }
  showNumber();
  ended = !!item.over?.finished;
  save.disabled = ended;
}

function showNumber() {
  const field = form.querySelector("[name=number]");
  if (field) { field.value = String(number); }
  const title = config.of_hands && number <= config.of_hands
    ? L.handNofM.replace("%(n)s", number).replace("%(total)s", config.of_hands) : L.handN.replace("%(n)s", number);
  document.getElementById("hand-title").textContent = title;
  document.title = title;
}

// How a game ends, as the phone's engine says it (rules/live.py: the server decides the same).
function overText(over) {
  return over.winner === null ? L.draw : config.sides[over.winner].said.wins;
}

// Hands kept on this phone for this game, from earlier (offline, a reload, a restarted phone):
// listed, and the entry goes on after the last of them. The phone's engine scores those it
// could not score when they were kept (whenever some wait for it, not once per page).
const keptFrom = { table: config.table, number: stands.number, before: stands.before };
function restore() {
  if (editing || choosing) { return; }
  queue.list(config.game).then((items) => {
    showQueued(items);
    const ahead = items.filter((i) => i.number >= keptFrom.number && i.state !== "refused");
    if (!ahead.length) { return; }
    const last = ahead[ahead.length - 1];
    if (last.number + 1 !== number || last.totals) {
      follow(last);
      if (sequence) { preview(); }
    }
    queue.scoreKept(engine, keptFrom, items).then((scored) => { if (scored) { restore(); } });
  }, () => { /* no IndexedDB: nothing was kept */ });
}

// The game followed while a new hand is entered: another phone that saves this very hand is
// seen within seconds. An entry nobody has touched moves on to the next hand by itself (the
// page again, from the server, which says why). Once the player has begun (a tap, a key) the
// entry stays, and the page says what Save will ask: the two-phone choice, the same hand or
// the next; a begun entry still blank also offers to go on to the next hand.
const FOLLOW_EVERY = 5000;
const MOVED = "canasta.moved." + config.game;  // the hand another phone saved, as the page moved on
let touched = false;
for (const type of ["click", "input", "change"]) { form.addEventListener(type, () => { touched = true; }); }
function followGame() {
  if (editing || choosing || document.hidden || !navigator.onLine) { return; }
  fetch(config.version_url, { credentials: "same-origin", cache: "no-cache" })
    .then((r) => (r.ok ? r.json() : null))
    .then((answer) => {
      if (!answer || answer.hands < number) { return; }
      const empty = isBlank(entry.sides, config);
      if (!touched && empty && movedFrom() !== number) {
        try { sessionStorage.setItem(MOVED, String(number)); } catch { /* moved on all the same */ }
        window.location.reload();
        return;
      }
      otherSaved(L.otherSaved.replace("%(n)s", number), empty);
    }, () => { /* no connection: the next look tries again */ });
}

function otherSaved(text, offerNext) {
  const note = document.getElementById("other-saved");
  note.querySelector("span").textContent = text;
  note.querySelector("a").hidden = !offerNext;
  note.hidden = false;
}

function movedFrom() {
  try { return parseInt(sessionStorage.getItem(MOVED), 10) || null; } catch { return null; }
}

// The page moved on by itself: it says so, once. A copy as old as the page it left (the
// service worker's, on Wi-Fi too slow) does not move on again: it says what Save will ask.
function sayMovedOn() {
  const from = movedFrom();
  if (!from || from >= number) { return; }
  try { sessionStorage.removeItem(MOVED); } catch { /* said once all the same */ }
  otherSaved(L.movedOn.replace("%(n)s", from), false);
}
setInterval(followGame, FOLLOW_EVERY);

// The hands kept on this phone, folded under one line that counts them: the entry stays first.
function showQueued(items) {
  queue.show(document.getElementById("queued"), items);
  const waiting = items.filter((i) => i.state === "waiting").length;
  document.getElementById("queued-title").textContent = L.keptCount.replace("%(n)s", items.length)
    + (waiting === items.length ? " · " + L.waitingAll : "");
}

// Whether the browser thinks it is online: said at the top, where the player looks first.
function connection() {
  const note = document.getElementById("offline-note");
  note.hidden = navigator.onLine;
  note.textContent = navigator.onLine ? "" : L.offline;
}
window.addEventListener("online", connection);
window.addEventListener("offline", connection);
window.addEventListener("canasta-queue", () => {
  if (editing || choosing) { return; }
  queue.list(config.game).then(showQueued);
});

form.addEventListener("submit", (event) => {
  if (posting) { return; }
  event.preventDefault();
  if (sending || saved) { return; }
  const submitter = event.submitter || save;
  const choice = submitter.name === "choice";
  if (!choice && !blankAccepted && isBlank(entry.sides, config)) {
    // A completely blank hand is most often a slip: ask before saving 0 for every side.
    blank.hidden = false;
    document.getElementById("blank-save").focus();
    return;
  }
  if (!choice && !editing) { keep(); } else { send(submitter); }
});
window.addEventListener("pageshow", (event) => {
  // Back to this page from the next (the browser kept it as it was): a saved entry is not
  // shown again as if it were still to save; an entry the server answered with a page is.
  if (!event.persisted) { return; }
  if (saved) { window.location.reload(); } else { idle(); }
});
document.getElementById("blank-save").addEventListener("click", () => {
  blankAccepted = true;
  blank.hidden = true;
  form.requestSubmit(save);
});
document.getElementById("blank-back").addEventListener("click", () => {
  blank.hidden = true;
  save.focus();
});

if (number !== config.number) { showNumber(); }  // a copy older than what the phone saw
view.render();
if (config.entered || draft) { preview(); }
connection();
restore();
sayMovedOn();
// The engine ready: the score on the page is its own from now on.
if (engine) {
  engine.ready.then(() => { if (sequence) { preview(); } }, () => { engineFailed = true; });
}
// Save works once the entry is ready: a tap while the page still loads would send no hand.
save.disabled = ended;
