/* The opening lookup: a preset that sets the minimum by the hand's number (Hand and Foot) asks
   for the hand, not the score; the others ask for the score. The page comes with the field of the
   chosen preset only (OpeningLookupForm.unused), so nothing moves when this starts; it follows a
   change of preset. Without script, the other preset's refusal names the field it needs, shown
   then. */
(function () {
  "use strict";
  var form = document.getElementById("opening-lookup");
  if (!form) { return; }
  var byHand = (form.getAttribute("data-by-hand") || "").split(" ");
  var variant = form.elements.namedItem("variant");
  var score = form.elements.namedItem("score");
  var hand = form.elements.namedItem("hand");
  if (!variant || !score || !hand) { return; }
  function row(input) { return input.closest("div"); }
  function update() {
    var goesByHand = byHand.indexOf(variant.value) !== -1;
    row(score).hidden = goesByHand;
    score.disabled = goesByHand;  // not sent: the score means nothing there
    row(hand).hidden = !goesByHand;
    hand.disabled = !goesByHand;
    hand.required = goesByHand;
  }
  variant.addEventListener("change", update);
  update();
})();
