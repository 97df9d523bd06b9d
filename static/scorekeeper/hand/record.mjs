/* A side's entry and its hand record (../shared/rules/hand-format.md: the JSON the server and the
   phone's engine score). The entry page keeps each side as a plain state object; toRecord(side,
   offer) writes it as the record, fromRecord(record) reads a record (a correction, a draft) back.
   `offer` is the page's config (the engine's EntryOffer): a box the preset does not offer gives
   nothing, and keys at their default value are left out.

   SIDE_KEYS is the one list of the record's keys the page writes, in the order it writes them,
   each with how it is built; MELD_KEYS the keys of a meld. RECORD_KEYS names them for the test
   that compares them with the server's own declaration of the record. */

// Card-class counts, canastas by kind...: what was entered, without the zeros.
function nonZero(obj) {
  return Object.fromEntries(Object.entries(obj).filter(([, v]) => v));
}

// Only the keys the preset offers (a count left from another mode or preset scores nothing).
function offered(obj, keys) {
  return Object.fromEntries(Object.entries(obj).filter(([k]) => keys.includes(k)));
}

function some(obj) { return Object.keys(obj).length > 0; }

// Cards left (in a hand or in feet): card-class counts or points; undefined when there are none.
function cards(mode, counts, points, offer) {
  if (mode === "points") { return points ? { points } : undefined; }
  const out = offered(nonZero(counts), offer.hand_classes);
  return some(out) ? out : undefined;
}

function meld(m) {
  const o = { rank: m.rank, naturals: m.naturals };
  if (m.twos) { o.twos = m.twos; }
  if (m.jokers) { o.jokers = m.jokers; }
  if (m.concealed) { o.concealed = true; }
  return o;
}

// The summary levels (counts, totals): the melded cards with the canastas, sequences and
// unfinished special melds that go with them, all given once any of them is.
function summary(s, offer) {
  if (s.mode === "melds") { return null; }
  const canastas = nonZero(s.canastas);
  const sequences = offered(nonZero(s.seqCounts), offer.sequence_kinds);
  const incomplete = offered(nonZero(s.incomplete), offer.incomplete);
  const melded = s.mode === "counts" ? nonZero(s.melded) : (s.points ? { points: s.points } : {});
  if (![melded, canastas, sequences, incomplete].some(some)) { return null; }
  return { melded: some(melded) ? melded : { points: 0 }, canastas, sequences, incomplete };
}

// Whether the preset has a use for a side key: the offer's side_keys, read from the record's
// declaration (scorekeeper/rules/declaration.py, entry.py EntryOffer.side_keys).
export const offers = (offer, key) => offer.side_keys.includes(key);

const whenSome = (obj) => (obj && some(obj) ? obj : undefined);

// `special`: the key is written with a special hand too (which is the side's whole score);
// `held`: only while the side holds cards (a player out alone holds none).
export const SIDE_KEYS = Object.freeze([
  { key: "special_hand", special: true, build: (s) => s.special || undefined },
  {
    key: "melds",
    build: (s) => {
      if (s.mode !== "melds") { return undefined; }
      const melds = s.melds.map(meld).concat(s.sequences.map((q) => ({ sequence: [q.low, q.high] })));
      return melds.length ? melds : undefined;
    },
  },
  { key: "melded", build: (s, offer) => summary(s, offer)?.melded },
  { key: "canastas", build: (s, offer) => whenSome(summary(s, offer)?.canastas) },
  { key: "sequences", build: (s, offer) => whenSome(summary(s, offer)?.sequences) },
  { key: "incomplete", build: (s, offer) => whenSome(summary(s, offer)?.incomplete) },
  { key: "red_threes", build: (s) => s.red_threes || undefined },
  { key: "black_threes_laid", build: (s, offer) => (offers(offer, "black_threes_laid") && s.black_threes_laid) || undefined },
  { key: "went_out", build: (s) => s.went_out || undefined },
  { key: "concealed", build: (s, offer) => (s.went_out && s.concealed && offers(offer, "concealed")) || undefined },
  { key: "exact_cut", build: (s) => s.exact_cut || undefined },
  { key: "exact_pickups", build: (s, offer) => (offers(offer, "exact_pickups") && s.exact_pickups) || undefined },
  // A penalty or adjustment the table decided, with its reason (rules/adjustments.py), once it
  // has points: the server refuses one without a reason.
  {
    key: "adjustment",
    special: true,
    build: (s) => (s.adjPoints ? { points: s.adjPoints, reason: s.adjReason } : undefined),
  },
  { key: "hand", held: true, build: (s, offer) => cards(s.handMode, s.hand, s.handPoints, offer) },
  { key: "caught_sets", held: true, build: (s, offer) => whenSome(offered(nonZero(s.caught), offer.caught_sets)) },
  { key: "foot", held: true, build: (s, offer) => (offers(offer, "foot") ? cards(s.footMode, s.foot, s.footPoints, offer) : undefined) },
]);

export const MELD_KEYS = Object.freeze(["rank", "naturals", "twos", "jokers", "concealed", "sequence"]);

export const RECORD_KEYS = Object.freeze({ side: SIDE_KEYS.map((k) => k.key), meld: MELD_KEYS });

// The side's record: keys at their default value are left out.
export function toRecord(s, offer) {
  const record = {};
  const holds = !(s.went_out && s.solo);  // a player out alone holds no cards
  for (const { key, special, held, build } of SIDE_KEYS) {
    if ((s.special && !special) || (held && !holds)) { continue; }
    const value = build(s, offer);
    if (value !== undefined) { record[key] = value; }
  }
  return record;
}

// A side's entry from its record (a correction, a draft kept by this phone), or an empty one.
export function fromRecord(r = {}, solo = false) {
  const s = {
    solo, mode: "melds", melds: [], sequences: [], melded: {}, points: 0, canastas: {},
    seqCounts: { ...r.sequences }, incomplete: { ...r.incomplete },
    red_threes: r.red_threes || 0, black_threes_laid: r.black_threes_laid || 0,
    went_out: !!r.went_out, concealed: !!r.concealed, exact_cut: !!r.exact_cut,
    handMode: "counts", hand: {}, handPoints: 0, caught: { ...r.caught_sets },
    special: r.special_hand || null, footMode: "counts", foot: {}, footPoints: 0,
    exact_pickups: r.exact_pickups || 0,
    adjPoints: r.adjustment?.points || 0, adjReason: r.adjustment?.reason || "",
  };
  for (const m of r.melds || []) {
    if (m.sequence) { s.sequences.push({ low: m.sequence[0], high: m.sequence[1] }); }
    else { s.melds.push({ rank: m.rank, naturals: m.naturals || 0, twos: m.twos || 0, jokers: m.jokers || 0, concealed: !!m.concealed }); }
  }
  if (r.melded) {
    if ("points" in r.melded) { s.mode = "totals"; s.points = r.melded.points; }
    else { s.mode = "counts"; s.melded = { ...r.melded }; }
    s.canastas = { ...r.canastas };
  }
  if (r.hand && "points" in r.hand) { s.handMode = "points"; s.handPoints = r.hand.points; }
  else if (r.hand) { s.hand = { ...r.hand }; }
  if (r.foot && "points" in r.foot) { s.footMode = "points"; s.footPoints = r.foot.points; }
  else if (r.foot) { s.foot = { ...r.foot }; }
  return s;
}

export function isBlank(sides, offer) {
  return sides.every((s) => !some(toRecord(s, offer)));
}
