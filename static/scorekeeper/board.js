/* The scoreboard follows the game: every few seconds (while the page is in view) it asks the
   game's version, a request the server answers 304 while nothing changed; a new version (a hand
   from another phone, a correction) brings the new board in place, without a reload. It lists
   the hands kept on this phone (queue.js) with what they wait for, and says when the phone has
   no connection. */
(function () {
  "use strict";
  var live = document.getElementById("live");
  if (!live) { return; }
  var L = JSON.parse(document.getElementById("board-labels").textContent);
  var EVERY = 5000;
  var game = live.getAttribute("data-game");
  var version = live.getAttribute("data-version");
  var queue = window.canastaQueue;

  function showQueue() {
    var section = document.getElementById("queued");
    if (!queue || !section) { return; }
    queue.list(game).then(function (items) { queue.show(section, items); showKept(items); }, function () {});
  }

  // The totals with the hands kept on this phone (scored by the phone's engine), under the
  // server's, and the next hand's number after them: the board says where the table stands.
  function showKept(items) {
    var kept = items.filter(function (i) { return i.state !== "refused" && i.totals; });
    var last = kept[kept.length - 1];
    document.querySelectorAll("[data-kept-total]").forEach(function (node) { node.remove(); });
    if (!last) { return; }
    last.totals.forEach(function (t, i) {
      var total = document.querySelector('[data-testid="total-' + i + '"]');
      if (!total) { return; }
      var note = document.createElement("div");
      note.className = "kept-total";
      note.setAttribute("data-kept-total", "");
      note.setAttribute("data-testid", "kept-total-" + i);
      note.textContent = L.withKept.replace("%(total)s", window.canastaNumbers.plain(t.score_after));
      total.parentNode.insertBefore(note, total.nextSibling);
    });
    var enter = document.querySelector('[data-testid="enter-hand"]');
    if (enter && !enter.hasAttribute("data-of-hands")) { enter.textContent = L.enterHand.replace("%(n)s", last.number + 1); }
  }

  function refresh() {
    return fetch(window.location.href, {credentials: "same-origin", cache: "no-store"})
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        if (!html) { return; }
        var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("live");
        if (!fresh) { return; }
        live.innerHTML = fresh.innerHTML;
        version = fresh.getAttribute("data-version");
        live.setAttribute("data-version", version);
        showQueue();
      });
  }

  function poll() {
    if (document.hidden || !navigator.onLine) { return; }
    // The browser sends If-None-Match itself: an unchanged game is a 304, no body.
    fetch(live.getAttribute("data-version-url"), {credentials: "same-origin", cache: "no-cache"})
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (answer) {
        if (answer && String(answer.version) !== version) { return refresh(); }
      })
      .catch(function () { /* no connection: the next poll tries again */ });
  }

  function connection() {
    var note = document.getElementById("offline-note");
    note.hidden = navigator.onLine;
    note.textContent = navigator.onLine ? "" : L.offline;
    if (navigator.onLine) { poll(); }
  }

  var count = null;
  window.addEventListener("canasta-queue", function () {
    if (!queue) { return; }
    queue.list(game).then(function (items) {
      // A hand of this game went to the server: the board shows it from there.
      if (count !== null && items.length < count) { refresh(); } else { showQueue(); }
      count = items.length;
    });
  });
  if (queue) { queue.list(game).then(function (items) { count = items.length; }, function () {}); }
  window.addEventListener("online", connection);
  window.addEventListener("offline", connection);
  document.addEventListener("visibilitychange", function () { if (!document.hidden) { poll(); } });
  connection();
  showQueue();
  setInterval(poll, EVERY);
})();
