/* A page that follows what other phones do (a tournament table's page): every few seconds, while
   the page is in view, it asks the version of what it shows ([data-follow-url]; 304 while
   unchanged). When it moves on, the page shows itself again; if the player has begun typing in
   it, it says so instead and lets them choose when (nothing typed is lost). */
const mark = document.querySelector("[data-follow-url]");
if (mark) { follow(mark); }

function follow(mark) {
  const EVERY = 5000;
  const version = mark.getAttribute("data-follow-version");
  let typed = false;
  document.addEventListener("input", function () { typed = true; });
  // A field typed in before this script ran (it loads after the page is shown) fired no event here:
  // its value then differs from the one the page came with.
  function begun() {
    if (typed) { return true; }
    const fields = document.querySelectorAll("input, textarea");
    for (let i = 0; i < fields.length; i++) {
      const field = fields[i];
      const box = field.type === "checkbox" || field.type === "radio";
      if (box ? field.checked !== field.defaultChecked : field.value !== field.defaultValue) { return true; }
    }
    return false;
  }
  const note = document.getElementById("follow-note");
  if (note) {
    note.querySelector("a").addEventListener("click", function (event) { event.preventDefault(); window.location.reload(); });
  }
  function look() {
    if (document.hidden || !navigator.onLine) { return; }
    fetch(mark.getAttribute("data-follow-url"), {credentials: "same-origin", cache: "no-cache"})
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (answer) {
        if (!answer || answer.version === version) { return; }
        if (!begun()) { window.location.reload(); return; }
        if (note) { note.hidden = false; }
      }, function () { /* no connection: the next look tries again */ });
  }
  setInterval(look, EVERY);
  document.addEventListener("visibilitychange", function () { if (!document.hidden) { look(); } });
}
