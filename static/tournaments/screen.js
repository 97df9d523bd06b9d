/* The wall screen of a tournament (templates/tournaments/public/screen.html): shows one panel at
   a time, the next every data-cycle seconds; every data-poll seconds it asks screen.json with
   If-None-Match, which answers 304 while nothing changed. When the ETag changes, the page is
   reloaded as the current panel's time is up, and goes on at the next panel (kept for the
   reload in sessionStorage), so a busy round still shows every panel in turn. */
(function () {
  "use strict";
  var root = document.getElementById("screen");
  if (!root) { return; }
  var panels = Array.prototype.slice.call(root.querySelectorAll(".panel"));
  var dots = Array.prototype.slice.call(root.querySelectorAll(".screen-dots li"));
  if (!panels.length) { return; }
  var cycle = Math.max(1, parseFloat(root.getAttribute("data-cycle")) || 15) * 1000;
  var poll = Math.max(1, parseFloat(root.getAttribute("data-poll")) || 10) * 1000;
  var url = root.getAttribute("data-etag-url");
  var etag = root.getAttribute("data-etag");
  var key = "tournament-screen-panel:" + root.getAttribute("data-tournament");
  var stale = false;
  var index = 0;

  function remembered() {
    try {
      var value = parseInt(window.sessionStorage.getItem(key), 10);
      window.sessionStorage.removeItem(key);
      return isNaN(value) ? 0 : value;
    } catch (e) { return 0; }  // storage refused: start at the first panel
  }

  function show(i) {
    index = ((i % panels.length) + panels.length) % panels.length;
    panels.forEach(function (panel, j) { panel.hidden = j !== index; });
    dots.forEach(function (dot, j) { dot.className = j === index ? "on" : ""; });
    root.setAttribute("data-current", panels[index].getAttribute("data-panel"));
  }

  function reload(next) {
    try { window.sessionStorage.setItem(key, String(next)); } catch (e) { /* first panel then */ }
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

  show(remembered());
  if (panels.length > 1) { window.setInterval(advance, cycle); }
  if (url && window.fetch) { window.setTimeout(check, poll); }
})();
