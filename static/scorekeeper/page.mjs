/* Every page of the app (base.html). */
import { start as startQueue } from "./queue.mjs";

// Choosing a language applies it at once (the Go button is there without script).
const language = document.getElementById("lang");
if (language) { language.addEventListener("change", () => language.form.submit()); }

// A read-only link field selects all on a tap, ready to copy.
for (const input of document.querySelectorAll("input.select-all")) {
  input.addEventListener("focus", () => input.select());
}

// Hands kept on this phone (queue.mjs) are sent from whatever page of the app is open.
startQueue();

// The service worker (scorekeeper/installable.py): the pages this phone opened open with no
// connection. Browsers allow it on https:// and on localhost only; elsewhere the page still
// keeps hands entered offline (queue.mjs) while it stays open.
const worker = document.body.getAttribute("data-service-worker");
if ("serviceWorker" in navigator && worker) {
  const first = !navigator.serviceWorker.controller;  // this page came before the worker did
  const also = (document.body.getAttribute("data-keep-also") || "").split(" ").filter(Boolean);
  navigator.serviceWorker.register(worker).catch(() => {});
  // The worker keeps this page (when it was not there to keep it as it loaded) and the game's
  // other page (the entry's scoreboard, the scoreboard's entry), so both open with no connection.
  navigator.serviceWorker.ready.then((registration) => {
    const here = window.location.pathname + window.location.search;
    if (registration.active) { registration.active.postMessage({ keep: first ? [here] : [], also }); }
  });
}
