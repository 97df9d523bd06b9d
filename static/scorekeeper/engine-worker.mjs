/* The rules engine in the phone's browser: Pyodide running the server's own Python modules
   (scorekeeper/phone_engine.py serves them, scorekeeper/rules/phone.py answers), in a worker so
   that loading it (a few seconds, longer on a slow phone) never holds the page up.

   Messages in: {op: "start", pyodide, bundle, messages} once, then {id, op: "preview", request}
   or {id, op: "score", record} or {id, op: "scoreMany", records}. Messages out: {op: "ready", ms} or {op: "failed", error} once,
   then {id, answer} per request (answer: the server's JSON answer, as text). */
let engine = null;  // rules/phone.py, once loaded
const waiting = [];  // requests that came before the engine was ready

async function start(where) {
  const began = performance.now();
  const { loadPyodide } = await import(where.pyodide + "pyodide.mjs");
  const pyodide = await loadPyodide({ indexURL: where.pyodide });
  const [bundle, messages] = await Promise.all([fetch(where.bundle), fetch(where.messages)]);
  if (!bundle.ok || !messages.ok) { throw new Error("engine files: " + bundle.status + " " + messages.status); }
  pyodide.unpackArchive(await bundle.arrayBuffer(), "zip", { extractDir: "/home/pyodide/engine" });
  pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide/engine')");
  engine = pyodide.pyimport("scorekeeper.rules.phone");
  engine.use_messages(await messages.text());
  return Math.round(performance.now() - began);
}

function answer(message) {
  try {
    const text = message.op === "preview" ? engine.preview_text(message.request)
      : message.op === "scoreMany" ? engine.score_many_text(message.records) : engine.score_text(message.record);
    self.postMessage({ id: message.id, answer: text });
  } catch (error) {  // a bug in the engine: the page falls back to the server
    self.postMessage({ id: message.id, error: String(error) });
  }
}

self.onmessage = (event) => {
  const message = event.data;
  if (message.op === "start") {
    start(message).then(
      (ms) => { self.postMessage({ op: "ready", ms: ms }); waiting.splice(0).forEach(answer); },
      (error) => { self.postMessage({ op: "failed", error: String(error) }); });
  } else if (engine) {
    answer(message);
  } else {
    waiting.push(message);
  }
};
