/* The page's side of the phone's rules engine (engine-worker.mjs): starts the worker in the
   background and answers scoring requests once it is ready. window.canastaEngine(where) gives
   {ready: Promise<{ms, kept}>, preview(request): Promise<answer>, score(record): Promise<answer>};
   a request made before the engine is ready waits for it, and a promise that fails (no worker,
   no WebAssembly, the files not reachable) leaves the page to the server. */
(function () {
  "use strict";
  var started = null;
  window.canastaEngine = function (where) {
    if (started) { return started; }
    var calls = {};
    var next = 0;
    var readyDone, readyFailed;
    var ready = new Promise(function (resolve, reject) { readyDone = resolve; readyFailed = reject; });
    var worker = null;
    try {
      worker = new Worker(where.worker, {type: "module"});
    } catch (e) {
      readyFailed(e);
    }
    if (worker) {
      worker.onmessage = function (event) {
        var m = event.data;
        if (m.op === "ready") { readyDone({ms: m.ms, kept: m.kept}); return; }
        if (m.op === "failed") { readyFailed(new Error(m.error)); return; }
        var call = calls[m.id];
        delete calls[m.id];
        if (!call) { return; }
        if (m.error) { call.reject(new Error(m.error)); } else { call.resolve(JSON.parse(m.answer)); }
      };
      // The worker's own file out of reach (no connection, not kept): the page uses the server.
      worker.onerror = function (e) { e.preventDefault(); readyFailed(new Error(e.message || "engine worker")); };
      worker.postMessage({op: "start", pyodide: where.pyodide, bundle: where.bundle, messages: where.messages});
    }
    function ask(message) {
      return ready.then(function () {
        return new Promise(function (resolve, reject) {
          var id = ++next;
          calls[id] = {resolve: resolve, reject: reject};
          message.id = id;
          worker.postMessage(message);
        });
      });
    }
    started = {
      ready: ready,
      isReady: false,
      preview: function (request) { return ask({op: "preview", request: JSON.stringify(request)}); },
      score: function (record) { return ask({op: "score", record: JSON.stringify(record)}); },
      scoreMany: function (records) { return ask({op: "scoreMany", records: JSON.stringify(records)}); }
    };
    // Every promise made from `ready` handles its failure: an engine that cannot load here is
    // no error of the page's (the page uses the server).
    ready.then(function () { started.isReady = true; }, function () { /* the page uses the server */ });
    return started;
  };
})();
/* A game's page where hands are entered or a table plays carries the engine's addresses
   (#engine-config, scorekeeper/phone_engine.py page_engine): the engine starts once the page is
   idle, or at once when the page asks (window.canastaEngine.page(): the entry page, or the
   scoreboard with hands kept on this phone to score), and only once a page. Its files are then
   on this phone: the service worker keeps them (it may not have been there as they loaded), so
   a page opened later with no connection scores too. A line says whether this phone can score
   offline, and the body's data-engine where the engine stands (loading, ready, failed), and
   data-engine-start how it started: "kept" from the memory this phone kept at an earlier page,
   else "fresh" (engine-worker.mjs). */
(function () {
  "use strict";
  var node = document.getElementById("engine-config");
  if (!node) {
    window.canastaEngine.page = function () { return null; };
    return;
  }
  var where = JSON.parse(node.textContent);
  var line = document.getElementById("offline-scoring");
  var words = JSON.parse(document.getElementById("offline-scoring-words").textContent);
  var engine = null;

  function say(state) {
    document.body.setAttribute("data-engine", state);
    line.setAttribute("data-state", state);
    line.textContent = words[state];
    line.hidden = false;
  }

  function keepFiles() {
    if (!("serviceWorker" in navigator)) { return; }
    navigator.serviceWorker.ready.then(function (registration) {
      if (registration.active) { registration.active.postMessage({engine: where.files}); }
    }, function () { /* no service worker here: the engine loads while a page stays open */ });
  }

  window.canastaEngine.page = function () {
    if (engine) { return engine; }
    engine = window.canastaEngine(where);
    if (!engine.isReady) { say("loading"); }
    engine.ready.then(function (how) {
      document.body.setAttribute("data-engine-start", how.kept ? "kept" : "fresh");
      say("ready");
      keepFiles();
    }, function () { say("failed"); });
    return engine;
  };

  // Pyodide is several megabytes and seconds of work: it waits until the page has loaded and
  // the phone has a moment (a page closed sooner never starts it).
  function whenIdle() {
    if (window.requestIdleCallback) { window.requestIdleCallback(window.canastaEngine.page, {timeout: 3000}); }
    else { setTimeout(window.canastaEngine.page, 1000); }
  }
  if (document.readyState === "complete") { whenIdle(); } else { window.addEventListener("load", whenIdle); }
})();
