/* Scores as people read them, as core/minus_sign.py writes them: a true minus sign (U+2212),
   "+40" for a gain, "0" for no change. Machines get the plain number elsewhere. */
window.canastaNumbers = {
  plain: function (n) { return n < 0 ? "\u2212" + (-n) : String(n); },
  signed: function (n) { return n > 0 ? "+" + n : n < 0 ? "\u2212" + (-n) : "0"; }
};
/* Every page: choosing a language applies it at once (the Go button is there without script). */
(function () {
  "use strict";
  var select = document.getElementById("lang");
  if (select) { select.addEventListener("change", function () { select.form.submit(); }); }
})();
/* A read-only link field selects all on a tap, ready to copy. */
document.querySelectorAll("input.select-all").forEach(function (input) {
  input.addEventListener("focus", function () { input.select(); });
});
/* The service worker (scorekeeper/installable.py): the pages this phone opened open with no
   connection. Browsers allow it on https:// and on localhost only; elsewhere the page still
   keeps hands entered offline (queue.js) while it stays open. */
if ("serviceWorker" in navigator && document.body.getAttribute("data-service-worker")) {
  (function () {
    var first = !navigator.serviceWorker.controller;  // this page came before the worker did
    var also = (document.body.getAttribute("data-keep-also") || "").split(" ").filter(Boolean);
    navigator.serviceWorker.register(document.body.getAttribute("data-service-worker")).catch(function () {});
    // The worker keeps this page (when it was not there to keep it as it loaded) and the game's
    // other page (the entry's scoreboard, the scoreboard's entry), so both open with no connection.
    navigator.serviceWorker.ready.then(function (registration) {
      var here = window.location.pathname + window.location.search;
      if (registration.active) { registration.active.postMessage({keep: first ? [here] : [], also: also}); }
    });
  })();
}
