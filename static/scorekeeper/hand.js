/* Hand entry: per side, melds (rank + steppers), card counts or plain totals; red threes; who
   went out; cards left in hand. The score shows live (the server scores it with the game's
   rules, nothing saved); saving posts the sides as hand-format JSON. */
(function () {
  "use strict";
  var L = JSON.parse(document.getElementById("hand-labels").textContent);
  var config = JSON.parse(document.getElementById("hand-config").textContent);
  var serverError = JSON.parse(document.getElementById("hand-error").textContent);
  var CLASSES = config.card_classes;  // hand-format's count classes, from the engine
  var csrf = document.querySelector("[name=csrfmiddlewaretoken]").value;
  var root = document.getElementById("sides");
  // A draft survives a reload or a phone call: kept per game and hand until it is saved.
  var draftKey = "canasta.draft." + config.preview_url;
  var draft = null;
  try { draft = JSON.parse(sessionStorage.getItem(draftKey) || "null"); } catch (e) { draft = null; }
  if (Array.isArray(draft)) { draft = {sides: draft}; }  // a draft kept by an older page
  // One key per entry, kept with the draft: a second submit or a reload after saving saves nothing.
  var entryKey = (draft && draft.key) || config.entry_key;
  document.getElementById("entry-key").value = entryKey;
  var start = config.entered || (draft && draft.sides) || [];
  var sides = config.sides.map(function (side, i) {
    var s = fromRecord(start[i] || {});
    s.solo = side.solo;
    return s;
  });

  function fromRecord(r) {
    var s = {mode: "melds", melds: [], sequences: [], melded: {}, points: 0, canastas: {},
             red_threes: r.red_threes || 0, went_out: !!r.went_out, concealed: !!r.concealed,
             exact_cut: !!r.exact_cut, handMode: "counts", hand: {}, handPoints: 0};
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
    return s;
  }

  function nonZero(obj) {
    var out = {};
    Object.keys(obj).forEach(function (k) { if (obj[k]) { out[k] = obj[k]; } });
    return out;
  }

  function toRecord(s) {
    var r = {};
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
      var melded = s.mode === "counts" ? nonZero(s.melded) : (s.points ? {points: s.points} : {});
      if (Object.keys(melded).length || Object.keys(canastas).length) {
        r.melded = Object.keys(melded).length ? melded : {points: 0};
        if (Object.keys(canastas).length) { r.canastas = canastas; }
      }
    }
    if (s.red_threes) { r.red_threes = s.red_threes; }
    if (s.went_out) { r.went_out = true; }
    if (s.went_out && s.concealed) { r.concealed = true; }
    if (s.exact_cut) { r.exact_cut = true; }
    if (s.went_out && s.solo) { return r; }  // a player out alone holds no cards
    if (s.handMode === "points") { if (s.handPoints) { r.hand = {points: s.handPoints}; } }
    else { var hand = nonZero(s.hand); if (Object.keys(hand).length) { r.hand = hand; } }
    return r;
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
  function rankLabel(r) { return r === "wild" ? L.wild : r === "3" ? (own.black_threes || L.blackThreeRank) : r; }

  function classLabel(c) {
    return own[c] || L[c];
  }

  function meldRow(s, i, m, j) {
    var id = "side-" + i + "-meld-" + j;
    var select = el("select", {"data-testid": id + "-rank", "aria-label": L.rank, onchange: function () { m.rank = select.value; changed(); }},
      config.ranks.map(function (r) { return el("option", {value: r, text: rankLabel(r)}); }));
    select.value = m.rank;
    var whole = null;
    if (config.concealed_melds) {
      // The box always shows the stored value: a redraw, a reload or a correction keeps it.
      whole = el("input", {type: "checkbox", "data-testid": id + "-concealed", onchange: function (e) { m.concealed = e.target.checked; changed(); }});
      whole.checked = !!m.concealed;
    }
    return el("div", {"class": "meld", "data-side": i, "data-meld": j + 1}, [
      el("div", {"class": "meld-head"}, [select,
        el("button", {type: "button", "class": "remove danger", text: "×", "aria-label": L.removeMeld, "data-testid": id + "-remove", onclick: function () { s.melds.splice(j, 1); render(); changed(); }})]),
      whole ? el("label", {"class": "check"}, [whole, document.createTextNode(L.concealedMeld)]) : null,
      stepper(L.naturals, m.naturals, 1, function (v) { m.naturals = v; changed(); }, id + "-naturals"),
      stepper(classLabel("twos"), m.twos, 1, function (v) { m.twos = v; changed(); }, id + "-twos"),
      stepper(classLabel("jokers"), m.jokers, 1, function (v) { m.jokers = v; changed(); }, id + "-jokers")
    ]);
  }

  function sequenceRow(s, i, q, j) {
    var ranks = config.ranks.filter(function (r) { return r !== "3" && r !== "wild"; });
    function pick(key) {
      var select = el("select", {"aria-label": key === "low" ? L.sequenceFrom : L.sequenceTo, "data-testid": "side-" + i + "-sequence-" + j + "-" + key, onchange: function () { q[key] = select.value; changed(); }},
        ranks.map(function (r) { return el("option", {value: r, text: r}); }));
      select.value = q[key];
      return select;
    }
    return el("div", {"class": "meld"}, [el("div", {"class": "meld-head"}, [
      el("span", {text: L.from}), pick("low"), el("span", {text: L.to}), pick("high"),
      el("button", {type: "button", "class": "remove danger", text: "×", "aria-label": L.removeSequence, "data-testid": "side-" + i + "-sequence-" + j + "-remove", onclick: function () { s.sequences.splice(j, 1); render(); changed(); }})])]);
  }

  // A new meld starts from its rank: one tap on a grid of big buttons.
  function rankGrid(s, i) {
    var id = "side-" + i;
    var used = s.melds.map(function (m) { return m.rank; });
    return el("div", {"class": "rank-pick", role: "group", "aria-label": L.pickRank, "data-testid": id + "-rank-grid"}, [
      el("p", {"class": "rank-pick-title", text: L.pickRank}),
      el("div", {"class": "rank-grid"}, config.ranks.map(function (r) {
        return el("button", {type: "button", "class": used.indexOf(r) >= 0 ? "rank used" : "rank", text: rankLabel(r), "data-testid": id + "-rank-" + r,
          onclick: function () {
            var wild = r === "wild";
            s.melds.push({rank: r, naturals: wild ? 0 : config.min_meld, twos: wild ? config.min_meld : 0, jokers: 0, concealed: false});
            s.picking = false; render(); changed();
            focusTestid(id + "-meld-" + (s.melds.length - 1) + "-naturals");
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
          onclick: function () { s.sequences.push({low: "5", high: "J"}); render(); changed(); }}) : null]));
    }
    var parts = [];
    if (s.mode === "counts") {
      parts.push(el("h4", {text: L.melded}));
      CLASSES.forEach(function (c) { parts.push(stepper(classLabel(c), s.melded[c] || 0, 1, function (v) { s.melded[c] = v; changed(); }, id + "-melded-" + c)); });
    } else {
      parts.push(stepper(L.meldedPoints, s.points, 5, function (v) { s.points = v; changed(); }, id + "-melded-points"));
    }
    parts.push(el("h4", {text: L.canastas}));
    config.canasta_kinds.forEach(function (k) { parts.push(stepper(L[k], s.canastas[k] || 0, 1, function (v) { s.canastas[k] = v; changed(); }, id + "-canastas-" + k)); });
    return el("div", {}, parts);
  }

  function handPanel(s, i) {
    var id = "side-" + i + "-hand";
    var parts = [el("h4", {text: L.inHand}), toggle([["counts", L.asCounts], ["points", L.asPoints]], s.handMode, function (m) { s.handMode = m; render(); changed(); }, id + "-mode")];
    if (s.handMode === "points") {
      parts.push(stepper(L.points, s.handPoints, 5, function (v) { s.handPoints = v; changed(); }, id + "-points"));
    } else {
      CLASSES.forEach(function (c) { parts.push(stepper(classLabel(c), s.hand[c] || 0, 1, function (v) { s.hand[c] = v; changed(); }, id + "-" + c)); });
    }
    return el("div", {"class": "hand-left"}, parts);
  }

  function sidePanel(s, i) {
    var id = "side-" + i;
    var out = el("input", {type: "checkbox", "data-testid": id + "-went-out", onchange: function (e) {
      // One side goes out: ticking it unticks another, and says so here, where it happens.
      var moved = [];
      sides.forEach(function (o, k) { if (o !== s && o.went_out && e.target.checked) { o.went_out = false; moved.push(config.sides[k].name); } });
      sides.forEach(function (o) { o.notice = ""; });
      s.notice = moved.length ? L.outMoved.replace("%(name)s", moved.join(", ")) : "";
      s.went_out = e.target.checked; render(); changed(); }});
    out.checked = s.went_out;
    var concealed = el("input", {type: "checkbox", "data-testid": id + "-concealed", onchange: function (e) { s.concealed = e.target.checked; changed(); }});
    concealed.checked = s.concealed;
    var cut = el("input", {type: "checkbox", "data-testid": id + "-exact-cut", onchange: function (e) { s.exact_cut = e.target.checked; changed(); }});
    cut.checked = s.exact_cut;
    return el("section", {"class": "card side-panel", "data-side": i + 1, "data-testid": id}, [
      el("h2", {}, [el("span", {text: config.sides[i].name}), el("span", {"class": "live", id: id + "-live", "data-testid": id + "-live"})]),
      toggle([["melds", L.melds], ["counts", L.counts], ["totals", L.totals]], s.mode, function (m) { s.mode = m; render(); changed(); }, id + "-mode"),
      meldedPanel(s, i),
      stepper(own.red_threes || L.redThrees, s.red_threes, 1, function (v) { s.red_threes = v; changed(); }, id + "-red-threes"),
      el("label", {"class": "check big-check"}, [out, document.createTextNode(L.wentOut)]),
      s.notice ? el("p", {"class": "notice", role: "status", "data-testid": id + "-notice", text: s.notice}) : null,
      s.went_out ? el("label", {"class": "check"}, [concealed, document.createTextNode(L.concealed)]) : null,
      config.exact_cut ? el("label", {"class": "check"}, [cut, document.createTextNode(L.exactCut)]) : null,
      s.went_out && config.sides[i].solo ? null : handPanel(s, i)
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

  function minimumText(m) { return m === "canasta" ? L.needsCanasta : L.needs.replace("%(n)s", m); }

  var timer = null;
  var sequence = 0;
  function changed() {
    serverError = null;
    blankAccepted = false;
    try { sessionStorage.setItem(draftKey, JSON.stringify({key: entryKey, sides: sides.map(toRecord)})); } catch (e) { /* full or private */ }
    clearTimeout(timer);
    timer = setTimeout(preview, 200);
  }

  function preview() {
    var mine = ++sequence;
    fetch(config.preview_url, {method: "POST", headers: {"Content-Type": "application/json", "X-CSRFToken": csrf},
      body: JSON.stringify(sides.map(toRecord))})
      .then(function (r) { return r.json(); })
      .then(function (data) {
        if (mine !== sequence) { return; }  // a newer change is on its way
        document.querySelectorAll(".field-error").forEach(function (n) { n.remove(); });
        if (data.error) {
          showError(data);
          sides.forEach(function (s, i) { document.getElementById("side-" + i + "-live").textContent = ""; });
          document.getElementById("preview").textContent = "";
          return;
        }
        showError(null);
        var summary = [];
        data.sides.forEach(function (side, i) {
          var sign = side.total >= 0 ? "+" : "";
          document.getElementById("side-" + i + "-live").textContent = sign + side.total + " → " + side.score_after;
          summary.push(config.sides[i].name + " " + sign + side.total + " → " + side.score_after + " (" + minimumText(side.opening_minimum) + ")");
        });
        if (data.wins_game !== null) { summary.push(config.sides[data.wins_game].name + " " + L.winsGame); }
        document.getElementById("preview").textContent = summary.join(" · ");
      })
      .catch(function () { /* offline: the server checks again on save */ });
  }

  var form = document.getElementById("hand-form");
  var blank = document.getElementById("blank-confirm");
  var blankAccepted = false;
  function isBlank() {
    return sides.every(function (s) { return Object.keys(toRecord(s)).length === 0; });
  }
  form.addEventListener("submit", function (event) {
    var choice = event.submitter && event.submitter.name === "choice";
    if (!choice && !blankAccepted && isBlank()) {
      // A completely blank hand is most often a slip: ask before saving 0 for every side.
      event.preventDefault();
      blank.hidden = false;
      document.getElementById("blank-save").focus();
      return;
    }
    document.getElementById("record").value = JSON.stringify(sides.map(toRecord));
    try { sessionStorage.removeItem(draftKey); } catch (e) { /* nothing kept */ }
    document.getElementById("save").disabled = true;  // one tap, one hand
  });
  document.getElementById("blank-save").addEventListener("click", function () {
    blankAccepted = true;
    blank.hidden = true;
    form.requestSubmit(document.getElementById("save"));
  });
  document.getElementById("blank-back").addEventListener("click", function () {
    blank.hidden = true;
    document.getElementById("save").focus();
  });

  render();
  if (config.entered || draft) { preview(); }
})();
