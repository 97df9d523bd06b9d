// The entry page's record mapping (static/scorekeeper/hand/record.mjs): a side's entry as the
// hand record the server and the phone's engine score (../shared/rules/hand-format.md).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { RECORD_KEYS, fromRecord, isBlank, toRecord } from "../../static/scorekeeper/hand/record.mjs";

const CLASSES = ["jokers", "twos", "aces", "high", "low", "black_threes", "red_threes"];
// What a page's config offers (scorekeeper/rules/entry.py EntryOffer): classic offers little,
// EVERYTHING every box of every family.
const CLASSIC = {
  hand_classes: CLASSES.slice(0, 6), sequence_kinds: [], incomplete: [], caught_sets: [],
  side_keys: ["name", "score_before", "melds", "melded", "canastas", "red_threes", "went_out", "concealed", "hand"],
};
const EVERYTHING = {
  hand_classes: CLASSES, sequence_kinds: ["straight", "royal"], incomplete: ["aces", "sevens", "wild", "wild_jokers"],
  caught_sets: ["aces", "sevens"], side_keys: RECORD_KEYS.side,
};

function side(changes = {}) { return Object.assign(fromRecord({}), changes); }

test("a side nobody touched gives an empty record, and the hand counts as blank", () => {
  assert.deepEqual(toRecord(side(), EVERYTHING), {});
  assert.ok(isBlank([side(), side()], EVERYTHING));
  assert.ok(!isBlank([side(), side({ red_threes: 1 })], EVERYTHING));
});

test("melds keep naturals and leave out twos, jokers and concealed at their default", () => {
  const s = side({
    melds: [{ rank: "K", naturals: 5, twos: 2, jokers: 0, concealed: false }, { rank: "wild", naturals: 0, twos: 4, jokers: 1, concealed: true }],
    sequences: [{ low: "5", high: "J" }],
  });
  assert.deepEqual(toRecord(s, EVERYTHING), {
    melds: [{ rank: "K", naturals: 5, twos: 2 }, { rank: "wild", naturals: 0, twos: 4, jokers: 1, concealed: true }, { sequence: ["5", "J"] }],
  });
});

test("card-class counts go in melded with the canastas; zeros are left out", () => {
  const s = side({ mode: "counts", melded: { aces: 3, high: 0, low: 4 }, canastas: { natural: 1, mixed: 0 } });
  assert.deepEqual(toRecord(s, CLASSIC), { melded: { aces: 3, low: 4 }, canastas: { natural: 1 } });
});

test("canastas alone still give melded, as no points", () => {
  const s = side({ mode: "totals", canastas: { mixed: 2 } });
  assert.deepEqual(toRecord(s, CLASSIC), { melded: { points: 0 }, canastas: { mixed: 2 } });
});

test("a melded total is given as points", () => {
  assert.deepEqual(toRecord(side({ mode: "totals", points: 185 }), CLASSIC), { melded: { points: 185 } });
});

test("a box the preset does not offer gives nothing", () => {
  const s = side({
    mode: "counts", melded: { low: 3 }, seqCounts: { straight: 1 }, incomplete: { aces: 1 },
    black_threes_laid: 2, exact_pickups: 1, caught: { aces: 1 }, foot: { high: 2 }, hand: { red_threes: 1, low: 1 },
  });
  assert.deepEqual(toRecord(s, CLASSIC), { melded: { low: 3 }, hand: { low: 1 } });
  assert.deepEqual(toRecord(s, EVERYTHING), {
    melded: { low: 3 }, sequences: { straight: 1 }, incomplete: { aces: 1 }, black_threes_laid: 2, exact_pickups: 1,
    hand: { red_threes: 1, low: 1 }, caught_sets: { aces: 1 }, foot: { high: 2 },
  });
});

test("concealed is sent only with going out, where the preset has it", () => {
  assert.deepEqual(toRecord(side({ concealed: true }), CLASSIC), {});
  assert.deepEqual(toRecord(side({ went_out: true, concealed: true }), CLASSIC), { went_out: true, concealed: true });
  assert.deepEqual(toRecord(side({ went_out: true, concealed: true }), { ...CLASSIC, side_keys: CLASSIC.side_keys.filter((k) => k !== "concealed") }), { went_out: true });
});

