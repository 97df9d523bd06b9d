/* The rules engine in the phone's browser: Pyodide running the server's own Python modules
   (scorekeeper/phone_engine.py serves them, scorekeeper/rules/phone.py answers), in a worker so
   that loading it (a few seconds, longer on a slow phone) never holds the page up.

   Each page starts its own worker, so each would start Python afresh: seconds of a phone's CPU
   per page. The first start on this phone keeps a picture of Python's memory with the engine
   imported (Pyodide's memory snapshot, gzipped in the browser's Cache Storage under the engine's,
   Pyodide's and this worker's versions: see keptName); every later page restores it instead
   (bench/phone_engine.py). A picture that cannot be read means a fresh start; one that cannot be
   restored, a fresh start, and a mark in its place so that no later page tries it again (until
   the versions change); a browser that cannot keep one (no Cache Storage or CompressionStream)
   takes no picture.

   Messages in: {op: "start", pyodide, bundle, messages} once, then {id, op: "preview", request}
   or {id, op: "score", record} or {id, op: "scoreMany", records}. Messages out: {op: "ready",
   ms, kept} (kept: started from the kept picture) or {op: "failed", error} once, then {id,
   answer} per request (answer: the server's JSON answer, as text). */
let engine = null;  // rules/phone.py, once loaded
const waiting = [];  // requests that came before the engine was ready
const ENGINE_DIR = "/home/pyodide/engine";
const ENGINE_MODULE = "scorekeeper.rules.phone";
// Cache Storage's name for the kept picture (sw.js: ENGINE_MEMORY, which a new release's service
// worker leaves alone: a picture of other versions is never restored, and replaced at once).
const KEPT = "engine-memory";
// What stands under the picture's name once it could not be restored.
const UNRESTORABLE = "X-Engine-Memory-Unrestorable";
const CAN_KEEP = typeof caches !== "undefined" && typeof CompressionStream !== "undefined"
  && typeof DecompressionStream !== "undefined";

// The kept picture's key, a name no page is ever fetched by: the engine's address names its
// digest, Pyodide's its version, and this worker's (hashed in production) the steps taken before
// the picture, so a picture is only ever restored into the code that made it.
function keptName(where) {
  const url = new URL(where.bundle, self.location.href);
  url.pathname = "/" + KEPT + url.pathname;
  url.searchParams.set("pyodide", where.pyodide);
  url.searchParams.set("worker", self.location.pathname);
  return url.href;
}

// The kept picture (bytes), UNRESTORABLE, or null (none, or none readable).
async function keptPicture(name) {
  if (!CAN_KEEP) { return null; }
  try {
    const found = await (await caches.open(KEPT)).match(name);
    if (!found) { return null; }
    if (found.headers.has(UNRESTORABLE)) { return UNRESTORABLE; }
    const unzipped = found.body.pipeThrough(new DecompressionStream("gzip"));
    return new Uint8Array(await new Response(unzipped).arrayBuffer());
  } catch (error) {  // eslint-disable-line no-unused-vars
    return null;
  }
}

// ``body`` kept under ``name``, then any other version's picture deleted (kept first: a page
// closed meanwhile, or another tab doing the same, leaves a picture, not none). Nothing kept
// when the browser refuses (quota, a private window): a fresh start next time.
async function keep(name, body, headers) {
  try {
    const cache = await caches.open(KEPT);
    await cache.put(name, new Response(body, { headers: headers }));
    const others = (await cache.keys()).filter((key) => key.url !== name);
    await Promise.all(others.map((key) => cache.delete(key)));
  } catch (error) {  // eslint-disable-line no-unused-vars
    /* nothing kept */
  }
}

function keepPicture(name, picture) {
  const zipped = new Response(picture).body.pipeThrough(new CompressionStream("gzip"));
  return keep(name, zipped, { "Content-Type": "application/octet-stream" });
}

// Python with the engine imported: restored from ``picture``, or started afresh (no picture),
// taking a picture of it when ``take``.
async function python(loadPyodide, where, files, { picture = null, take = false }) {
  const options = picture ? { _loadSnapshot: picture } : take ? { _makeSnapshot: true } : {};
  const pyodide = await loadPyodide({ indexURL: where.pyodide, ...options });
  // Pyodide keeps its options for the interpreter's life: not the picture (31 MB), once used.
  if (picture) { pyodide._api.config._loadSnapshot = null; }
  // The engine's files are in Pyodide's file system, which the picture does not hold (only
  // Python's memory, with the modules already imported): unpacked at every start.
  pyodide.unpackArchive(files, "zip", { extractDir: ENGINE_DIR });
  let taken = null;
  if (!picture) {
    pyodide.runPython(`import sys; sys.path.insert(0, '${ENGINE_DIR}'); import ${ENGINE_MODULE}`);
    if (take) {
      try {
        taken = pyodide.makeMemorySnapshot();  // before the engine holds anything of this page's
      } catch (error) {  // eslint-disable-line no-unused-vars
        /* no picture: the next page starts afresh too */
      }
    }
  }
  return { engine: pyodide.pyimport(ENGINE_MODULE), taken: taken };
}

// Python restored from the picture kept under ``name``: {started} (null when there is none to
// restore) and whether a fresh start should take one ({take}). A picture that fails to restore
// is marked so, and none is taken again.
async function restored(loadPyodide, where, files, name) {
  const picture = await keptPicture(name);
  if (!(picture instanceof Uint8Array)) {
    return { started: null, take: CAN_KEEP && picture === null };
  }
  try {
    return { started: await python(loadPyodide, where, files, { picture: picture }), take: false };
  } catch (error) {  // eslint-disable-line no-unused-vars
    keep(name, "", { [UNRESTORABLE]: "1" });  // made by another build of Pyodide, or damaged
    return { started: null, take: false };
  }
}

async function start(where) {
  const began = performance.now();
  const { loadPyodide } = await import(where.pyodide + "pyodide.mjs");
  const [bundle, messages] = await Promise.all([fetch(where.bundle), fetch(where.messages)]);
  if (!bundle.ok || !messages.ok) { throw new Error("engine files: " + bundle.status + " " + messages.status); }
  const files = await bundle.arrayBuffer();
  const name = keptName(where);
  const { started, take } = await restored(loadPyodide, where, files, name);
  const { engine: loaded, taken } = started || await python(loadPyodide, where, files, { take: take });
  engine = loaded;
  engine.use_messages(await messages.text());
  if (taken) { keepPicture(name, taken); }  // in the background: the engine is ready now
  return { ms: Math.round(performance.now() - began), kept: started !== null };
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
