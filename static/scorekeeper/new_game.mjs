/* Setting a game up (the new game page, and the import of a game begun on paper): offer the
   player counts of the chosen preset, its layouts (sides), the right number of side names (and
   of the import's columns of hands, [data-side-column]), the house rules that apply to it, and
   show the preset's target; a side's name as typed shows wherever the page names the side
   ([data-side-name]). The server checks everything again. */
const presets = JSON.parse(document.getElementById("presets").textContent);
const LABELS = JSON.parse(document.getElementById("new-game-labels").textContent);
const form = document.querySelector("form[data-game-setup]");
const players = form.elements.players, sides = form.elements.sides;
// Radios (new game) or a list (import): the chosen value either way.
function variant() { return form.elements.variant.value || "classic"; }
function update() {
  const p = presets[variant()];
  Array.prototype.forEach.call(players.options, function (o) { o.disabled = p.players.indexOf(+o.value) < 0; });
  if (p.players.indexOf(+players.value) < 0) { players.value = String(p.players.indexOf(4) >= 0 ? 4 : p.players[0]); }
  const seatings = p.seatings[players.value] || [];
  const counts = seatings.map(function (s) { return s.sides; });
  document.getElementById("sides-choice").hidden = counts.length < 2;
  Array.prototype.forEach.call(sides.options, function (o) { o.disabled = counts.indexOf(+o.value) < 0; });
  if (counts.indexOf(+sides.value) < 0) { sides.value = String(counts[0]); }
  const seating = seatings[Math.max(0, counts.indexOf(+sides.value))] || {sides: 2, target: "", defaults: {}};
  form.querySelectorAll(".side-fields").forEach(function (div) { div.hidden = +div.dataset.side > seating.sides; });
  form.querySelectorAll("[data-side-column]").forEach(function (el) {
    el.hidden = +el.dataset.sideColumn > seating.sides;
    // A hidden column's boxes are not sent: the server counts on it (paper_forms.row_cap).
    el.querySelectorAll("input").forEach(function (box) { box.disabled = el.hidden; });
  });
  document.getElementById("target-default").textContent = " " + LABELS["default"] + " " +
    (seating.target === null ? LABELS.no_target : seating.target);
  // A house rule shows only where it applies to the preset; beside "as the preset", its value.
  const defaults = seating.defaults;
  form.querySelectorAll(".house-rule").forEach(function (div) { div.hidden = !(div.dataset.rule in defaults); });
  Object.keys(defaults).forEach(function (name) {
    const field = form.elements[name], value = defaults[name];
    if (!field || value === null || value === undefined) { return; }
    let shown = typeof value === "boolean" ? (value ? LABELS.yes : LABELS.no) : String(value);
    if (field.tagName === "SELECT") {
      // The preset's value in the words of its own option, never its id.
      const option = field.querySelector('option[value="' + String(value) + '"]');
      if (option) { shown = option.textContent; }
      field.options[0].textContent = LABELS.preset + " (" + shown + ")";
    } else {
      field.placeholder = shown;
    }
  });
}
function names() {
  form.querySelectorAll("[data-side-name]").forEach(function (el) {
    const typed = form.elements["side_" + el.dataset.sideName];
    el.textContent = (typed && typed.value.trim()) || el.dataset.unnamed;
  });
}
form.addEventListener("change", update);
form.addEventListener("input", function (event) { if (/^side_\d$/.test(event.target.name)) { names(); } });
update();
