// The hands kept on a phone (static/scorekeeper/queue.mjs): saved, numbered, sent in order, and
// what stays after a failure. IndexedDB is fake-indexeddb's; the server, the phone's window,
// its storage and its connection are fakes set up here.
import "fake-indexeddb/auto";
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

const ORIGIN = "https://scores.example";
globalThis.window = Object.assign(new EventTarget(), { location: { href: ORIGIN + "/g/abc/", origin: ORIGIN } });
globalThis.document = { cookie: "csrftoken=fresh" };
Object.defineProperty(globalThis, "navigator", { value: { onLine: true }, configurable: true });
const stored = new Map();
globalThis.localStorage = {
  getItem: (k) => (stored.has(k) ? stored.get(k) : null),
  setItem: (k, v) => { stored.set(k, String(v)); },
};

// The server: each post is recorded; `answers` gives, in turn, what it says (a status and a
// JSON body, or a thrown error for no connection); after them it saves every hand.
let posts = [];
let answers = [];
globalThis.fetch = async (url, options) => {
  const fields = Object.fromEntries(options.body);
  posts.push({ url, number: Number(fields.number), fields });
  const answer = answers.shift() || { status: 302, body: { location: "/g/abc/", entry: "saved" } };
  if (answer.offline) { throw new TypeError("Failed to fetch"); }
  const status = answer.status === 302 ? 200 : answer.status;
  return {
    status,
    headers: { get: () => (answer.body ? "application/json" : "text/html") },
    json: async () => answer.body,
  };
};

const queue = await import("../../static/scorekeeper/queue.mjs");

function hand(number, game = "abc", extra = {}) {
  return {
    key: game + "-" + number + "-" + Math.random().toString(16).slice(2), game, number,
    url: ORIGIN + "/g/" + game + "/edit/hand/", names: ["NS", "EW"], totals: null, over: null,
    fields: { number: String(number), record: "[{}, {}]", csrfmiddlewaretoken: "stale" }, ...extra,
  };
}

const summary = async (game) => (await queue.list(game)).map((i) => [i.number, i.state]);

beforeEach(async () => {
  for (const item of await queue.list()) { await queue.remove(item.key); }
  posts = [];
  answers = [];
  navigator.onLine = true;
  stored.clear();
});

test("a kept hand waits, and each change is heard", async () => {
  let heard = 0;
  globalThis.window.addEventListener("canasta-queue", () => { heard += 1; });
  const item = hand(3);
  await queue.put(item);
  const kept = await queue.get(item.key);
  assert.equal(kept.state, "waiting");
  assert.ok(kept.at > 0);
  assert.equal(heard, 1);
});

test("a game's hands are listed and sent in the order of their numbers", async () => {
  await queue.put(hand(5));
  await queue.put(hand(3));
  await queue.put(hand(4));
  await queue.put(hand(1, "zzz"));
  assert.deepEqual(await summary("abc"), [[3, "waiting"], [4, "waiting"], [5, "waiting"]]);
  assert.equal(await queue.flush(), 4);
  assert.deepEqual(posts.map((p) => p.number), [3, 4, 5, 1]);
  assert.deepEqual(await queue.list(), []);
});

test("each hand goes with the CSRF cookie, not the page's older token, to its own game only", async () => {
  await queue.put(hand(1));
  await queue.flush();
  assert.equal(posts[0].fields.csrfmiddlewaretoken, "fresh");
  assert.equal(posts[0].url, ORIGIN + "/g/abc/edit/hand/");
});

test("no answer: the hand and the ones after it stay, and go next time", async () => {
  await queue.put(hand(1));
  await queue.put(hand(2));
  await queue.put(hand(7, "other"));
  answers = [{ offline: true }];
  assert.equal(await queue.flush(), 1);  // the other game's hand went
  assert.deepEqual(posts.map((p) => p.number), [1, 7]);
  assert.deepEqual(await summary(), [[1, "waiting"], [2, "waiting"]]);
  assert.equal(await queue.flush(), 2);
  assert.deepEqual(await summary(), []);
});

test("a server error or a stale cookie waits; it is never refused", async () => {
  await queue.put(hand(1));
  answers = [{ status: 500 }, { status: 403 }];
  await queue.flush();
  await queue.flush();
  assert.deepEqual(await summary(), [[1, "waiting"]]);
});

test("offline, nothing is asked", async () => {
  navigator.onLine = false;
  await queue.put(hand(1));
  assert.equal(await queue.flush(), 0);
  assert.deepEqual(posts, []);
  assert.deepEqual(await summary(), [[1, "waiting"]]);
});

