/* The director's page while a round is drawn by a worker: a progress line, polling the
   tournament's state (a small JSON) until the draft is there, then showing it. */
(function () {
  "use strict";
  var box = document.getElementById("drawing");
  if (!box || !box.dataset.expect) { return; }
  var expect = parseInt(box.dataset.expect, 10);
  function check() {
    fetch(box.dataset.stateUrl, {headers: {"Accept": "application/json"}})
      .then(function (r) { return r.json(); })
      .then(function (state) {
        if (state.rounds >= expect) { location.replace(location.pathname); }
        else { box.hidden = false; setTimeout(check, 1000); }
      })
      .catch(function () { setTimeout(check, 3000); });
  }
  check();
})();
