/* Hands kept on this phone until the server has them (IndexedDB, so a reload, a closed tab or a
   restarted phone loses nothing). The entry page puts a hand here before sending it; whatever
   page of the app is open sends what waits, in the order it was entered, when the connection is
   there (at load, when the browser says it is back online, and every few seconds meanwhile).

   An item: {key (the entry key: the server saves an entry once), game, url, fields (the form
   as posted), number, totals ([{total, score_after}] from the phone's engine, or null), at,
   state, message}. Its state: "waiting" (to send), "choice" (another phone saved that hand
   first: the player chooses on the two-phone page), "refused" (the server will not take it: a
   settled table, a rule; the message says why, and the player discards it).

   window.canastaQueue: put(item), remove(key), mark(key, state, message), list(game), flush().
   Each change fires a "canasta-queue" event on window. */
(function () {
  "use strict";
  var DB = "canasta", STORE = "hands", RETRY = 10000;
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

  function run(mode, work) {
    return db().then(function (base) {
      return new Promise(function (resolve, reject) {
        var tx = base.transaction(STORE, mode);
        var result = work(tx.objectStore(STORE));
        tx.oncomplete = function () { resolve(result && "result" in result ? result.result : result); };
        tx.onerror = function () { reject(tx.error); };
      });
    });
  }

  function changed(value) {
    window.dispatchEvent(new CustomEvent("canasta-queue"));
    return value;
  }

  function put(item) {
    item.at = item.at || Date.now();
    item.state = item.state || "waiting";
    return run("readwrite", function (store) { store.put(item); }).then(changed);
  }

  function remove(key) {
    return run("readwrite", function (store) { store.delete(key); }).then(changed);
  }

  function get(key) {
    return run("readonly", function (store) { return store.get(key); });
  }

  function mark(key, state, message, answer) {
    return get(key).then(function (item) {
      if (!item) { return null; }
      item.state = state;
      item.message = message || "";
      item.answer = answer || null;
      return put(item);
    });
  }

  function list(game) {
    return run("readonly", function (store) {
      return game ? store.index("game").getAll(game) : store.getAll();
    }).then(function (items) { return (items || []).sort(function (a, b) { return a.at - b.at; }); });
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
      return /^[0-9A-Za-z]{1,12}$/.test(item.game) && url.origin === window.location.origin
        && url.pathname.slice(-("/g/" + item.game + "/edit/hand/").length) === "/g/" + item.game + "/edit/hand/"
        && !url.search;
    } catch (e) {
      return false;
    }
  }

  // One item sent: resolves to "sent", "choice", "refused" or "wait" (no answer: try later).
  function send(item) {
    if (!sendable(item)) { return mark(item.key, "refused", "").then(function () { return "refused"; }); }
    var fields = Object.assign({}, item.fields);
    var cookie = csrfCookie();
    if (cookie) { fields.csrfmiddlewaretoken = cookie; }  // the page's token may be older
    return fetch(item.url, {method: "POST", body: new URLSearchParams(fields), credentials: "same-origin",
      headers: {Accept: "application/json"}})
      .then(function (response) {
        var json = /json/.test(response.headers.get("Content-Type") || "");
        if (response.status === 409) { return mark(item.key, "choice").then(function () { return "choice"; }); }
        if (response.status >= 500 || !json) {
          return response.status >= 500 ? "wait" : mark(item.key, "refused", String(response.status)).then(function () { return "refused"; });
        }
        return response.json().then(function (answer) {
          if (answer.location && answer.entry !== "refused") { return remove(item.key).then(function () { return "sent"; }); }
          return mark(item.key, "refused", answer.message || answer.error || "", answer).then(function () { return "refused"; });
        });
      }, function () { return "wait"; });
  }

  var flushing = Promise.resolve(0);
  // Everything waiting, game by game in the order entered; a game stops at its first hand that
  // is not saved (the hands after it would take the wrong numbers). One pass at a time: a pass
  // asked for during another runs after it.
  function flush() {
    flushing = flushing.then(pass, pass);
    return flushing;
  }

  function pass() {
    return list().then(function (items) {
      var stopped = {}, sent = 0;
      return items.reduce(function (chain, item) {
        return chain.then(function () {
          if (stopped[item.game] || item.state !== "waiting") { stopped[item.game] = true; return; }
          return send(item).then(function (outcome) {
            if (outcome === "sent") { sent += 1; } else { stopped[item.game] = true; }
          });
        });
      }, Promise.resolve()).then(function () { return sent; });
    });
  }

  function tick() {
    list().then(function (items) {
      if (items.some(function (i) { return i.state === "waiting"; })) { flush(); }
    }, function () { /* no IndexedDB here (a private window): nothing is ever queued */ });
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
      var scores = (item.totals || []).map(function (t, i) {
        var sign = t.total < 0 ? "\u2212" : "+";
        var after = t.score_after < 0 ? "\u2212" + (-t.score_after) : String(t.score_after);
        return (item.names[i] || "") + " " + sign + Math.abs(t.total) + " \u2192 " + after;
      });
      var what = document.createElement("strong");
      what.textContent = L.handN.replace("%(n)s", item.number);
      li.appendChild(what);
      li.appendChild(document.createTextNode(scores.length ? " · " + scores.join(" · ") : ""));
      var state = document.createElement("span");
      state.className = "queue-state";
      state.textContent = L[item.state] + (item.message ? ": " + item.message : "");
      li.appendChild(state);
      if (item.state === "choice") { li.appendChild(button(L.choose, "queued-choose-" + item.number, function () { choose(item); })); }
      if (item.state === "refused") {
        li.appendChild(button(L.discard, "queued-discard-" + item.number, function () {
          if (window.confirm(L.discardSure.replace("%(n)s", item.number))) { remove(item.key); }
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

  // Another phone saved that hand first: the entry is posted as the page posts it, and the
  // server's two-phone page shows both for the player to choose (the hand stays kept here).
  function choose(item) {
    if (!sendable(item)) { return; }
    var form = document.createElement("form");
    form.method = "post";
    form.action = item.url;
    var fields = Object.assign({}, item.fields);
    var cookie = csrfCookie();
    if (cookie) { fields.csrfmiddlewaretoken = cookie; }
    Object.keys(fields).forEach(function (name) {
      var input = document.createElement("input");
      input.type = "hidden";
      input.name = name;
      input.value = fields[name];
      form.appendChild(input);
    });
    document.body.appendChild(form);
    form.submit();
  }

  window.canastaQueue = {put: put, remove: remove, mark: mark, list: list, flush: flush, get: get, show: show};
  window.addEventListener("online", tick);
  tick();
  setInterval(tick, RETRY);
})();
