/* Hand entry: per side, melds (rank + steppers), card counts or plain totals; red threes; who
   went out; cards left in hand. Where the preset has a use for them (the page config says so,
   from the engine's data): sequences, threes of both colours, caught sets, unfinished special
   melds, a special hand, unplayed feet and exact pick-ups. The score shows live (the server
   scores it with the game's rules, nothing saved); saving posts the sides as hand-format JSON. */
(function () {
  "use strict";
  var L = JSON.parse(document.getElementById("hand-labels").textContent);
  var config = JSON.parse(document.getElementById("hand-config").textContent);
  var serverError = JSON.parse(document.getElementById("hand-error").textContent);
  var MELDED = config.melded_classes;  // hand-format's count classes, from the engine
  var HAND = config.hand_classes;  // ... of cards left in a hand or foot (red threes caught)
  var NATURALS = ["4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];  // a suit, low to high
  var csrf = document.querySelector("[name=csrfmiddlewaretoken]").value;
  var root = document.getElementById("sides");
  var form = document.getElementById("hand-form");
  var editing = !!form.querySelector("[name=version]");
  var choosing = !!document.querySelector("[data-testid=conflict]");  // after another phone's save
  var queue = window.canastaQueue || null;
  // The hand being entered, and each side's score before it: where the game stands (the page's,
  // or what this phone saw since), then (with hands kept on this phone, offline) the phone's
  // engine's after the last of them.
  var stands = standing();
  var number = stands.number;
  var before = stands.before.slice();
  var opening = stands.opening.slice();
  var engine = window.canastaEngine ? window.canastaEngine.page() : null;  // at once: the live score needs it
  // A draft survives a reload or a phone call: kept per game (a new hand) or per hand (a
  // correction) until it is saved.
  var draftKey = "canasta.draft." + (editing ? config.preview_url : config.game + ".new");
  var draft = null;
  try { draft = JSON.parse(sessionStorage.getItem(draftKey) || "null"); } catch (e) { draft = null; }
  if (Array.isArray(draft)) { draft = {sides: draft}; }  // a draft kept by an older page
  // One key per entry, kept with the draft: a second submit or a reload after saving saves nothing.
  // A new hand's key is made here, never taken from the page: a page the phone kept (opened
  // again offline) carries the key of a hand that may be saved already.
  var entryKey = (draft && draft.key) || (editing || choosing ? config.entry_key : newKey());
  document.getElementById("entry-key").value = entryKey;
  var start = config.entered || (draft && draft.sides) || [];
  var sides = config.sides.map(function (side, i) {
    var s = fromRecord(start[i] || {});
    s.solo = side.solo;
    return s;
  });

  function fromRecord(r) {
    var s = {mode: "melds", melds: [], sequences: [], melded: {}, points: 0, canastas: {},
             seqCounts: Object.assign({}, r.sequences || {}), incomplete: Object.assign({}, r.incomplete || {}),
             red_threes: r.red_threes || 0, black_threes_laid: r.black_threes_laid || 0,
             went_out: !!r.went_out, concealed: !!r.concealed, exact_cut: !!r.exact_cut,
             handMode: "counts", hand: {}, handPoints: 0, caught: Object.assign({}, r.caught_sets || {}),
             special: r.special_hand || null, footMode: "counts", foot: {}, footPoints: 0,
             exact_pickups: r.exact_pickups || 0,
             adjPoints: (r.adjustment && r.adjustment.points) || 0, adjReason: (r.adjustment && r.adjustment.reason) || ""};
    (r.melds || []).forEach(function (m) {
      if (m.sequence) { s.sequences.push({low: m.sequence[0], high: m.sequence[1]}); }
      else { s.melds.push({rank: m.rank, naturals: m.naturals || 0, twos: m.twos || 0, jokers: m.jokers || 0, concealed: !!m.concealed}); }
    });
    if (r.melded) {
      if ("points" in r.melded) { s.mode = "totals"; s.points = r.melded.points; }
      else { s.mode = "counts"; s.melded = Object.assign({}, r.melded); }
      s.canastas = Object.assign({}, r.canastas || {});
    }
    if (r.hand && "points" in r.hand) { s.handMode = "points"; s.handPoints = r.hand.points; }
    else if (r.hand) { s.hand = Object.assign({}, r.hand); }
    if (r.foot && "points" in r.foot) { s.footMode = "points"; s.footPoints = r.foot.points; }
    else if (r.foot) { s.foot = Object.assign({}, r.foot); }
    return s;
  }

  function nonZero(obj) {
    var out = {};
    Object.keys(obj).forEach(function (k) { if (obj[k]) { out[k] = obj[k]; } });
    return out;
  }

  // Keys at their default value are left out; a box the preset does not offer gives nothing.
  function toRecord(s) {
    var r = {};
    if (s.special) { return withAdjustment(s, {special_hand: s.special}); }  // the side's whole score
    if (s.mode === "melds") {
      var melds = s.melds.map(function (m) {
        var o = {rank: m.rank, naturals: m.naturals};
        if (m.twos) { o.twos = m.twos; }
        if (m.jokers) { o.jokers = m.jokers; }
        if (m.concealed) { o.concealed = true; }
        return o;
      }).concat(s.sequences.map(function (q) { return {sequence: [q.low, q.high]}; }));
      if (melds.length) { r.melds = melds; }
    } else {
      var canastas = nonZero(s.canastas);
      var seqs = offered(nonZero(s.seqCounts), config.sequence_kinds);
      var unfinished = offered(nonZero(s.incomplete), config.incomplete);
      var melded = s.mode === "counts" ? nonZero(s.melded) : (s.points ? {points: s.points} : {});
      if ([melded, canastas, seqs, unfinished].some(function (o) { return Object.keys(o).length; })) {
        r.melded = Object.keys(melded).length ? melded : {points: 0};
        if (Object.keys(canastas).length) { r.canastas = canastas; }
        if (Object.keys(seqs).length) { r.sequences = seqs; }
        if (Object.keys(unfinished).length) { r.incomplete = unfinished; }
      }
    }
    if (s.red_threes) { r.red_threes = s.red_threes; }
    if (config.threes_laid && s.black_threes_laid) { r.black_threes_laid = s.black_threes_laid; }
    if (s.went_out) { r.went_out = true; }
    if (s.went_out && s.concealed && config.concealed_going_out) { r.concealed = true; }
    if (s.exact_cut) { r.exact_cut = true; }
    if (config.exact_pickups && s.exact_pickups) { r.exact_pickups = s.exact_pickups; }
    withAdjustment(s, r);
    if (s.went_out && s.solo) { return r; }  // a player out alone holds no cards
    var hand = cards(s.handMode, s.hand, s.handPoints);
    if (hand) { r.hand = hand; }
    var caught = offered(nonZero(s.caught), config.caught_sets);
    if (Object.keys(caught).length) { r.caught_sets = caught; }
    var foot = config.feet ? cards(s.footMode, s.foot, s.footPoints) : null;
    if (foot) { r.foot = foot; }
    return r;
  }

  // A penalty or adjustment the table decided, with its reason (rules/adjustments.py): sent as
  // the side's "adjustment" once it has points; the server refuses one without a reason.
  function withAdjustment(s, r) {
    if (s.adjPoints) { r.adjustment = {points: s.adjPoints, reason: s.adjReason}; }
    return r;
  }

  function adjustmentPanel(s, i) {
    var id = "side-" + i + "-adjustment";
    // No numeric inputmode: its iPhone keypad has no minus sign, and a penalty is below zero.
    var points = el("input", {type: "number", step: "5", value: s.adjPoints ? String(s.adjPoints) : "",
      id: id + "-points", "data-testid": id + "-points", oninput: function () { var v = parseInt(points.value, 10); s.adjPoints = isNaN(v) ? 0 : v; changed(); }});
    var reason = el("input", {type: "text", maxlength: "120", value: s.adjReason, id: id + "-reason", "data-testid": id + "-reason",
      oninput: function () { s.adjReason = reason.value; changed(); }});
    return fold(s, "adjustment", L.adjustment, [
      el("p", {"class": "muted hint", text: L.adjustmentHint}),
      el("label", {"for": id + "-points", text: L.adjustmentPoints}), points,
      el("label", {"for": id + "-reason", text: L.adjustmentReason}), reason
    ], !!s.adjPoints, id);
  }

  // Cards left (in a hand or in feet): card-class counts or points; null when there are none.
  function cards(mode, counts, points) {
    if (mode === "points") { return points ? {points: points} : null; }
    var out = offered(nonZero(counts), HAND);
    return Object.keys(out).length ? out : null;
  }

  function offered(obj, keys) {
    var out = {};
    Object.keys(obj).forEach(function (k) { if (keys.indexOf(k) >= 0) { out[k] = obj[k]; } });
    return out;
  }

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "text") { node.textContent = attrs[k]; }
      else if (k.slice(0, 2) === "on") { node.addEventListener(k.slice(2), attrs[k]); }
      else { node.setAttribute(k, attrs[k]); }
    });
    (children || []).forEach(function (c) { if (c) { node.appendChild(c); } });
    return node;
  }

  function stepper(label, value, step, onChange, testid) {
    var input = el("input", {type: "number", inputmode: "numeric", min: "0", step: String(step), value: String(value), "data-testid": testid, id: testid, "aria-label": label});
    function set(v) { v = Math.max(0, v); input.value = String(v); onChange(v); }
    input.addEventListener("input", function () { var v = parseInt(input.value, 10); onChange(isNaN(v) ? 0 : Math.max(0, v)); });
    return el("div", {"class": "stepper"}, [
      el("label", {"class": "stepper-label", "for": testid, text: label}),
      el("button", {type: "button", "class": "step", "aria-label": L.fewer.replace("%(what)s", label), text: "−", "data-testid": testid + "-minus", onclick: function () { set((parseInt(input.value, 10) || 0) - step); }}),
      input,
      el("button", {type: "button", "class": "step", "aria-label": L.more.replace("%(what)s", label), text: "+", "data-testid": testid + "-plus", onclick: function () { set((parseInt(input.value, 10) || 0) + step); }})
    ]);
  }

  function toggle(options, current, onPick, testid) {
    return el("div", {"class": "segmented", role: "group"}, options.map(function (o) {
      return el("button", {type: "button", "class": o[0] === current ? "on" : "", "aria-pressed": String(o[0] === current),
        "data-testid": testid + "-" + o[0], text: o[1], onclick: function () { onPick(o[0]); }});
    }));
  }

  // A deck of its own names its cards (Canasta-Origen: DIVA, GENTLEMAN, DETENER, SOL).
  var own = config.card_names;
  function rankLabel(r) { return r === "wild" ? L.wild : r === "3" ? (own.black_threes || L.blackThreeRank) : (config.rank_labels || {})[r] || r; }

  function classLabel(c) {
    return own[c] || L[c];
  }

  function meldRow(s, i, m, j) {
    var id = "side-" + i + "-meld-" + j;
    var select = el("select", {"data-testid": id + "-rank", "aria-label": L.rank, onchange: function () {
      var wild = select.value === "wild";
      if (wild !== (m.rank === "wild")) {  // a meld of wild cards holds no naturals: no box for them
        if (wild) { m.naturals = 0; }
        m.rank = select.value; render();
      }
      m.rank = select.value; changed(); }},
      config.ranks.map(function (r) { return el("option", {value: r, text: rankLabel(r)}); }));
    select.value = m.rank;
    var whole = null;
    if (config.concealed_melds) {
      // The box always shows the stored value: a redraw, a reload or a correction keeps it.
      whole = el("input", {type: "checkbox", "data-testid": id + "-concealed", onchange: function (e) { m.concealed = e.target.checked; changed(); }});
      whole.checked = !!m.concealed;
    }
    return el("div", {"class": "meld", "data-side": i, "data-meld": j + 1}, [
      el("div", {"class": "meld-head"}, [select, badge(m, id),
        el("button", {type: "button", "class": "remove danger", text: "×", "aria-label": L.removeMeld, "data-testid": id + "-remove", onclick: function () { s.melds.splice(j, 1); render(); changed(); }})]),
      whole ? el("label", {"class": "check"}, [whole, document.createTextNode(L.concealedMeld)]) : null,
      m.rank === "wild" ? null : stepper(L.naturals, m.naturals, 1, function (v) { m.naturals = v; changed(); }, id + "-naturals"),
      stepper(classLabel("twos"), m.twos, 1, function (v) { m.twos = v; changed(); }, id + "-twos"),
      stepper(classLabel("jokers"), m.jokers, 1, function (v) { m.jokers = v; changed(); }, id + "-jokers")
    ]);
  }

  // A meld of the preset's canasta size says so ("natural canasta", "dirty book"): the rules
  // themselves are the engine's, checked by the live score.
  function badge(m, id) {
    var node = el("span", {"class": "badge", "data-testid": id + "-badge"});
    paintBadge(node, m);
    return node;
  }

  function paintBadge(node, m) {
    var size = (m.naturals || 0) + (m.twos || 0) + (m.jokers || 0);
    var whole = size >= config.canasta_size;
    node.hidden = !whole;
    node.textContent = whole ? ((m.twos || m.jokers) && m.rank !== "wild" ? config.words.dirtyBadge : config.words.cleanBadge) : "";
  }

  function paintBadges() {
    sides.forEach(function (s, i) {
      s.melds.forEach(function (m, j) {
        var node = root.querySelector('[data-testid="side-' + i + '-meld-' + j + '-badge"]');
        if (node) { paintBadge(node, m); }
      });
    });
  }

  // A part of the entry few hands need, folded until it is used (or opened): the page stays short.
  function fold(s, key, title, parts, used, testid) {
    var open = used || !!(s.open && s.open[key]);
    var node = el("details", {"class": "fold", "data-testid": testid}, [el("summary", {text: title})].concat(parts));
    node.open = open;
    node.addEventListener("toggle", function () { s.open = s.open || {}; s.open[key] = node.open; });
    return node;
  }

  // A sequence runs within one suit, 4 to A, over one of the lengths the preset allows (samba:
  // 3 to 7; espanola: 7 or the whole suit): "to" offers the ranks those lengths reach from "from".
  var LENGTHS = config.sequence_lengths;
  function sequenceEnds(low) {
    var start = NATURALS.indexOf(low);
    return LENGTHS.map(function (n) { return NATURALS[start + n - 1]; }).filter(Boolean);
  }
  var SEQUENCE_STARTS = NATURALS.filter(function (r) { return sequenceEnds(r).length; });

  function sequenceLabel(q) {
    var n = NATURALS.indexOf(q.high) - NATURALS.indexOf(q.low) + 1;
    var cards = L.sequenceCards.replace("%(n)s", n);
    return n === config.sequence_canasta ? cards + " · " + config.sequence_name : cards;
  }

  function sequenceRow(s, i, q, j) {
    var id = "side-" + i + "-sequence-" + j;
    function pick(key, ranks) {
      if (ranks.indexOf(q[key]) < 0) { ranks = ranks.concat([q[key]]); }  // as entered: the engine says why not
      var select = el("select", {"aria-label": key === "low" ? L.sequenceFrom : L.sequenceTo, "data-testid": id + "-" + key, onchange: function () {
        var length = NATURALS.indexOf(q.high) - NATURALS.indexOf(q.low);
        q[key] = select.value;
        if (key === "low") {
          // The sequence moves: it keeps its length where that fits in the suit, else it takes
          // the nearest length that does.
          var ends = sequenceEnds(q.low);
          if (ends.length) {
            q.high = ends.reduce(function (best, r) {
              var d = Math.abs(NATURALS.indexOf(r) - NATURALS.indexOf(q.low) - length);
              var b = Math.abs(NATURALS.indexOf(best) - NATURALS.indexOf(q.low) - length);
              return d < b ? r : best;
            });
          }
        }
        render(); changed(); }},
        ranks.map(function (r) { return el("option", {value: r, text: rankLabel(r)}); }));
      select.value = q[key];
      return select;
    }
    return el("div", {"class": "meld sequence", "data-side": i, "data-meld": s.melds.length + j + 1}, [el("div", {"class": "meld-head"}, [
      el("span", {text: L.from}), pick("low", SEQUENCE_STARTS), el("span", {text: L.to}), pick("high", sequenceEnds(q.low)),
      el("button", {type: "button", "class": "remove danger", text: "×", "aria-label": L.removeSequence, "data-testid": id + "-remove", onclick: function () { s.sequences.splice(j, 1); render(); changed(); }})]),
      el("p", {"class": "sequence-size", "data-testid": id + "-size", text: sequenceLabel(q)})]);
  }

  // A new meld starts from its rank: one tap on a grid of big buttons.
  function rankGrid(s, i) {
    var id = "side-" + i;
    var used = s.melds.map(function (m) { return m.rank; });
    return el("div", {"class": "rank-pick", role: "group", "aria-label": L.pickRank, "data-testid": id + "-rank-grid"}, [
      el("p", {"class": "rank-pick-title", text: L.pickRank}),
      el("div", {"class": "rank-grid"}, config.ranks.map(function (r) {
        var label = rankLabel(r);  // "K", or words ("Black 3"), set smaller to fit the button
        var cls = "rank" + (used.indexOf(r) >= 0 ? " used" : "") + (label.length > 2 ? " words" : "");
        return el("button", {type: "button", "class": cls, text: label, "data-testid": id + "-rank-" + r,
          onclick: function () {
            var wild = r === "wild";
            s.melds.push({rank: r, naturals: wild ? 0 : config.min_meld, twos: wild ? config.wild_meld_min : 0, jokers: 0, concealed: false});
            s.picking = false; render(); changed();
            focusTestid(id + "-meld-" + (s.melds.length - 1) + (wild ? "-twos" : "-naturals"));
          }});
      })),
      el("button", {type: "button", "class": "cancel", text: L.cancel, "data-testid": id + "-rank-cancel", onclick: function () { s.picking = false; render(); focusTestid(id + "-add-meld"); }})
    ]);
  }

  function meldedPanel(s, i) {
    var id = "side-" + i;
    if (s.mode === "melds") {
      return el("div", {}, s.melds.map(function (m, j) { return meldRow(s, i, m, j); })
        .concat(s.sequences.map(function (q, j) { return sequenceRow(s, i, q, j); }))
        .concat([s.picking ? rankGrid(s, i) : el("button", {type: "button", "class": "add", "data-testid": id + "-add-meld", text: "+ " + L.addMeld,
          onclick: function () { s.picking = true; render(); focusTestid(id + "-rank-" + config.ranks[0]); }}),
          config.sequences ? el("button", {type: "button", "class": "add", "data-testid": id + "-add-sequence", text: "+ " + L.addSequence,
          onclick: function () { s.sequences.push(newSequence()); render(); changed(); }}) : null]));
    }
    var parts = [];
    if (s.mode === "counts") {
      parts.push(el("h3", {text: L.melded}));
      MELDED.forEach(function (c) { parts.push(stepper(classLabel(c), s.melded[c] || 0, 1, function (v) { s.melded[c] = v; changed(); }, id + "-melded-" + c)); });
    } else {
      parts.push(stepper(L.meldedPoints, s.points, 5, function (v) { s.points = v; changed(); }, id + "-melded-points"));
    }
    parts.push(el("h3", {text: config.words.canastas}));
    config.canasta_kinds.forEach(function (k) { parts.push(stepper(config.canasta_labels[k] || L[k], s.canastas[k] || 0, 1, function (v) { s.canastas[k] = v; changed(); }, id + "-canastas-" + k)); });
    if (config.sequence_kinds.length) {
      parts.push(el("h3", {text: L.sequences}));
      config.sequence_kinds.forEach(function (k) {
        var label = k === "straight" ? config.sequence_name : L[k];
        parts.push(stepper(label, s.seqCounts[k] || 0, 1, function (v) { s.seqCounts[k] = v; changed(); }, id + "-sequences-" + k));
      });
    }
    if (config.incomplete.length) {
      // Unfinished special melds: each 0 or 1 (with melds they come from the melds themselves).
      var boxes = config.incomplete.map(function (k) {
        var box = el("input", {type: "checkbox", "data-testid": id + "-incomplete-" + k, onchange: function (e) { s.incomplete[k] = e.target.checked ? 1 : 0; changed(); }});
        box.checked = !!s.incomplete[k];
        return el("label", {"class": "check"}, [box, document.createTextNode(L["incomplete_" + k])]);
      });
      parts.push(fold(s, "incomplete", L.incomplete, boxes, Object.keys(nonZero(s.incomplete)).length > 0, id + "-incomplete"));
    }
    return el("div", {}, parts);
  }

  // A new sequence: the preset's canasta of a sequence (7 ranks), from 5 where it fits.
  function newSequence() {
    var low = SEQUENCE_STARTS.indexOf("5") >= 0 ? "5" : SEQUENCE_STARTS[0];
    var ends = sequenceEnds(low);
    var canasta = NATURALS[NATURALS.indexOf(low) + config.sequence_canasta - 1];
    return {low: low, high: ends.indexOf(canasta) >= 0 ? canasta : ends[ends.length - 1]};
  }

  function handPanel(s, i) {
    var id = "side-" + i + "-hand";
    var parts = [el("h3", {text: L.inHand}), toggle([["counts", L.asCounts], ["points", L.asPoints]], s.handMode, function (m) { s.handMode = m; render(); changed(); }, id + "-mode")];
    if (s.handMode === "points") {
      parts.push(stepper(L.points, s.handPoints, 5, function (v) { s.handPoints = v; changed(); }, id + "-points"));
    } else {
      HAND.forEach(function (c) { parts.push(stepper(classLabel(c), s.hand[c] || 0, 1, function (v) { s.hand[c] = v; changed(); }, id + "-" + c)); });
    }
    if (config.caught_sets.length) {
      // Players caught holding three aces or three sevens (a penalty each, on top of the cards).
      var caught = config.caught_sets.map(function (k) {
        var label = k === "aces" ? L.caughtAces : L.caughtSevens;
        return stepper(label, s.caught[k] || 0, 1, function (v) { s.caught[k] = v; changed(); }, "side-" + i + "-caught-" + k);
      });
      parts.push(fold(s, "caught", L.caughtSets, caught, Object.keys(nonZero(s.caught)).length > 0, "side-" + i + "-caught"));
    }
    return el("div", {"class": "hand-left"}, parts);
  }

  // Hand and Foot: cards in the side's feet that were never picked up, counted like a hand.
  function footPanel(s, i) {
    var id = "side-" + i + "-foot";
    var parts = [el("h3", {text: L.foot}), el("p", {"class": "muted hint", text: L.footHint.replace("%(n)s", config.foot_cards)}),
      toggle([["counts", L.asCounts], ["points", L.asPoints]], s.footMode, function (m) { s.footMode = m; render(); changed(); }, id + "-mode")];
    if (s.footMode === "points") {
      parts.push(stepper(L.points, s.footPoints, 5, function (v) { s.footPoints = v; changed(); }, id + "-points"));
    } else {
      HAND.forEach(function (c) { parts.push(stepper(classLabel(c), s.foot[c] || 0, 1, function (v) { s.foot[c] = v; changed(); }, id + "-" + c)); });
    }
    var used = s.footMode === "points" ? !!s.footPoints : Object.keys(nonZero(s.foot)).length > 0;
    return el("div", {"class": "foot-left", "data-testid": id}, [fold(s, "foot", L.foot, parts.slice(1), used, id + "-fold")]);
  }

  // Modern American: a special hand is the side's whole score, laid down in one go. It ends the
  // hand, so nobody goes out and no other side lays one.
  function pickSpecial(s, i, hand) {
    var moved = [];
    sides.forEach(function (o, k) {
      if (o !== s && (o.went_out || o.special)) { o.went_out = false; o.special = null; moved.push(config.sides[k].said.specialMoved); }
      o.notice = "";
    });
    s.special = hand.id; s.went_out = false; s.pickingSpecial = false;
    s.notice = moved.join(" ");
    render(); changed();
    focusTestid("side-" + i + "-special-remove");
  }

  function specialPick(s, i) {
    var id = "side-" + i + "-special";
    if (!s.pickingSpecial) {
      return el("button", {type: "button", "class": "add", "data-testid": id + "-add", text: "+ " + L.addSpecialHand,
        onclick: function () { s.pickingSpecial = true; render(); focusTestid(id + "-" + config.special_hands[0].id); }});
    }
    return el("div", {"class": "rank-pick", role: "group", "aria-label": L.pickSpecialHand, "data-testid": id + "-grid"}, [
      el("p", {"class": "rank-pick-title", text: L.pickSpecialHand}),
      el("div", {"class": "special-grid"}, config.special_hands.map(function (hand) {
        return el("button", {type: "button", "class": "special", "data-testid": id + "-" + hand.id, onclick: function () { pickSpecial(s, i, hand); }}, [
          el("span", {"class": "special-name", text: hand.name}),
          el("span", {"class": "special-value", text: hand.value + (hand.wins_game ? " · " + L.winsShort : "")})]);
      })),
      el("button", {type: "button", "class": "cancel", text: L.cancel, "data-testid": id + "-cancel", onclick: function () { s.pickingSpecial = false; render(); focusTestid(id + "-add"); }})
    ]);
  }

  function specialPanel(s, i) {
    var id = "side-" + i + "-special";
    var hand = config.special_hands.filter(function (h) { return h.id === s.special; })[0] || {name: s.special, value: ""};
    return el("div", {"class": "meld special-chosen", "data-testid": id}, [
      el("div", {"class": "meld-head"}, [
        el("span", {"class": "special-name"}, [el("span", {"class": "muted", text: L.specialHand + " "}), el("strong", {text: hand.name})]),
        el("span", {"class": "special-value", text: String(hand.value)}),
        el("button", {type: "button", "class": "remove danger", text: "×", "aria-label": L.removeSpecialHand, "data-testid": id + "-remove", onclick: function () { s.special = null; s.notice = ""; render(); changed(); focusTestid(id + "-add"); }})]),
      el("p", {"class": "muted hint", text: L.specialAlone})]);
  }

  // Black threes laid out, exact pick-ups, an exact cut: the preset's rarer boxes, in one fold.
  function extras(s, i) {
    var id = "side-" + i;
    var parts = [], names = [];
    if (config.threes_laid) {
      names.push(L.blackThreesLaid);
      parts.push(stepper(L.blackThreesLaid, s.black_threes_laid, 1, function (v) { s.black_threes_laid = v; changed(); }, id + "-black-threes-laid"));
    }
    if (config.exact_pickups) {
      names.push(L.exactPickups);
      parts.push(stepper(L.exactPickups, s.exact_pickups, 1, function (v) { s.exact_pickups = v; changed(); }, id + "-exact-pickups"));
    }
    if (config.exact_cut) {
      names.push(L.exactCut);
      var cut = el("input", {type: "checkbox", "data-testid": id + "-exact-cut", onchange: function (e) { s.exact_cut = e.target.checked; changed(); }});
      cut.checked = s.exact_cut;
      parts.push(el("label", {"class": "check"}, [cut, document.createTextNode(L.exactCut)]));
    }
    if (!parts.length) { return null; }
    var used = !!(s.black_threes_laid || s.exact_pickups || s.exact_cut);
    return fold(s, "extras", names.join(" · "), parts, used, id + "-extras");
  }

  function sidePanel(s, i) {
    var id = "side-" + i;
    var out = el("input", {type: "checkbox", "data-testid": id + "-went-out", onchange: function (e) {
      // One side goes out: ticking it unticks another, and says so here, where it happens.
      // Going out ends the hand: no side has laid a special hand then either.
      var moved = [], dropped = [];
      sides.forEach(function (o, k) {
        if (o === s || !e.target.checked) { return; }
        if (o.went_out) { o.went_out = false; moved.push(config.sides[k].said.outMoved); }
        if (o.special) { o.special = null; dropped.push(config.sides[k].said.specialDropped); }
      });
      sides.forEach(function (o) { o.notice = ""; });
      // Each side's own sentence (its verb agrees with its players: hand_pages._side_words).
      s.notice = moved.concat(dropped).join(" ");
      s.went_out = e.target.checked; render(); changed(); }});
    out.checked = s.went_out;
    var concealed = el("input", {type: "checkbox", "data-testid": id + "-concealed", onchange: function (e) { s.concealed = e.target.checked; changed(); }});
    concealed.checked = s.concealed;
    var head = el("h2", {}, [el("span", {text: config.sides[i].name}), el("span", {"class": "live", id: id + "-live", "data-testid": id + "-live"})]);
    var needs = opening[i] === null || opening[i] === undefined ? null
      : el("p", {"class": "needs muted", "data-testid": id + "-needs", text: minimumText(opening[i])});
    var notice = s.notice ? el("p", {"class": "notice", role: "status", "data-testid": id + "-notice", text: s.notice}) : null;
    if (s.special) {
      return el("section", {"class": "card side-panel", "data-side": i + 1, "data-testid": id}, [head, needs, specialPanel(s, i), notice, adjustmentPanel(s, i)]);
    }
    var holds = !(s.went_out && config.sides[i].solo);  // a player out alone holds no cards
    return el("section", {"class": "card side-panel", "data-side": i + 1, "data-testid": id}, [
      head,
      needs,
      toggle([["melds", L.melds], ["counts", L.counts], ["totals", L.totals]], s.mode, function (m) { s.mode = m; render(); changed(); }, id + "-mode"),
      meldedPanel(s, i),
      stepper(own.red_threes || (config.threes_laid ? L.redThreesLaid : L.redThrees), s.red_threes, 1, function (v) { s.red_threes = v; changed(); }, id + "-red-threes"),
      extras(s, i),
      el("label", {"class": "check big-check"}, [out, document.createTextNode(L.wentOut)]),
      notice,
      s.went_out && config.concealed_going_out ? el("label", {"class": "check"}, [concealed, document.createTextNode(L.concealed)]) : null,

      holds ? handPanel(s, i) : null,
      holds && config.feet ? footPanel(s, i) : null,
      config.special_hands.length ? specialPick(s, i) : null,
      adjustmentPanel(s, i)
    ]);
  }

  function focusTestid(testid) {
    var node = testid && root.querySelector('[data-testid="' + testid + '"]');
    if (node) { node.focus(); }
  }

  function render() {
    // The form is redrawn from its state: keep the keyboard focus where it was.
    var active = document.activeElement;
    var focused = active && root.contains(active) ? active.getAttribute("data-testid") : null;
    root.textContent = "";
    sides.forEach(function (s, i) { root.appendChild(sidePanel(s, i)); });
    showError(serverError);
    focusTestid(focused);
  }

  function showError(error) {
    var banner = document.getElementById("error");
    document.querySelectorAll(".has-error").forEach(function (n) { n.classList.remove("has-error"); });
    if (!error) { banner.hidden = true; return; }
    banner.textContent = error.error;
    banner.hidden = false;
    var selector = error.meld ? '.meld[data-side="' + (error.side - 1) + '"][data-meld="' + error.meld + '"]'
      : error.side ? '.side-panel[data-side="' + error.side + '"]' : null;
    var node = selector && document.querySelector(selector);
    if (node) {
      node.classList.add("has-error");
      var note = el("div", {"class": "field-error", text: error.error});
      node.appendChild(note);
    }
  }

  function keepDraft() {
    try { sessionStorage.setItem(draftKey, JSON.stringify({key: entryKey, sides: sides.map(toRecord)})); } catch (e) { /* full or private */ }
  }

  function dropDraft() {
    try { sessionStorage.removeItem(draftKey); } catch (e) { /* nothing kept */ }
  }

  var num = window.canastaNumbers.plain, signed = window.canastaNumbers.signed;  // base.js

  function minimumText(m) { return m === "canasta" ? L.needsCanasta : L.needs.replace("%(n)s", m); }

  var timer = null;
  var sequence = 0;
  function changed() {
    paintBadges();
    serverError = null;
    blankAccepted = false;
    keepDraft();
    clearTimeout(timer);
    timer = setTimeout(preview, 200);
  }

  // The live score: the phone's engine once it is loaded (no request, with or without a
  // connection), the server's preview until then.
  var lastPreview = null;  // {records: the entry as JSON, data: its score}
  var engineFailed = false;  // no worker, no WebAssembly, the engine's files out of reach
  function previewUrl() { return config.preview_url.replace(/\/\d+\/preview$/, "/" + number + "/preview"); }

  function preview() {
    var mine = ++sequence;
    var records = sides.map(toRecord);
    var asked;
    if (engine && engine.isReady) {
      asked = engine.preview({table: config.table, sides: records, before: before, number: number});
    } else if (!navigator.onLine) {
      asked = Promise.reject(new Error("offline"));  // no server to ask: the engine, when it comes
    } else {
      // A rule's refusal is an answer (the error's body), as the phone's engine gives it.
      asked = fetch(previewUrl(), {method: "POST", headers: {"Content-Type": "application/json", "X-CSRFToken": csrf},
        body: JSON.stringify(records)})
        .then(function (r) { if (r.status >= 500) { throw new Error(r.status); } return r.json(); });
    }
    asked.then(function (data) {
      if (mine !== sequence) { return; }  // a newer change is on its way
      showPreview(data, records);
    }, function () {
      if (mine !== sequence) { return; }
      // No answer from the server: the phone's engine scores it once it is ready (if it can
      // load here at all).
      clearPreview(engine && !engineFailed ? L.engineLoading : L.offlineNoEngine);
      if (engine && !engine.isReady) {
        engine.ready.then(function () { if (mine === sequence) { preview(); } },
          function () { if (mine === sequence) { clearPreview(L.offlineNoEngine); } });
      }
    });
  }

  function clearPreview(why) {
    lastPreview = null;
    sides.forEach(function (s, i) { document.getElementById("side-" + i + "-live").textContent = ""; });
    document.getElementById("preview").textContent = why || "";
  }

  function showPreview(data, records) {
    document.querySelectorAll(".field-error").forEach(function (n) { n.remove(); });
    if (data.error) {
      showError(data);
      clearPreview(data.error);  // also by the Save button, where the player looks
      return;
    }
    lastPreview = {records: JSON.stringify(records), data: data};
    showError(null);
    var summary = [];
    data.sides.forEach(function (side, i) {
      var line = signed(side.total) + " \u2192 " + num(side.score_after);
      document.getElementById("side-" + i + "-live").textContent = line;
      summary.push(config.sides[i].name + " " + line);
    });
    if (data.wins_game !== null) { summary.push(config.sides[data.wins_game].said.winsAtOnce); }
    else if (data.outcome && data.outcome.finished) { summary.push(overText(data.outcome)); }
    document.getElementById("preview").textContent = summary.join(" · ");
  }

  // Saving: the script sends the entry itself, so that a send that fails (no Wi-Fi, no answer)
  // leaves it on the page and in the draft, says so beside the button pressed, and pressing it
  // again sends the same entry with the same key: the server saves an entry once, so a save
  // whose answer was lost is not saved twice. The draft goes only when the server says the entry
  // is saved (or dropped). An answer that is a page (another phone's save, a page gone) is posted
  // again by the browser itself, as a plain form, for the server to show: nothing was saved.
  var save = document.getElementById("save");
  var sendStatus = document.getElementById("send-status");
  var SEND_TIMEOUT = 20000;  // ms: a save takes well under a second; past this, say so
  var sending = false;  // one tap, one hand
  var posting = false;  // the browser is posting the form itself
  var saved = false;  // the server has the entry: this page is done with it
  var blank = document.getElementById("blank-confirm");
  var blankAccepted = false;
  function isBlank() {
    return sides.every(function (s) { return Object.keys(toRecord(s)).length === 0; });
  }
  function submitButtons() { return form.querySelectorAll("button[type=submit]"); }

  function busy(submitter) {
    sending = true;
    sendStatus.hidden = true;
    sendStatus.textContent = "";
    submitButtons().forEach(function (b) { b.disabled = true; });
    if (submitter === save) { save.textContent = L.saving; }
  }

  function idle() {
    sending = false;
    save.textContent = saveLabel;
    submitButtons().forEach(function (b) { b.disabled = false; });
  }

  function failed(submitter, message) {
    idle();
    sendStatus.classList.remove("kept");
    submitter.parentNode.insertBefore(sendStatus, submitter);  // where the player is looking
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
    if (queue && answer.game) { queue.seen(config.game, answer.game); }
    if (answer.location) {  // to the scoreboard, which says what became of the entry
      if (answer.entry !== "refused") { saved = true; dropDraft(); forget(entryKey); }
      else if (queue) { queue.mark(entryKey, "refused", answer.message || ""); }
      window.location.assign(answer.location);
    } else if (status === 400 && answer.error) {
      serverError = answer;  // a rule's refusal: shown where the preview shows it
      render();
      failed(submitter, L.notSavedRefused.replace("%(reason)s", answer.error));
    } else {
      postAsForm(submitter);
    }
  }

  function send(submitter) {
    document.getElementById("record").value = JSON.stringify(sides.map(toRecord));
    keepDraft();  // the entry as sent, whatever becomes of this send
    var data = new FormData(form);
    if (submitter.name) { data.append(submitter.name, submitter.value); }  // a choice button
    busy(submitter);
    var timedOut = false;
    var controller = new AbortController();
    var deadline = setTimeout(function () { timedOut = true; controller.abort(); }, SEND_TIMEOUT);
    fetch(form.action, {method: "POST", body: data, headers: {Accept: "application/json"}, signal: controller.signal})
      .then(function (response) {
        clearTimeout(deadline);
        if (response.status >= 500) { return failed(submitter, L.notSavedServer); }
        if (!/json/.test(response.headers.get("Content-Type") || "")) { return postAsForm(submitter); }
        return response.json().then(function (answer) { answered(submitter, response.status, answer); },
          function () { failed(submitter, L.notSavedOffline); });  // the answer was cut off
      }, function () {
        clearTimeout(deadline);
        failed(submitter, timedOut ? L.notSavedServer : L.notSavedOffline);
      });
  }

  // A new hand is kept on this phone first (IndexedDB, queue.js), then sent with whatever waits
  // before it, in order. Saved: to the scoreboard. Another phone saved first: the two-phone
  // page. Refused by a rule: shown here, as the preview shows it. No answer: it waits, shown
  // as "waiting to send", and the entry moves on to the next hand with the phone's scores.
  function keep() {
    var records = sides.map(toRecord);
    document.getElementById("record").value = JSON.stringify(records);
    keepDraft();
    busy(save);
    var fields = {};
    new FormData(form).forEach(function (value, key) { fields[key] = value; });
    scoreNow(records).then(function (scored) {
      if (scored && scored.error) {  // the phone's engine refuses it, as the server would
        serverError = scored;
        render();
        failed(save, L.notSavedRefused.replace("%(reason)s", scored.error));
        return;
      }
      var item = {key: entryKey, game: config.game, url: form.action || window.location.href, fields: fields,
        number: number, names: config.table.names, totals: scored && queue.totalsOf(scored), over: scored ? scored.outcome : null};
      return queue.get(item.key).then(function (kept) {
        // A key already kept for another hand (a page opened again from the phone's copy, whose
        // key went with an earlier hand) is never reused: this entry takes a key of its own.
        if (kept && kept.fields.record !== fields.record) {
          entryKey = item.key = fields.entry_key = newKey();
          document.getElementById("entry-key").value = entryKey;
        }
        return queue.put(item);
      }).then(function () {
        dropDraft();  // kept: a reload now shows it in the list, not again as the entry
        return queue.flush();
      }).then(function () { return queue.get(item.key); })
        .then(function (left) {
          if (!left) { saved = true; window.location.assign(config.scoreboard_url); return; }
          if (left.state === "choice") { postAsForm(save); return; }
          if (left.state === "refused" && left.answer && !left.answer.location) {
            forget(left.key);  // a rule refused it: nothing waits, the entry stays on the page
            keepDraft();
            serverError = left.answer;
            render();
            failed(save, L.notSavedRefused.replace("%(reason)s", left.answer.error));
            return;
          }
          if (left.state === "refused") { saved = true; window.location.assign(config.scoreboard_url); return; }
          nextOffline(left);
        });
    }).catch(function () { idle(); send(save); });  // no IndexedDB here (a private window): as before
  }

  // The hand's score as Save keeps it: the phone's engine's, scored now (so a quick tap has it
  // too); until the engine is ready, the live score's if it is this very entry's.
  function scoreNow(records) {
    if (engine && engine.isReady) {
      return engine.preview({table: config.table, sides: records, before: before, number: number})
        .catch(function () { return null; });
    }
    var same = lastPreview && lastPreview.records === JSON.stringify(records);
    return Promise.resolve(same ? lastPreview.data : null);
  }

  function forget(key) { if (queue) { queue.remove(key).catch(function () {}); } }

  function newKey() {
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }

  // The hand waits on this phone: the page moves on to the next one (scored by the phone's
  // engine once it is ready, if it was not yet).
  function nextOffline(item) {
    if (!item.totals && engine) { engine.ready.then(restore, function () {}); }
    dropDraft();
    entryKey = newKey();
    document.getElementById("entry-key").value = entryKey;
    follow(item);
    sides = config.sides.map(function (side) { var s = fromRecord({}); s.solo = side.solo; return s; });
    idle();
    save.disabled = ended;
    render();
    clearPreview();
    preview();
    sendStatus.hidden = false;
    sendStatus.classList.add("kept");
    sendStatus.textContent = L.keptHand.replace("%(n)s", item.number) + (ended ? " " + overText(item.over) : "");
    save.parentNode.insertBefore(sendStatus, save);
    window.scrollTo(0, 0);
  }

  // Where the game stands as this page enters its hand: the page's own state, unless this
  // phone has seen the game further on since (queue.seen: any page of the game the server
  // sent, any hand it saved). A new hand's page the service worker shows offline is a copy from
  // when it was last opened, maybe hands ago: its number is taken, its totals are not the
  // game's. A correction, or the choice after another phone's save, is the server's own page.
  function standing() {
    var own = {number: config.number, before: config.sides.map(function (side) { return side.score_before; }),
      opening: config.sides.map(function (side) { return side.opening_minimum; })};
    var known = queue ? queue.seen(config.game, config.game_state) : null;  // this page's state kept too
    var newer = known && known.version > config.game_state.version && known.before.length === own.before.length;
    return newer && !editing && !choosing ? known : own;
  }

  // After a hand kept on this phone: the next number, and each side's score and opening after it
  // (when the phone's engine scored it).
  function follow(item) {
    number = item.number + 1;
    if (item.totals) {
      before = item.totals.map(function (t) { return t.score_after; });
      opening = item.totals.map(function (t) { return t.opening_minimum; });
    } else {
      opening = opening.map(function () { return null; });  // not known until the engine scores it
    }
    showNumber();
    ended = !!(item.over && item.over.finished);
    save.disabled = ended;
  }
  var ended = false;

  function showNumber() {
    var field = form.querySelector("[name=number]");
    if (field) { field.value = String(number); }
    var title = config.of_hands && number <= config.of_hands
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
  var keptFrom = {table: config.table, number: stands.number, before: stands.before};
  function restore() {
    if (!queue || editing || choosing) { return; }
    queue.list(config.game).then(function (items) {
      showQueued(items);
      var ahead = items.filter(function (i) { return i.number >= keptFrom.number && i.state !== "refused"; });
      if (!ahead.length) { return; }
      var last = ahead[ahead.length - 1];
      if (last.number + 1 !== number || last.totals) { follow(last); if (sequence) { preview(); } }
      queue.scoreKept(engine, keptFrom, items).then(function (scored) { if (scored) { restore(); } });
    }, function () { /* no IndexedDB: nothing was kept */ });
  }

  // The game followed while a new hand is entered: another phone that saves this very hand is
  // seen within seconds. An entry nobody has touched moves on to the next hand by itself (the
  // page again, from the server, which says why). Once the player has begun (a tap, a key) the
  // entry stays, and the page says what Save will ask: the two-phone choice, the same hand or
  // the next; a begun entry still blank also offers to go on to the next hand.
  var FOLLOW_EVERY = 5000;
  var MOVED = "canasta.moved." + config.game;  // the hand another phone saved, as the page moved on
  var touched = false;
  ["click", "input", "change"].forEach(function (type) { form.addEventListener(type, function () { touched = true; }); });
  function followGame() {
    if (editing || choosing || document.hidden || !navigator.onLine) { return; }
    fetch(config.version_url, {credentials: "same-origin", cache: "no-cache"})
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (answer) {
        if (!answer || answer.hands < number) { return; }
        if (!touched && isBlank() && movedFrom() !== number) {
          try { sessionStorage.setItem(MOVED, String(number)); } catch (e) { /* moved on all the same */ }
          window.location.reload();
          return;
        }
        otherSaved(L.otherSaved.replace("%(n)s", number), isBlank());
      }, function () { /* no connection: the next look tries again */ });
  }

  function otherSaved(text, offerNext) {
    var note = document.getElementById("other-saved");
    note.querySelector("span").textContent = text;
    note.querySelector("a").hidden = !offerNext;
    note.hidden = false;
  }

  function movedFrom() {
    try { return parseInt(sessionStorage.getItem(MOVED), 10) || null; } catch (e) { return null; }
  }

  // The page moved on by itself: it says so, once. A copy as old as the page it left (the
  // service worker's, on Wi-Fi too slow) does not move on again: it says what Save will ask.
  function sayMovedOn() {
    var from = movedFrom();
    if (!from || from >= number) { return; }
    try { sessionStorage.removeItem(MOVED); } catch (e) { /* said once all the same */ }
    otherSaved(L.movedOn.replace("%(n)s", from), false);
  }
  setInterval(followGame, FOLLOW_EVERY);

  // The hands kept on this phone, folded under one line that counts them: the entry stays first.
  function showQueued(items) {
    queue.show(document.getElementById("queued"), items);
    var waiting = items.filter(function (i) { return i.state === "waiting"; }).length;
    document.getElementById("queued-title").textContent = L.keptCount.replace("%(n)s", items.length)
      + (waiting === items.length ? " · " + L.waitingAll : "");
  }

  // Whether the browser thinks it is online: said at the top, where the player looks first.
  function connection() {
    var note = document.getElementById("offline-note");
    note.hidden = navigator.onLine;
    note.textContent = navigator.onLine ? "" : L.offline;
  }
  window.addEventListener("online", connection);
  window.addEventListener("offline", connection);
  window.addEventListener("canasta-queue", function () {
    if (!queue || editing || choosing) { return; }
    queue.list(config.game).then(showQueued);
  });

  var saveLabel = save.textContent;
  form.addEventListener("submit", function (event) {
    if (posting) { return; }
    event.preventDefault();
    if (sending || saved) { return; }
    var submitter = event.submitter || save;
    var choice = submitter.name === "choice";
    if (!choice && !blankAccepted && isBlank()) {
      // A completely blank hand is most often a slip: ask before saving 0 for every side.
      blank.hidden = false;
      document.getElementById("blank-save").focus();
      return;
    }
    if (!choice && !editing && queue) { keep(); } else { send(submitter); }
  });
  window.addEventListener("pageshow", function (event) {
    // Back to this page from the next (the browser kept it as it was): a saved entry is not
    // shown again as if it were still to save; an entry the server answered with a page is.
    if (!event.persisted) { return; }
    if (saved) { window.location.reload(); } else { idle(); }
  });
  document.getElementById("blank-save").addEventListener("click", function () {
    blankAccepted = true;
    blank.hidden = true;
    form.requestSubmit(save);
  });
  document.getElementById("blank-back").addEventListener("click", function () {
    blank.hidden = true;
    save.focus();
  });

  if (number !== config.number) { showNumber(); }  // a copy older than what the phone saw
  render();
  if (config.entered || draft) { preview(); }
  connection();
  restore();
  sayMovedOn();
  // The engine ready: the score on the page is its own from now on.
  if (engine) {
    engine.ready.then(function () { if (sequence) { preview(); } }, function () { engineFailed = true; });
  }
  // Save works once the entry is ready: a tap while the page still loads would send no hand.
  save.disabled = ended;
})();
