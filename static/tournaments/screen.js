/* The wall screen of a tournament (templates/tournaments/public/screen.html): shows one panel at
   a time, the next every data-cycle seconds; every data-poll seconds it asks screen.json with
   If-None-Match, which answers 304 while nothing changed. When the ETag changes, the page is
   reloaded as the current panel's time is up, and goes on at the next panel (kept for the
   reload in sessionStorage), so a busy round still shows every panel in turn; when the event has
   just finished it starts again at the first panel (the final standings).
   The page gives each panel all its rows; a panel taller than the screen is first split into
   pages, each with as many rows as the screen holds (its number shown as "2/3"). */
(function () {
  "use strict";
  var root = document.getElementById("screen");
  if (!root) { return; }
  var panels = Array.prototype.slice.call(root.querySelectorAll(".panel"));
  if (!panels.length) { return; }
  var dotList = root.querySelector(".screen-dots");
  var cycle = Math.max(1, parseFloat(root.getAttribute("data-cycle")) || 15) * 1000;
  var poll = Math.max(1, parseFloat(root.getAttribute("data-poll")) || 10) * 1000;
  var url = root.getAttribute("data-etag-url");
  var etag = root.getAttribute("data-etag");
  var key = "tournament-screen-panel:" + root.getAttribute("data-tournament");
  var layout = root.getAttribute("data-layout") || "";
  var stale = false;
  var index = 0;

  // The rows of `panel` in pages that each fit above `limit` (px from the top of the screen):
  // the panel itself keeps the first page, a copy of it (title, note, header) takes each other.
  function split(panel, limit) {
    var body = panel.querySelector("tbody");
    if (!body || body.rows.length < 2) { return [panel]; }
    panel.hidden = false;
    var rows = Array.prototype.slice.call(body.rows);
    var room = limit - body.getBoundingClientRect().top;
    var heights = rows.map(function (row) { return row.getBoundingClientRect().height; });
    var pages = [[]];
    var used = 0;
    rows.forEach(function (row, i) {
      if (used + heights[i] > room && pages[pages.length - 1].length) { pages.push([]); used = 0; }
      pages[pages.length - 1].push(row);
      used += heights[i];
    });
    panel.hidden = true;
    // As many pages as the rows need, the rows shared evenly between them (13 rows: 7 + 6, not
    // 12 + 1), where each page still fits.
    if (pages.length > 1) {
      var per = Math.ceil(rows.length / pages.length);
      var even = [];
      for (var start = 0; start < rows.length; start += per) {
        even.push(rows.slice(start, start + per));
      }
      var fits = even.every(function (page, p) {
        var total = 0;
        for (var i = p * per; i < p * per + page.length; i += 1) { total += heights[i]; }
        return total <= room;
      });
      if (fits && even.length === pages.length) { pages = even; }
    }
    if (pages.length < 2) { return [panel]; }
    var blank = panel.cloneNode(true);
    var blankBody = blank.querySelector("tbody");
    while (blankBody.firstChild) { blankBody.removeChild(blankBody.firstChild); }
    var made = [panel];
    var after = panel;
    pages.slice(1).forEach(function (page) {
      var copy = blank.cloneNode(true);
      var copyBody = copy.querySelector("tbody");
      page.forEach(function (row) { copyBody.appendChild(row); });
      after.parentNode.insertBefore(copy, after.nextSibling);
      after = copy;
      made.push(copy);
    });
    made.forEach(function (p, i) {
      var label = p.querySelector("h2 .page");
      if (label) { label.textContent = (i + 1) + "/" + made.length; label.hidden = false; }
    });
    return made;
  }

  function fit() {
    var limit = window.innerHeight - (parseFloat(window.getComputedStyle(root).paddingBottom) || 0);
    var all = [];
    panels.forEach(function (panel) { panel.hidden = true; });  // measured one at a time
    panels.forEach(function (panel) { all = all.concat(split(panel, limit)); });
    panels = all;
    if (dotList) {
      while (dotList.firstChild) { dotList.removeChild(dotList.firstChild); }
      panels.forEach(function () { dotList.appendChild(document.createElement("li")); });
    }
  }

  function remembered() {
    try {
      var saved = (window.sessionStorage.getItem(key) || "").split(":");
      window.sessionStorage.removeItem(key);
      var value = parseInt(saved[0], 10);
      return isNaN(value) || saved[1] !== layout ? 0 : value;  // the event finished: from the top
    } catch { return 0; }  // storage refused: start at the first panel
  }

  function show(i) {
    index = ((i % panels.length) + panels.length) % panels.length;
    panels.forEach(function (panel, j) { panel.hidden = j !== index; });
    var dots = dotList ? dotList.children : [];
    for (var j = 0; j < dots.length; j++) { dots[j].className = j === index ? "on" : ""; }
    root.setAttribute("data-current", panels[index].getAttribute("data-panel"));
  }

  function reload(next) {
    try { window.sessionStorage.setItem(key, next + ":" + layout); } catch { /* first panel then */ }
    window.location.reload();
  }

  function advance() {
    var next = (index + 1) % panels.length;
    if (stale) { reload(next); } else { show(next); }
  }

  function check() {
    var asked = { headers: { "If-None-Match": etag, "Accept": "application/json" }, cache: "no-store", credentials: "same-origin" };
    window.fetch(url, asked).then(function (response) {
      var fresh = response.headers.get("ETag");
      if (response.status === 200 && fresh && fresh !== etag) {
        etag = fresh;
        stale = true;
        if (panels.length < 2) { reload(0); }
      }
    }).catch(function () { /* offline for a moment: the next poll asks again */ }).then(function () {
      window.setTimeout(check, poll);
    });
  }

  fit();
  show(remembered());
  if (panels.length > 1) { window.setInterval(advance, cycle); }
  if (url && window.fetch) { window.setTimeout(check, poll); }
})();
