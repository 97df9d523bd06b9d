/* The round clock on a page ([data-clock-url], templates/core/_round_clock.html): it asks the
   server's clock on opening, every 15 s, when the page comes back into view and when the phone is
   online again, and counts down between (clock_face.mjs). The signals ("last hand", "time") show
   as they fall, without a reload; a phone whose player agreed also buzzes and beeps (the button:
   browsers let a page vibrate or sound only after a tap). */
import { clockText, reading, signalled } from "./clock_face.mjs";

const ASK_EVERY = 15000;
const AGREED = "canasta-clock-alerts";
const box = document.querySelector("[data-clock-url]");
if (box) { follow(box); }

function follow(box) {
  const time = box.querySelector("[data-clock-time]");
  const signal = box.querySelector("[data-clock-signal]");
  const button = box.querySelector("[data-clock-alerts]");
  let answer = null;
  let heard = 0;
  let shown = null;
  let sound = null;

  function agreed() {
    try { return localStorage.getItem(AGREED) === "1"; } catch { return false; }
  }
  function alert() {
    if (!agreed()) { return; }
    if (navigator.vibrate) { navigator.vibrate([400, 200, 400]); }
    if (!sound) { return; }
    const tone = sound.createOscillator();
    const gain = sound.createGain();
    tone.frequency.value = 880;
    gain.gain.value = 0.2;
    tone.connect(gain).connect(sound.destination);
    tone.start();
    tone.stop(sound.currentTime + 0.5);
  }
  function show() {
    const now = reading(answer, (performance.now() - heard) / 1000);
    const word = now.paused ? "paused" : now.phase;
    time.textContent = now.phase === "waiting" ? "--:--" : clockText(now.remaining);
    const words = box.getAttribute("data-word-" + word) || "";
    // Written only when it changes: a screen reader hears each signal once, not every second.
    if (signal.textContent !== words) { signal.textContent = words; }
    box.setAttribute("data-phase", now.phase);
    box.toggleAttribute("data-paused", now.paused);
    if (signalled(shown, now.phase)) { alert(); }
    shown = now.phase;
  }
  function ask() {
    if (!navigator.onLine) { return; }
    fetch(box.getAttribute("data-clock-url"), { cache: "no-store" })
      .then((r) => (r.ok ? r.json() : null))
      .then((got) => {
        if (!got) { return; }
        answer = got;
        heard = performance.now();
        show();
      }, () => { /* no connection: the count goes on, the next ask corrects it */ });
  }
  // Browsers let a page sound only after a tap on it: a phone that agreed before this page was
  // (re)loaded gets its sound back at the player's first touch.
  function soundOnTouch() {
    if (!agreed() || sound) { return; }
    const Context = window.AudioContext || window.webkitAudioContext;
    if (Context) { sound = new Context(); }
  }
  document.addEventListener("pointerdown", soundOnTouch, { once: true });
  document.addEventListener("keydown", soundOnTouch, { once: true });
  if (button) {
    button.hidden = false;
    const mark = () => { button.setAttribute("aria-pressed", agreed() ? "true" : "false"); };
    mark();
    button.addEventListener("click", () => {
      const on = !agreed();
      try { localStorage.setItem(AGREED, on ? "1" : "0"); } catch { /* private mode: this page only */ }
      if (on) {
        const Context = window.AudioContext || window.webkitAudioContext;
        if (Context && !sound) { sound = new Context(); }
        if (navigator.vibrate) { navigator.vibrate(60); }
      }
      mark();
    });
  }
  ask();
  setInterval(() => { if (answer) { show(); } }, 1000);
  setInterval(() => { if (!document.hidden) { ask(); } }, ASK_EVERY);
  document.addEventListener("visibilitychange", () => { if (!document.hidden) { ask(); } });
  window.addEventListener("online", ask);
}
