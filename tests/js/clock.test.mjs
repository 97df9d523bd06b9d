// The round clock's reading (static/core/clock_face.mjs): the server's seconds counted down
// on the phone, the signals as they fall, a paused clock standing still.
import assert from "node:assert/strict";
import { test } from "node:test";
import { clockText, reading, signalled } from "../../static/core/clock_face.mjs";

const running = { phase: "playing", running: true, remaining: 600, until_last_hand: 300 };

test("counts down from the server's seconds", () => {
  assert.deepEqual(reading(running, 100), { phase: "playing", remaining: 500, paused: false });
});

test("last hand falls when its seconds run out, time at the end", () => {
  assert.equal(reading(running, 299.5).phase, "playing");
  assert.equal(reading(running, 300).phase, "last_hand");
  assert.equal(reading(running, 600).phase, "time");
  assert.equal(reading(running, 900).remaining, 0);
});

test("a paused clock stands still and says so", () => {
  const paused = { ...running, running: false };
  assert.deepEqual(reading(paused, 500), { phase: "playing", remaining: 600, paused: true });
});

test("the server's phase holds: time called by the director", () => {
  const ended = { phase: "time", running: false, remaining: 0, until_last_hand: 0 };
  assert.deepEqual(reading(ended, 5), { phase: "time", remaining: 0, paused: false });
  assert.equal(reading(null, 5).phase, "waiting");
});

test("the time as the clock shows it", () => {
  assert.equal(clockText(1445.2), "24:06");
  assert.equal(clockText(0), "00:00");
  assert.equal(clockText(3723), "1:02:03");
  assert.equal(clockText(-3), "00:00");
});

test("a signal is given as it falls, not when a page opens on it", () => {
  assert.equal(signalled(null, "last_hand"), false);
  assert.equal(signalled("playing", "last_hand"), true);
  assert.equal(signalled("last_hand", "time"), true);
  assert.equal(signalled("playing", "time"), true);
  assert.equal(signalled("time", "time"), false);
  assert.equal(signalled("time", "playing"), false);
});