test("a player out alone holds no cards: the hand, caught sets and feet are left out", () => {
  const s = side({ went_out: true, solo: true, hand: { low: 2 }, caught: { aces: 1 }, foot: { high: 1 } });
  assert.deepEqual(toRecord(s, EVERYTHING), { went_out: true });
  assert.deepEqual(toRecord({ ...s, solo: false }, EVERYTHING), { went_out: true, hand: { low: 2 }, caught_sets: { aces: 1 }, foot: { high: 1 } });
});

test("cards left as points", () => {
  const s = side({ handMode: "points", handPoints: 45, footMode: "points", footPoints: 0, hand: { low: 9 } });
  assert.deepEqual(toRecord(s, EVERYTHING), { hand: { points: 45 } });
});

test("a special hand is the side's whole score: only it and an adjustment are sent", () => {
  const s = side({ special: "pairs", red_threes: 2, went_out: true, melds: [{ rank: "K", naturals: 3 }], adjPoints: -100, adjReason: "Late" });
  assert.deepEqual(toRecord(s, EVERYTHING), { special_hand: "pairs", adjustment: { points: -100, reason: "Late" } });
});

test("an adjustment goes with its reason once it has points", () => {
  assert.deepEqual(toRecord(side({ adjReason: "Nothing yet" }), CLASSIC), {});
  assert.deepEqual(toRecord(side({ adjPoints: 50, adjReason: "" }), CLASSIC), { adjustment: { points: 50, reason: "" } });
});

test("the keys the page writes, in their order", () => {
  assert.deepEqual(RECORD_KEYS.side, [
    "special_hand", "melds", "melded", "canastas", "sequences", "incomplete", "red_threes", "black_threes_laid",
    "went_out", "concealed", "exact_cut", "exact_pickups", "adjustment", "hand", "caught_sets", "foot",
  ]);
  assert.deepEqual(RECORD_KEYS.meld, ["rank", "naturals", "twos", "jokers", "concealed", "sequence"]);
});

// Every side of the worked examples (tests/data), read as a correction reads it and written
// again, is the same record: the page loses nothing of a hand it is given.
const DEFAULTS = new Set([false, 0]);
function asWritten(record) {
  const out = {};
  for (const [key, value] of Object.entries(record)) {
    if (["name", "score_before"].includes(key) || DEFAULTS.has(value)) { continue; }
    if (value && typeof value === "object" && !Array.isArray(value) && !Object.keys(value).length) { continue; }
    if (key === "melds") {  // the page lists a side's melds, then its sequences
      out.melds = [...value.filter((m) => !m.sequence), ...value.filter((m) => m.sequence)].map((m) => (m.sequence ? { sequence: m.sequence } : {
        rank: m.rank, naturals: m.naturals || 0,
        ...(m.twos ? { twos: m.twos } : {}), ...(m.jokers ? { jokers: m.jokers } : {}), ...(m.concealed ? { concealed: true } : {}),
      }));
    } else if (["melded", "canastas", "sequences", "incomplete", "hand", "caught_sets", "foot"].includes(key) && !("points" in value)) {
      const counts = Object.fromEntries(Object.entries(value).filter(([, n]) => n));
      if (Object.keys(counts).length) { out[key] = counts; } else if (key === "melded") { out[key] = { points: 0 }; }
    } else {
      out[key] = value;
    }
  }
  return out;
}

const examples = ["examples.jsonl", "examples-families.jsonl"].flatMap((name) => readFileSync(new URL("../data/" + name, import.meta.url), "utf8")
  .split("\n").filter(Boolean).map((line) => JSON.parse(line)));

test("every example's sides are written back as they were read", () => {
  let sides = 0;
  for (const example of examples.filter((e) => e.hand && !e.expect.error)) {  // a refusal the page cannot make
    for (const record of example.hand.sides) {
      const expected = asWritten(record);
      if (expected.special_hand) { for (const key of Object.keys(expected)) { if (!["special_hand", "adjustment"].includes(key)) { delete expected[key]; } } }
      assert.deepEqual(toRecord(fromRecord(record), EVERYTHING), expected, example.name);
      sides += 1;
    }
  }
  assert.ok(sides > 150, sides);  // 74 hands at the time of writing
});
