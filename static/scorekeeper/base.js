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