test("another phone saved that hand first: it waits for the player's choice, and so do the later ones", async () => {
  await queue.put(hand(4));
  await queue.put(hand(5));
  answers = [{ status: 409 }];
  await queue.flush();
  assert.deepEqual(await summary(), [[4, "choice"], [5, "waiting"]]);
  await queue.flush();  // the choice is the player's: nothing more is sent meanwhile
  assert.equal(posts.length, 1);
});

test("a refusal is kept with its reason, and a game gone says so", async () => {
  await queue.put(hand(1));
  answers = [{ status: 400, body: { error: "A canasta needs seven cards", side: 1 } }];
  await queue.flush();
  const [refused] = await queue.list();
  assert.equal(refused.state, "refused");
  assert.equal(refused.message, "A canasta needs seven cards");
  assert.equal(refused.answer.side, 1);
  await queue.remove(refused.key);
  await queue.put(hand(1));
  answers = [{ status: 404 }];
  await queue.flush();
  assert.deepEqual((await queue.list()).map((i) => [i.state, i.message]), [["refused", "gone"]]);
});

test("a hand for another site or another page is refused without being sent", async () => {
  await queue.put(hand(1, "abc", { url: "https://elsewhere.example/g/abc/edit/hand/" }));
  await queue.put(hand(1, "def", { url: ORIGIN + "/g/def/edit/" }));
  await queue.put(hand(1, "../x"));
  await queue.flush();
  assert.deepEqual(posts, []);
  assert.deepEqual((await queue.list()).map((i) => i.state), ["refused", "refused", "refused"]);
});

test("a saved hand's answer says where the game stands now", async () => {
  await queue.put(hand(1));
  const game = { version: 9, number: 2, before: [120, -15], opening: [50, 15] };
  answers = [{ status: 302, body: { location: "/g/abc/", entry: "saved", game } }];
  await queue.flush();
  assert.deepEqual(queue.seen("abc"), game);
});

test("a hand given up moves the later ones down a number, to be scored again", async () => {
  const third = hand(3);
  await queue.put(third);
  await queue.put(hand(4, "abc", { totals: [{ total: 5 }], over: { finished: false }, state: "choice" }));
  await queue.put(hand(5));
  await queue.put(hand(2));
  await queue.discard(third.key);
  const items = await queue.list();
  assert.deepEqual(items.map((i) => [i.number, i.fields.number, i.state]), [[2, "2", "waiting"], [3, "3", "waiting"], [4, "4", "waiting"]]);
  assert.equal(items[1].totals, null);
  assert.equal(items[1].over, null);
});

test("a late change does not bring back a hand sent meanwhile", async () => {
  const item = hand(1);
  await queue.put(item);
  await queue.remove(item.key);
  assert.equal(await queue.update(item.key, (kept) => { kept.totals = []; }), null);
  assert.equal(await queue.get(item.key), null);
});

test("where the game stands: only a newer, well-formed state is kept", () => {
  const state = { version: 3, number: 4, before: [10, 20], opening: [50, 50] };
  assert.deepEqual(queue.seen("abc", state), state);
  assert.deepEqual(queue.seen("abc", { ...state, version: 2, number: 9 }), state);
  assert.deepEqual(queue.seen("abc", { ...state, before: [10] }), state);
  const newer = { ...state, version: 4, number: 5 };
  assert.deepEqual(queue.seen("abc", newer), newer);
  stored.set("canasta.seen.abc", "{not json");
  assert.equal(queue.seen("abc"), null);
});

test("the phone's engine scores the hands kept before it was ready, in order, from the page's scores", async () => {
  const first = hand(3, "abc", { fields: { number: "3", record: JSON.stringify([{ red_threes: 1 }, {}]) } });
  const second = hand(4);
  await queue.put(first);
  await queue.put(second);
  const asked = [];
  const engine = {
    ready: Promise.resolve(),
    preview: async (request) => {
      asked.push([request.number, request.before]);
      const after = request.before.map((b) => b + 100);
      return { sides: after.map((a) => ({ total: 100, score_after: a, opening_minimum: 50 })), outcome: { finished: false } };
    },
  };
  const start = { table: { variant: "classic" }, number: 3, before: [0, 0] };
  assert.equal(await queue.scoreKept(engine, start, await queue.list("abc")), true);
  assert.deepEqual(asked, [[3, [0, 0]], [4, [100, 100]]]);
  const items = await queue.list("abc");
  assert.deepEqual(items.map((i) => i.totals.map((t) => t.score_after)), [[100, 100], [200, 200]]);
  // Scored: nothing more to do; and a page older than the hands kept scores nothing.
  assert.equal(await queue.scoreKept(engine, start, items), false);
  assert.equal(await queue.scoreKept(engine, { ...start, number: 2 }, items.map((i) => ({ ...i, totals: null }))), false);
});
