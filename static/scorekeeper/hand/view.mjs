/* The entry page's sides: per side, melds (rank + steppers), card counts or plain totals; red
   threes; who went out; cards left in hand. Where the preset has a use for them (the page config
   says so, from the engine's data): sequences, threes of both colours, caught sets, unfinished
   special melds, a special hand, unplayed feet and exact pick-ups.

   A side's panel is drawn from its state (record.mjs) and drawn again, alone, when a choice
   changes its shape (a meld added, a mode chosen); a number typed or stepped changes the state
   and nothing is redrawn. A choice that moves another side (going out, a special hand) redraws
   them all. The keyboard focus stays on the control it was on (its data-key). */
import { checkbox, el, focusKey, focusedKey, fold, stepper, toggle } from "./dom.mjs";
import { offers } from "./record.mjs";

const NATURALS = ["4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];  // a suit, low to high

// entry: {sides, opening, error} (the page's, which it changes); changed(): the entry changed.
export function createView({ config, L, root, entry, changed }) {
  const MELDED = config.melded_classes;  // hand-format's count classes, from the engine
  const HAND = config.hand_classes;  // ... of cards left in a hand or foot (red threes caught)
  const own = config.card_names;  // a deck of its own names its cards (Canasta-Origen: DIVA...)
  const count = (...args) => stepper(L, ...args);

  function rankLabel(r) {
    return r === "wild" ? L.wild : r === "3" ? (own.black_threes || L.blackThreeRank) : (config.rank_labels || {})[r] || r;
  }

  function classLabel(c) { return own[c] || L[c]; }

  function foldOf(s, name, title, parts, used, key) {
    s.open = s.open || {};
    return fold(s.open, name, title, parts, used, key);
  }

  // A penalty or adjustment the table decided, with its reason.
  function adjustmentPanel(s, i) {
    const id = "side-" + i + "-adjustment";
    // No numeric inputmode: its iPhone keypad has no minus sign, and a penalty is below zero.
    const points = el("input", {
      type: "number", step: "5", value: s.adjPoints ? String(s.adjPoints) : "", id: id + "-points", key: id + "-points",
      oninput: () => { const v = parseInt(points.value, 10); s.adjPoints = isNaN(v) ? 0 : v; changed(); },
    });
    const reason = el("input", {
      type: "text", maxlength: "120", value: s.adjReason, id: id + "-reason", key: id + "-reason",
      oninput: () => { s.adjReason = reason.value; changed(); },
    });
    return foldOf(s, "adjustment", L.adjustment, [
      el("p", { class: "muted hint", text: L.adjustmentHint }),
      el("label", { for: id + "-points", text: L.adjustmentPoints }), points,
      el("label", { for: id + "-reason", text: L.adjustmentReason }), reason,
    ], !!s.adjPoints, id);
  }

  function meldRow(s, i, m, j) {
    const id = "side-" + i + "-meld-" + j;
    const select = el("select", {
      key: id + "-rank", "aria-label": L.rank,
      onchange: () => {
        const wild = select.value === "wild";
        const reshaped = wild !== (m.rank === "wild");  // a meld of wild cards holds no naturals: no box for them
        if (reshaped && wild) { m.naturals = 0; }
        m.rank = select.value;
        if (reshaped) { render(i); }
        changed();
      },
    }, config.ranks.map((r) => el("option", { value: r, text: rankLabel(r) })));
    select.value = m.rank;
    // The box always shows the stored value: a redraw, a reload or a correction keeps it.
    const whole = config.concealed_melds ? checkbox(m.concealed, (on) => { m.concealed = on; changed(); }, id + "-concealed") : null;
    const badge = el("span", { class: "badge", key: id + "-badge" });
    paintBadge(badge, m);
    return el("div", { class: "meld", "data-side": i, "data-meld": j + 1 }, [
      el("div", { class: "meld-head" }, [select, badge,
        el("button", { type: "button", class: "remove danger", text: "×", "aria-label": L.removeMeld, key: id + "-remove", onclick: () => { s.melds.splice(j, 1); render(i); changed(); } })]),
      whole ? el("label", { class: "check" }, [whole, L.concealedMeld]) : null,
      m.rank === "wild" ? null : count(L.naturals, m.naturals, 1, (v) => { m.naturals = v; changed(); }, id + "-naturals"),
      count(classLabel("twos"), m.twos, 1, (v) => { m.twos = v; changed(); }, id + "-twos"),
      count(classLabel("jokers"), m.jokers, 1, (v) => { m.jokers = v; changed(); }, id + "-jokers"),
    ]);
  }

  // A meld of the preset's canasta size says so ("natural canasta", "dirty book"): the rules
  // themselves are the engine's, checked by the live score.
  function paintBadge(node, m) {
    const size = (m.naturals || 0) + (m.twos || 0) + (m.jokers || 0);
    const whole = size >= config.canasta_size;
    node.hidden = !whole;
    node.textContent = whole ? ((m.twos || m.jokers) && m.rank !== "wild" ? config.words.dirtyBadge : config.words.cleanBadge) : "";
  }

  function paintBadges() {
    entry.sides.forEach((s, i) => {
      s.melds.forEach((m, j) => {
        const node = root.querySelector(`[data-key="side-${i}-meld-${j}-badge"]`);
        if (node) { paintBadge(node, m); }
      });
    });
  }

  // A sequence runs within one suit, 4 to A, over one of the lengths the preset allows (samba:
  // 3 to 7; espanola: 7 or the whole suit): "to" offers the ranks those lengths reach from "from".
  const LENGTHS = config.sequence_lengths;
  function sequenceEnds(low) {
    const start = NATURALS.indexOf(low);
    return LENGTHS.map((n) => NATURALS[start + n - 1]).filter(Boolean);
  }
  const SEQUENCE_STARTS = NATURALS.filter((r) => sequenceEnds(r).length);
  const place = (r) => NATURALS.indexOf(r);

  function sequenceLabel(q) {
    const n = place(q.high) - place(q.low) + 1;
    const cards = L.sequenceCards.replace("%(n)s", n);
    return n === config.sequence_canasta ? cards + " · " + config.sequence_name : cards;
  }

  // A new sequence: the preset's canasta of a sequence (7 ranks), from 5 where it fits.
  function newSequence() {
    const low = SEQUENCE_STARTS.includes("5") ? "5" : SEQUENCE_STARTS[0];
    const ends = sequenceEnds(low);
    const canasta = NATURALS[place(low) + config.sequence_canasta - 1];
    return { low, high: ends.includes(canasta) ? canasta : ends[ends.length - 1] };
  }

  function sequenceRow(s, i, q, j) {
    const id = "side-" + i + "-sequence-" + j;
    function pick(end, ranks) {
      if (!ranks.includes(q[end])) { ranks = ranks.concat([q[end]]); }  // as entered: the engine says why not
      const select = el("select", {
        "aria-label": end === "low" ? L.sequenceFrom : L.sequenceTo, key: id + "-" + end,
        onchange: () => {
          const length = place(q.high) - place(q.low);
          q[end] = select.value;
          if (end === "low") {
            // The sequence moves: it keeps its length where that fits in the suit, else it takes
            // the nearest length that does.
            const ends = sequenceEnds(q.low);
            const off = (r) => Math.abs(place(r) - place(q.low) - length);
            if (ends.length) { q.high = ends.reduce((best, r) => (off(r) < off(best) ? r : best)); }
          }
          render(i); changed();
        },
      }, ranks.map((r) => el("option", { value: r, text: rankLabel(r) })));
      select.value = q[end];
      return select;
    }
    return el("div", { class: "meld sequence", "data-side": i, "data-meld": s.melds.length + j + 1 }, [
      el("div", { class: "meld-head" }, [
        el("span", { text: L.from }), pick("low", SEQUENCE_STARTS), el("span", { text: L.to }), pick("high", sequenceEnds(q.low)),
        el("button", { type: "button", class: "remove danger", text: "×", "aria-label": L.removeSequence, key: id + "-remove", onclick: () => { s.sequences.splice(j, 1); render(i); changed(); } })]),
      el("p", { class: "sequence-size", key: id + "-size", text: sequenceLabel(q) })]);
  }

  // A new meld starts from its rank: one tap on a grid of big buttons.
  function rankGrid(s, i) {
    const id = "side-" + i;
    const used = s.melds.map((m) => m.rank);
    return el("div", { class: "rank-pick", role: "group", "aria-label": L.pickRank, key: id + "-rank-grid" }, [
      el("p", { class: "rank-pick-title", text: L.pickRank }),
      el("div", { class: "rank-grid" }, config.ranks.map((r) => {
        const label = rankLabel(r);  // "K", or words ("Black 3"), set smaller to fit the button
        const cls = "rank" + (used.includes(r) ? " used" : "") + (label.length > 2 ? " words" : "");
        return el("button", {
          type: "button", class: cls, text: label, key: id + "-rank-" + r,
          onclick: () => {
            const wild = r === "wild";
            s.melds.push({ rank: r, naturals: wild ? 0 : config.min_meld, twos: wild ? config.wild_meld_min : 0, jokers: 0, concealed: false });
            s.picking = false; render(i); changed();
            focus(id + "-meld-" + (s.melds.length - 1) + (wild ? "-twos" : "-naturals"));
          },
        });
      })),
      el("button", { type: "button", class: "cancel", text: L.cancel, key: id + "-rank-cancel", onclick: () => { s.picking = false; render(i); focus(id + "-add-meld"); } }),
    ]);
  }

  function meldedPanel(s, i) {
    const id = "side-" + i;
    if (s.mode === "melds") {
      return el("div", {}, [
        ...s.melds.map((m, j) => meldRow(s, i, m, j)),
        ...s.sequences.map((q, j) => sequenceRow(s, i, q, j)),
        s.picking ? rankGrid(s, i) : el("button", {
          type: "button", class: "add", key: id + "-add-meld", text: "+ " + L.addMeld,
          onclick: () => { s.picking = true; render(i); focus(id + "-rank-" + config.ranks[0]); },
        }),
        config.sequences ? el("button", {
          type: "button", class: "add", key: id + "-add-sequence", text: "+ " + L.addSequence,
          onclick: () => { s.sequences.push(newSequence()); render(i); changed(); },
        }) : null,
      ]);
    }
    const parts = [];
    if (s.mode === "counts") {
      parts.push(el("h3", { text: L.melded }));
      for (const c of MELDED) { parts.push(count(classLabel(c), s.melded[c] || 0, 1, (v) => { s.melded[c] = v; changed(); }, id + "-melded-" + c)); }
    } else {
      parts.push(count(L.meldedPoints, s.points, 5, (v) => { s.points = v; changed(); }, id + "-melded-points"));
    }
    parts.push(el("h3", { text: config.words.canastas }));
    for (const k of config.canasta_kinds) {
      parts.push(count(config.canasta_labels[k] || L[k], s.canastas[k] || 0, 1, (v) => { s.canastas[k] = v; changed(); }, id + "-canastas-" + k));
    }
    if (config.sequence_kinds.length) {
      parts.push(el("h3", { text: L.sequences }));
      for (const k of config.sequence_kinds) {
        const label = k === "straight" ? config.sequence_name : L[k];
        parts.push(count(label, s.seqCounts[k] || 0, 1, (v) => { s.seqCounts[k] = v; changed(); }, id + "-sequences-" + k));
      }
    }
    if (config.incomplete.length) {
      // Unfinished special melds: each 0 or 1 (with melds they come from the melds themselves).
      const boxes = config.incomplete.map((k) => el("label", { class: "check" }, [
        checkbox(s.incomplete[k], (on) => { s.incomplete[k] = on ? 1 : 0; changed(); }, id + "-incomplete-" + k),
        L["incomplete_" + k]]));
      parts.push(foldOf(s, "incomplete", L.incomplete, boxes, Object.values(s.incomplete).some(Boolean), id + "-incomplete"));
    }
    return el("div", {}, parts);
  }

  // Cards left in a hand or in feet: counts by class, or points.
  function cardsLeft(s, i, modeKey, countsKey, pointsKey, id) {
    return [
      toggle([["counts", L.asCounts], ["points", L.asPoints]], s[modeKey], (m) => { s[modeKey] = m; render(i); changed(); }, id + "-mode"),
      ...(s[modeKey] === "points"
        ? [count(L.points, s[pointsKey], 5, (v) => { s[pointsKey] = v; changed(); }, id + "-points")]
        : HAND.map((c) => count(classLabel(c), s[countsKey][c] || 0, 1, (v) => { s[countsKey][c] = v; changed(); }, id + "-" + c))),
    ];
  }

  function handPanel(s, i) {
    const parts = [el("h3", { text: L.inHand }), ...cardsLeft(s, i, "handMode", "hand", "handPoints", "side-" + i + "-hand")];
    if (config.caught_sets.length) {
      // Players caught holding three aces or three sevens (a penalty each, on top of the cards).
      const caught = config.caught_sets.map((k) => count(k === "aces" ? L.caughtAces : L.caughtSevens, s.caught[k] || 0, 1,
        (v) => { s.caught[k] = v; changed(); }, "side-" + i + "-caught-" + k));
      parts.push(foldOf(s, "caught", L.caughtSets, caught, Object.values(s.caught).some(Boolean), "side-" + i + "-caught"));
    }
    return el("div", { class: "hand-left" }, parts);
  }

  // Hand and Foot: cards in the side's feet that were never picked up, counted like a hand.
  function footPanel(s, i) {
    const id = "side-" + i + "-foot";
    const parts = [el("p", { class: "muted hint", text: L.footHint.replace("%(n)s", config.foot_cards) }),
      ...cardsLeft(s, i, "footMode", "foot", "footPoints", id)];
    const used = s.footMode === "points" ? !!s.footPoints : Object.values(s.foot).some(Boolean);
    return el("div", { class: "foot-left", key: id }, [foldOf(s, "foot", L.foot, parts, used, id + "-fold")]);
  }

  // Modern American: a special hand is the side's whole score, laid down in one go. It ends the
  // hand, so nobody goes out and no other side lays one.
  function pickSpecial(s, i, hand) {
    const moved = [];
    entry.sides.forEach((o, k) => {
      if (o !== s && (o.went_out || o.special)) { o.went_out = false; o.special = null; moved.push(config.sides[k].said.specialMoved); }
      o.notice = "";
    });
    s.special = hand.id; s.went_out = false; s.pickingSpecial = false;
    s.notice = moved.join(" ");
    render(); changed();
    focus("side-" + i + "-special-remove");
  }

  function specialPick(s, i) {
    const id = "side-" + i + "-special";
    if (!s.pickingSpecial) {
      return el("button", {
        type: "button", class: "add", key: id + "-add", text: "+ " + L.addSpecialHand,
        onclick: () => { s.pickingSpecial = true; render(i); focus(id + "-" + config.special_hands[0].id); },
      });
    }
    return el("div", { class: "rank-pick", role: "group", "aria-label": L.pickSpecialHand, key: id + "-grid" }, [
      el("p", { class: "rank-pick-title", text: L.pickSpecialHand }),
      el("div", { class: "special-grid" }, config.special_hands.map((hand) => el("button", {
        type: "button", class: "special", key: id + "-" + hand.id, onclick: () => pickSpecial(s, i, hand),
      }, [
        el("span", { class: "special-name", text: hand.name }),
        el("span", { class: "special-value", text: hand.value + (hand.wins_game ? " · " + L.winsShort : "") })]))),
      el("button", { type: "button", class: "cancel", text: L.cancel, key: id + "-cancel", onclick: () => { s.pickingSpecial = false; render(i); focus(id + "-add"); } }),
    ]);
  }

  function specialPanel(s, i) {
    const id = "side-" + i + "-special";
    const hand = config.special_hands.find((h) => h.id === s.special) || { name: s.special, value: "" };
    return el("div", { class: "meld special-chosen", key: id }, [
      el("div", { class: "meld-head" }, [
        el("span", { class: "special-name" }, [el("span", { class: "muted", text: L.specialHand + " " }), el("strong", { text: hand.name })]),
        el("span", { class: "special-value", text: String(hand.value) }),
        el("button", { type: "button", class: "remove danger", text: "×", "aria-label": L.removeSpecialHand, key: id + "-remove", onclick: () => { s.special = null; s.notice = ""; render(i); changed(); focus(id + "-add"); } })]),
      el("p", { class: "muted hint", text: L.specialAlone })]);
  }

  // Black threes laid out, exact pick-ups, an exact cut: the preset's rarer boxes, in one fold.
  function extras(s, i) {
    const id = "side-" + i;
    const parts = [];
    const names = [];
    if (offers(config, "black_threes_laid")) {
      names.push(L.blackThreesLaid);
      parts.push(count(L.blackThreesLaid, s.black_threes_laid, 1, (v) => { s.black_threes_laid = v; changed(); }, id + "-black-threes-laid"));
    }
    if (offers(config, "exact_pickups")) {
      names.push(L.exactPickups);
      parts.push(count(L.exactPickups, s.exact_pickups, 1, (v) => { s.exact_pickups = v; changed(); }, id + "-exact-pickups"));
    }
    if (config.exact_cut) {
      names.push(L.exactCut);
      parts.push(el("label", { class: "check" }, [checkbox(s.exact_cut, (on) => { s.exact_cut = on; changed(); }, id + "-exact-cut"), L.exactCut]));
    }
    if (!parts.length) { return null; }
    const used = !!(s.black_threes_laid || s.exact_pickups || s.exact_cut);
    return foldOf(s, "extras", names.join(" · "), parts, used, id + "-extras");
  }

  // One side goes out: ticking it unticks another, and says so here, where it happens. Going
  // out ends the hand: no side has laid a special hand then either.
  function goOut(s, on) {
    const moved = [];
    const dropped = [];
    entry.sides.forEach((o, k) => {
      if (o === s || !on) { return; }
      if (o.went_out) { o.went_out = false; moved.push(config.sides[k].said.outMoved); }
      if (o.special) { o.special = null; dropped.push(config.sides[k].said.specialDropped); }
    });
    for (const o of entry.sides) { o.notice = ""; }
    // Each side's own sentence (its verb agrees with its players: hand_pages._side_words).
    s.notice = moved.concat(dropped).join(" ");
    s.went_out = on; render(); changed();
  }

  function minimumText(m) { return m === "canasta" ? L.needsCanasta : L.needs.replace("%(n)s", m); }

  function sidePanel(s, i) {
    const id = "side-" + i;
    const head = el("h2", {}, [el("span", { text: config.sides[i].name }), el("span", { class: "live", id: id + "-live", key: id + "-live" })]);
    const need = entry.opening[i];
    const needs = need === null || need === undefined ? null : el("p", { class: "needs muted", key: id + "-needs", text: minimumText(need) });
    const notice = s.notice ? el("p", { class: "notice", role: "status", key: id + "-notice", text: s.notice }) : null;
    const panel = (parts) => el("section", { class: "card side-panel", "data-side": i + 1, key: id }, parts);
    if (s.special) {
      return panel([head, needs, specialPanel(s, i), notice, adjustmentPanel(s, i)]);
    }
    const holds = !(s.went_out && config.sides[i].solo);  // a player out alone holds no cards
    const threes = own.red_threes || (offers(config, "black_threes_laid") ? L.redThreesLaid : L.redThrees);
    return panel([
      head,
      needs,
      toggle([["melds", L.melds], ["counts", L.counts], ["totals", L.totals]], s.mode, (m) => { s.mode = m; render(i); changed(); }, id + "-mode"),
      meldedPanel(s, i),
      count(threes, s.red_threes, 1, (v) => { s.red_threes = v; changed(); }, id + "-red-threes"),
      extras(s, i),
      el("label", { class: "check big-check" }, [checkbox(s.went_out, (on) => goOut(s, on), id + "-went-out"), L.wentOut]),
      notice,
      s.went_out && offers(config, "concealed")
        ? el("label", { class: "check" }, [checkbox(s.concealed, (on) => { s.concealed = on; changed(); }, id + "-concealed"), L.concealed]) : null,
      holds ? handPanel(s, i) : null,
      holds && offers(config, "foot") ? footPanel(s, i) : null,
      config.special_hands.length ? specialPick(s, i) : null,
      adjustmentPanel(s, i),
    ]);
  }

  function focus(key) { focusKey(root, key); }

  // One side drawn again (`side`, its index), or every side; the focus stays where it was.
  function render(side) {
    const focused = focusedKey(root);
    const panels = root.querySelectorAll(":scope > .side-panel");
    if (side !== undefined && panels.length === entry.sides.length) {
      panels[side].replaceWith(sidePanel(entry.sides[side], side));
    } else {
      root.replaceChildren(...entry.sides.map(sidePanel));
    }
    showError(entry.error);
    focus(focused);
  }

  // A rule's refusal (the server's or the phone's engine's): above the sides, and on the side or
  // meld it names.
  function showError(error) {
    const banner = document.getElementById("error");
    document.querySelectorAll(".field-error").forEach((n) => n.remove());
    document.querySelectorAll(".has-error").forEach((n) => n.classList.remove("has-error"));
    if (!error) { banner.hidden = true; return; }
    banner.textContent = error.error;
    banner.hidden = false;
    const selector = error.meld ? `.meld[data-side="${error.side - 1}"][data-meld="${error.meld}"]`
      : error.side ? `.side-panel[data-side="${error.side}"]` : null;
    const node = selector && document.querySelector(selector);
    if (node) {
      node.classList.add("has-error");
      node.append(el("div", { class: "field-error", text: error.error }));
    }
  }

  return { render, paintBadges, showError, focus };
}
