/* The rules engine in the phone's browser: Pyodide running the server's own Python modules
   (scorekeeper/phone_engine.py serves them, scorekeeper/rules/phone.py answers), in a worker so
   that loading it (a few seconds, longer on a slow phone) never holds the page up.

   Each page starts its own worker, so each would start Python afresh: two seconds of a phone's
   CPU per page. The first start on this phone keeps a picture of Python's memory with the
   engine imported (Pyodide's memory snapshot, gzipped in the browser's Cache Storage, under the
   engine's and Pyodide's versions: see keptName); every later page restores it in a tenth of the
   time. A picture that cannot be read or restored (another Pyodide build, a full disk, a
   browser without CompressionStream) only means a fresh start.

   Messages in: {op: "start", pyodide, bundle, messages} once, then {id, op: "preview", request}
   or {id, op: "score", record} or {id, op: "scoreMany", records}. Messages out: {op: "ready",
   ms, kept} (kept: started from the kept picture) or {op: "failed", error} once, then {id,
   answer} per request (answer: the server's JSON answer, as text). */
let engine = null;  // rules/phone.py, once loaded
const waiting = [];  // requests that came before the engine was ready
const ENGINE_DIR = "/home/pyodide/engine";
const ENGINE_MODULE = "scorekeeper.rules.phone";
// Cache Storage's name for the kept picture (sw.js: ENGINE_MEMORY, which a new release's service
// worker leaves alone: a picture of another engine is never restored, and replaced at once).
const KEPT = "engine-memory";

// The kept picture's key: the engine's address names its digest and Pyodide's its version, so
// a picture is only ever restored into the same code it was made from.
function keptName(where) {
  const url = new URL(where.bundle, self.location.href);
  url.searchParams.set("pyodide", where.pyodide);
  return url.href;
}

async function keptPicture(name) {
  try {
    const cache = await caches.open(KEPT);
    const found = await cache.match(name);
    if (!found) { return null; }
    const unzipped = found.body.pipeThrough(new DecompressionStream("gzip"));
    return new Uint8Array(await new Response(unzipped).arrayBuffer());
  } catch (error) {  // eslint-disable-line no-unused-vars
    return null;
  }
}

// The picture kept in place of any older one; nothing kept when the browser refuses (quota).
async function keepPicture(name, picture) {
  try {
    const cache = await caches.open(KEPT);
    await Promise.all((await cache.keys()).map((old) => cache.delete(old)));
    const zipped = new Blob([picture]).stream().pipeThrough(new CompressionStream("gzip"));
    await cache.put(name, new Response(zipped, { headers: { "Content-Type": "application/octet-stream" } }));
  } catch (error) {  // eslint-disable-line no-unused-vars
    /* a fresh start next time */
  }
}

// Cache Storage refusing (quota, a private window) only means no picture.
async function forgetPicture(name) {
  try { await (await caches.open(KEPT)).delete(name); } catch (error) { /* nothing kept */ }  // eslint-disable-line no-unused-vars
}

// Python with the engine imported: restored from ``picture``, or started afresh (null), when
// the picture of it is taken, to be kept once the engine is ready.
async function python(loadPyodide, where, files, picture) {
  const options = picture ? { _loadSnapshot: picture } : { _makeSnapshot: true };
  const pyodide = await loadPyodide({ indexURL: where.pyodide, ...options });
  // The engine's files are in Pyodide's file system, which the picture does not hold (only
  // Python's memory, with the modules already imported): unpacked at every start.
  pyodide.unpackArchive(files, "zip", { extractDir: ENGINE_DIR });
  let taken = null;
  if (!picture) {
    pyodide.runPython(`import sys; sys.path.insert(0, '${ENGINE_DIR}'); import ${ENGINE_MODULE}`);
    try {
      taken = pyodide.makeMemorySnapshot();  // before the engine holds anything of this page's
    } catch (error) {  // eslint-disable-line no-unused-vars
      /* no picture: the next page starts afresh too */
    }
  }
  return { engine: pyodide.pyimport(ENGINE_MODULE), taken: taken };
}

async function start(where) {
  const began = performance.now();
  const { loadPyodide } = await import(where.pyodide + "pyodide.mjs");
  const [bundle, messages] = await Promise.all([fetch(where.bundle), fetch(where.messages)]);
  if (!bundle.ok || !messages.ok) { throw new Error("engine files: " + bundle.status + " " + messages.status); }
  const files = await bundle.arrayBuffer();
  const name = keptName(where);
  const picture = await keptPicture(name);
  let started = null;
  if (picture) {
    try {
      started = await python(loadPyodide, where, files, picture);
    } catch (error) {  // eslint-disable-line no-unused-vars
      forgetPicture(name);  // made by another build of Pyodide, or damaged: a fresh start
    }
  }
  const kept = started !== null;
  if (!kept) { started = await python(loadPyodide, where, files, null); }
  engine = started.engine;
  engine.use_messages(await messages.text());
  if (started.taken) { keepPicture(name, started.taken); }  // in the background: ready now
  return { ms: Math.round(performance.now() - began), kept: kept };
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
      (how) => { self.postMessage({ op: "ready", ms: how.ms, kept: how.kept }); waiting.splice(0).forEach(answer); },
      (error) => { self.postMessage({ op: "failed", error: String(error) }); });
  } else if (engine) {
    answer(message);
  } else {
    waiting.push(message);
  }
};
