/* New game: offer the player counts of the chosen preset, the right number of side names, and
   show the preset's target. The server checks everything again. */
(function () {
  "use strict";
  var presets = JSON.parse(document.getElementById("presets").textContent);
  var form = document.getElementById("new-game");
  var players = form.elements.players, sides = form.elements.sides;
  function variant() { var v = form.querySelector("input[name=variant]:checked"); return v ? v.value : "classic"; }
  function update() {
    var p = presets[variant()];
    Array.prototype.forEach.call(players.options, function (o) { o.disabled = p.players.indexOf(+o.value) < 0; });
    if (p.players.indexOf(+players.value) < 0) { players.value = String(p.players.indexOf(4) >= 0 ? 4 : p.players[0]); }
    var layouts = p.sides[players.value] || [2];
    document.getElementById("sides-choice").hidden = layouts.length < 2;
    Array.prototype.forEach.call(sides.options, function (o) { o.disabled = layouts.indexOf(+o.value) < 0; });
    if (layouts.indexOf(+sides.value) < 0) { sides.value = String(layouts[0]); }
    var count = layouts.length > 1 ? +sides.value : layouts[0];
    form.querySelectorAll(".side-fields").forEach(function (div) { div.hidden = +div.dataset.side > count; });
    document.getElementById("target-default").textContent = " " + window.NEW_GAME_LABELS["default"] + " " + p.targets[players.value];
    form.querySelectorAll(".espanola-only").forEach(function (div) { div.hidden = !p.espanola_only; });
    // Show the preset's own value of each house rule beside "as the preset".
    var defaults = p.defaults[players.value] || {};
    Object.keys(defaults).forEach(function (name) {
      var field = form.elements[name], value = defaults[name];
      if (!field || value === null || value === undefined) { return; }
      var shown = typeof value === "boolean" ? (value ? window.NEW_GAME_LABELS.yes : window.NEW_GAME_LABELS.no) : String(value).replace(/_/g, " ");
      if (field.tagName === "SELECT") {
        field.options[0].textContent = window.NEW_GAME_LABELS.preset + " (" + shown + ")";
      } else {
        field.placeholder = shown;
      }
    });
  }
  form.addEventListener("change", update);
  update();
})();
