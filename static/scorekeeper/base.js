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
  navigator.serviceWorker.register(document.body.getAttribute("data-service-worker")).catch(function () {});
}
