/* The round clock's reading, with no page: from the server's answer (tournaments/clock.json:
   seconds counted by the server) and the seconds this phone has counted since, the phase to show
   and the time left as "mm:ss". A phone's own wall clock is never read: only how long ago it
   heard the server (performance.now()), so a phone set to the wrong time shows the right one. */

/** The clock `since` seconds after the server's `answer`: {phase, remaining, paused}. */
export function reading(answer, since) {
  if (!answer || answer.phase === "waiting") {
    return { phase: "waiting", remaining: 0, paused: false };
  }
  const gone = answer.running ? Math.max(0, since) : 0;
  const remaining = Math.max(0, answer.remaining - gone);
  const untilLast = Math.max(0, answer.until_last_hand - gone);
  let phase = answer.phase;
  if (phase !== "time" && answer.running && remaining <= 0) {
    phase = "time";
  } else if (phase === "playing" && answer.running && untilLast <= 0) {
    phase = "last_hand";
  }
  return { phase, remaining, paused: !answer.running && phase !== "time" };
}

/** Seconds as the clock shows them: "24:05", "1:02:03"; whole seconds, rounded up (a clock
    showing 0:00 has reached its end). */
export function clockText(seconds) {
  const whole = Math.max(0, Math.ceil(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  const two = (n) => String(n).padStart(2, "0");
  return h ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

/** Whether moving from phase `before` to `now` is a signal to give (buzz, beep): "last hand"
    and "time" as they fall, not when a page opens on them. */
export function signalled(before, now) {
  if (before === null || before === now) { return false; }
  return now === "time" || (now === "last_hand" && before !== "time");
}
