// The new-tournament form: choosing a club format fills in its values at once, where the director
// sees them (the plan, hands, points, sit-outs); the "Fill in" button does the same without a
// script. Nothing typed afterwards is ever overwritten: the server saves what the form shows.
const form = document.querySelector("[data-testid=tournament-form]");
const data = document.getElementById("club-formats");
if (form && data) { fillIn(form, data); }

function fillIn(form, data) {
  const formats = JSON.parse(data.textContent);
  const select = form.elements.club_format;
  const fill = form.querySelector("[data-testid=fill]");
  const note = form.querySelector("[data-testid=filled]");
  if (fill) fill.hidden = true; // the script fills in on choosing
  select.addEventListener("change", function () {
    const values = formats[select.value];
    if (!values) return;
    Object.keys(values).forEach(function (name) {
      const field = form.elements[name];
      if (!field) return;
      if (field.type === "checkbox") field.checked = Boolean(values[name]);
      else field.value = values[name] === null ? "" : String(values[name]);
      field.classList.add("just-filled");
    });
    note.hidden = false;
    window.setTimeout(function () {
      form.querySelectorAll(".just-filled").forEach(function (el) { el.classList.remove("just-filled"); });
    }, 2000);
  });
}
