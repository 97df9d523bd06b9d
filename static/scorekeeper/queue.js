/* Hands kept on this phone until the server has them (IndexedDB, so a reload, a closed tab or a
   restarted phone loses nothing). The entry page puts a hand here before sending it; whatever
   page of the app is open sends what waits, game by game in the order of the hands, when the
   connection is there (at load, when the browser says it is back online, and every few seconds
   meanwhile). One tab sends at a time (a lock, where the browser has them); a hand sent twice
   all the same is saved once (its key), the second answer being "already saved".

   An item: {key (the entry key), game, url, fields (the form as posted), number, totals
   ([{total, score_after, opening_minimum}] from the phone's engine, or null), over (whether
   the game ends with it: {finished, winner}), at, state,
   message}. Its state: "waiting" (to send), "choice" (another phone saved that hand first: the
   player chooses on the two-phone page, or discards it), "refused" (the server will not take
   it: a settled table, a rule, a game no longer there; the message says why, and the player
   discards it).

   window.canastaQueue: put, update(key, change), remove, discard, get, list(game), flush, show,
   scoreKept (the phone's engine scores the hands kept before it was ready) and seen (where
   this phone last saw its game stand). Each change fires a "canasta-queue" event on window. */
(function () {
  "use strict";
  var DB = "canasta", STORE = "hands", RETRY = 10000, SEND_TIMEOUT = 10000;
  var opening = null;

  function db() {
    if (!opening) {
      opening = new Promise(function (resolve, reject) {
        var request = indexedDB.open(DB, 1);
        request.onupgradeneeded = function () {
          request.result.createObjectStore(STORE, {keyPath: "key"}).createIndex("game", "game");
        };
        request.onsuccess = function () { resolve(request.result); };
        request.onerror = function () { reject(request.error); };
      });
    }
    return opening;
  }

  // One transaction: `work` gets the store and a `done(value)` to set what the promise gives.
  function run(mode, work) {
    return db().then(function (base) {
      return new Promise(function (resolve, reject) {
        var tx = base.transaction(STORE, mode);
        var value;
        work(tx.objectStore(STORE), function (v) { value = v; });
        tx.oncomplete = function () { resolve(value); };
        tx.onerror = tx.onabort = function () { reject(tx.error); };
      });
    });
  }

  // Every tab of this phone hears of a change, whichever tab made it (another tab may send the
  // hands this one lists).
  var channel = window.BroadcastChannel ? new BroadcastChannel("canasta-queue") : null;
  if (channel) { channel.onmessage = function () { window.dispatchEvent(new CustomEvent("canasta-queue")); }; }

  function changed(value) {
    window.dispatchEvent(new CustomEvent("canasta-queue"));
    if (channel) { channel.postMessage("changed"); }
    return value;
  }

  function put(item) {
    item.at = item.at || Date.now();
    item.state = item.state || "waiting";
    return run("readwrite", function (store) { store.put(item); }).then(changed);
  }

  // Change an item in one transaction, only if it is still there: another tab may have sent it
  // and removed it meanwhile, and a late change must not bring it back.
  function update(key, change) {
    return run("readwrite", function (store, done) {
      var request = store.get(key);
      request.onsuccess = function () {
        var item = request.result;
        if (item) { change(item); store.put(item); }
        done(item || null);
      };
    }).then(changed);
  }

  function mark(key, state, message, answer) {
    return update(key, function (item) {
      item.state = state;
      item.message = message || "";
      item.answer = answer || null;
    });
  }

  function remove(key) {
    return run("readwrite", function (store) { store.delete(key); }).then(changed);
  }

  // The player gives a kept hand up: the hands after it in its game each take the number before
  // (they were entered after it), and the phone's engine scores them again.
  function discard(key) {
    return run("readwrite", function (store, done) {
      var request = store.get(key);
      request.onsuccess = function () {
        var gone = request.result;
        if (!gone) { return; }
        store.delete(key);
        var later = store.index("game").getAll(gone.game);
        later.onsuccess = function () {
          later.result.forEach(function (item) {
            if (item.key === key || item.number < gone.number) { return; }
            item.number -= 1;
            item.fields.number = String(item.number);
            item.totals = null;
            item.over = null;
            if (item.state === "choice") { item.state = "waiting"; }
            store.put(item);
          });
          done(gone);
        };
      };
    }).then(changed);
  }

  function get(key) {
    return run("readonly", function (store, done) {
      var request = store.get(key);
      request.onsuccess = function () { done(request.result || null); };
    });
  }

  function list(game) {
    return run("readonly", function (store, done) {
      var request = game ? store.index("game").getAll(game) : store.getAll();
      request.onsuccess = function () { done(request.result || []); };
    }).then(function (items) {
      // A game's hands in their order (a phone's clock may move; the numbers do not).
      return items.sort(function (a, b) {
        return a.game < b.game ? -1 : a.game > b.game ? 1 : (a.number - b.number) || (a.at - b.at);
      });
    });
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
  var SEEN = "canasta.seen.";
  function wellFormed(state) {
    return !!state && typeof state.version === "number" && typeof state.number === "number"
      && state.number >= 1 && Array.isArray(state.before) && Array.isArray(state.opening)
      && state.before.length === state.opening.length
      && state.before.every(function (n) { return typeof n === "number"; });
  }

  function seen(game, state) {
    var known = null;
    try { known = JSON.parse(localStorage.getItem(SEEN + game) || "null"); } catch (e) { known = null; }
    if (!wellFormed(known)) { known = null; }
    if (wellFormed(state) && (!known || state.version > known.version)) {
      known = {version: state.version, number: state.number, before: state.before, opening: state.opening};
      try { localStorage.setItem(SEEN + game, JSON.stringify(known)); } catch (e) { /* full or private: the page's own */ }
    }
    return known;
  }

  function csrfCookie() {
    var match = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
    return match ? decodeURIComponent(match[1]) : null;
  }

  // Only ever a new hand of the item's own game, on this site: an item is data anyone with the
  // phone in hand could have written, and it is sent with whoever's cookies the browser holds.
  function sendable(item) {
    try {
      var url = new URL(item.url, window.location.href);
      var path = "/g/" + item.game + "/edit/hand/";
      return /^[0-9A-Za-z]{1,12}$/.test(item.game) && url.origin === window.location.origin
        && url.pathname.slice(-path.length) === path && !url.search;
    } catch (e) {
      return false;
    }
  }

  function fields(item) {
    var out = Object.assign({}, item.fields);
    var cookie = csrfCookie();
    if (cookie) { out.csrfmiddlewaretoken = cookie; }  // the page's token may be older
    return out;
  }

  // One item sent: resolves to "sent" (with the answer), "choice", "refused" or "wait" (no
  // answer, or none in time, or a refusal a reload cures: try later). With the phone offline it
  // waits without asking: the "online" event sends it.
  function send(item) {
    if (!sendable(item)) { return mark(item.key, "refused", "").then(function () { return {outcome: "refused"}; }); }
    if (!navigator.onLine) { return Promise.resolve({outcome: "wait"}); }
    var controller = new AbortController();
    var timer = setTimeout(function () { controller.abort(); }, SEND_TIMEOUT);
    return fetch(item.url, {method: "POST", body: new URLSearchParams(fields(item)), credentials: "same-origin",
      headers: {Accept: "application/json"}, signal: controller.signal})
      .then(function (response) {
        clearTimeout(timer);
        var json = /json/.test(response.headers.get("Content-Type") || "");
        if (response.status === 409) { return mark(item.key, "choice").then(function () { return {outcome: "choice"}; }); }
        // 403: the CSRF cookie or the edit cookie is stale; a page of the app loaded again
        // renews the first, and the second comes back with the game's link. Never "refused".
        if (response.status >= 500 || response.status === 403) { return {outcome: "wait"}; }
        if (response.status === 404) { return mark(item.key, "refused", "gone").then(function () { return {outcome: "refused"}; }); }
        if (!json) { return {outcome: "wait"}; }
        return response.json().then(function (answer) {
          if (answer.location && answer.entry !== "refused") {
            seen(item.game, answer.game);  // the game after it: no page of it may be open
            return remove(item.key).then(function () { return {outcome: "sent", answer: answer}; });
          }
          return mark(item.key, "refused", answer.message || answer.error || "", answer).then(function () { return {outcome: "refused"}; });
        });
      }, function () { clearTimeout(timer); return {outcome: "wait"}; });
  }

  // Everything waiting, game by game in the order of its hands; a game stops at its first hand
  // that is not saved (the hands after it would take the wrong numbers).
  function pass() {
    return list().then(function (items) {
      var stopped = {}, sent = 0;
      return items.reduce(function (chain, item) {
        return chain.then(function () {
          if (stopped[item.game] || item.state !== "waiting") { stopped[item.game] = true; return; }
          return send(item).then(function (result) {
            if (result.outcome === "sent") { sent += 1; } else { stopped[item.game] = true; }
          });
        });
      }, Promise.resolve()).then(function () { return sent; });
    });
  }

  // One pass at a time in this tab, and in all of this phone's tabs where the browser has locks
  // (https and localhost); without them the server's keys still save each hand once.
  var flushing = Promise.resolve(0);
  function flush() {
    function locked() {
      return navigator.locks ? navigator.locks.request("canasta-queue", pass) : pass();
    }
    flushing = flushing.then(locked, locked);
    return flushing;
  }

  function tick() {
    list().then(function (items) {
      if (items.some(function (i) { return i.state === "waiting"; })) { flush(); }
    }, function () { /* no IndexedDB here (a private window): nothing is ever queued */ });
  }

  // A hand's scores as an item keeps them, from the phone's engine's answer (rules/live.py).
  function totalsOf(data) {
    return data.sides.map(function (side) {
      return {total: side.total, score_after: side.score_after, opening_minimum: side.opening_minimum};
    });
  }

  // A game's hands kept before the phone's engine was ready have no scores: the engine scores
  // them, in order from `start` ({table, number, before}: the game, the number of the first
  // hand kept and each side's score before it, as the page has them), and each takes its
  // scores and how the game then stands. Only hands that follow the page's own: a page older
  // than the hands kept (a copy opened offline) scores nothing. One pass at a time; a hand the
  // engine refuses is not tried again on this page, nor the hands after it. Resolves to true
  // once a pass has run (the items it scored changed: the page shows them again).
  var scoring = false;
  var unscorable = {};
  function scoreKept(engine, start, items) {
    var ahead = items.filter(function (i) { return i.number >= start.number && i.state !== "refused"; });
    var missing = ahead.some(function (i) { return !i.totals && !unscorable[i.key]; });
    if (!engine || scoring || !missing || ahead[0].number !== start.number) { return Promise.resolve(false); }
    scoring = true;
    var chain = start.before;
    return engine.ready.then(function () {
      return ahead.reduce(function (done, item) {
        return done.then(function () {
          if (!chain) { return; }
          var request = {table: start.table, sides: JSON.parse(item.fields.record), before: chain, number: item.number};
          return engine.preview(request).then(function (data) {
            if (data.error) { unscorable[item.key] = true; chain = null; return; }
            chain = data.sides.map(function (side) { return side.score_after; });
            // Only an item still kept: another tab may have sent it meanwhile.
            return update(item.key, function (kept) { kept.totals = totalsOf(data); kept.over = data.outcome; });
          });
        });
      }, Promise.resolve());
    }).then(function () { scoring = false; return true; }, function () { scoring = false; return false; });
  }

  // The hands of a game kept on this phone, listed in `section` (the entry page, the
  // scoreboard): each with its scores when the phone's engine gave them, and what it waits for.
  function show(section, items) {
    var words = document.getElementById("queue-labels");
    if (!section || !words) { return; }
    var L = JSON.parse(words.textContent);
    var list = section.querySelector("ul");
    list.textContent = "";
    items.forEach(function (item) {
      var li = document.createElement("li");
      li.className = "queued-" + item.state;
      li.setAttribute("data-testid", "queued-" + item.number);
      var numbers = window.canastaNumbers;
      var scores = (item.totals || []).map(function (t, i) {
        return (item.names[i] || "") + " " + numbers.signed(t.total) + " \u2192 " + numbers.plain(t.score_after);
      });
      var what = document.createElement("strong");
      what.textContent = L.handN.replace("%(n)s", item.number);
      li.appendChild(what);
      li.appendChild(document.createTextNode(scores.length ? " · " + scores.join(" · ") : ""));
      var state = document.createElement("span");
      state.className = "queue-state";
      var why = item.message === "gone" ? L.gone : item.message;
      state.textContent = L[item.state] + (why ? ": " + why : "");
      li.appendChild(state);
      if (item.state === "choice") { li.appendChild(button(L.choose, "queued-choose-" + item.number, function () { choose(item); })); }
      if (item.state !== "waiting") {
        li.appendChild(button(L.discard, "queued-discard-" + item.number, function () {
          if (window.confirm(L.discardSure.replace("%(n)s", item.number))) { discard(item.key); }
        }));
      }
      list.appendChild(li);
    });
    section.hidden = !items.length;
  }

  function button(text, testid, onclick) {
    var b = document.createElement("button");
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
    send(item).then(function (result) {
      if (result.outcome === "sent") { window.location.assign(result.answer.location); return; }
      if (result.outcome !== "choice") { return; }
      var form = document.createElement("form");
      form.method = "post";
      form.action = item.url;
      var values = fields(item);
      Object.keys(values).forEach(function (name) {
        var input = document.createElement("input");
        input.type = "hidden";
        input.name = name;
        input.value = values[name];
        form.appendChild(input);
      });
      document.body.appendChild(form);
      form.submit();
    });
  }

  window.canastaQueue = {put: put, update: update, remove: remove, discard: discard, mark: mark,
    list: list, flush: flush, get: get, show: show, totalsOf: totalsOf, scoreKept: scoreKept, seen: seen};
  window.addEventListener("online", tick);
  tick();
  setInterval(tick, RETRY);
})();
