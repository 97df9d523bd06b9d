/* A document being made in the background: the page polls its progress (a small JSON) and opens
   the PDF as soon as it is ready. */
const box = document.getElementById("print-job");
if (box && box.dataset.status !== "ready" && box.dataset.status !== "failed") { follow(box); }

function follow(box) {
  const bar = document.getElementById("print-progress");
  const count = document.getElementById("print-count");
  const template = count.textContent;
  function check() {
    fetch(box.dataset.stateUrl, {headers: {"Accept": "application/json"}})
      .then(function (r) { return r.json(); })
      .then(function (job) {
        if (job.status === "failed") { location.reload(); return; }
        bar.max = job.total || 1;
        bar.value = job.done;
        count.textContent = template.replace(/\d+/, job.done).replace(/(\d+)(?!.*\d)/, job.total);
        if (job.status === "ready") {
          document.getElementById("print-making").hidden = true;
          document.getElementById("print-ready").hidden = false;
          location.assign(job.file);  // the PDF opens; the page stays a Back away
          return;
        }
        setTimeout(check, 1000);
      })
      .catch(function () { setTimeout(check, 3000); });
  }
  setTimeout(check, 1000);
}
