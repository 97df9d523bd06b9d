/* The page's side of the phone's rules engine (engine-worker.mjs): starts the worker in the
   background and answers scoring requests once it is ready. window.canastaEngine(where) gives
   {ready: Promise<ms>, preview(request): Promise<answer>, score(record): Promise<answer>};
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
        if (m.op === "ready") { readyDone(m.ms); return; }
        if (m.op === "failed") { readyFailed(new Error(m.error)); return; }
        var call = calls[m.id];
        delete calls[m.id];
        if (!call) { return; }
        if (m.error) { call.reject(new Error(m.error)); } else { call.resolve(JSON.parse(m.answer)); }
      };
      worker.onerror = function (e) { readyFailed(e); };
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
    ready.catch(function () { /* the page uses the server */ });
    started = {
      ready: ready,
      isReady: false,
      preview: function (request) { return ask({op: "preview", request: JSON.stringify(request)}); },
      score: function (record) { return ask({op: "score", record: JSON.stringify(record)}); },
      scoreMany: function (records) { return ask({op: "scoreMany", records: JSON.stringify(records)}); }
    };
    ready.then(function () { started.isReady = true; });
    return started;
  };
})();
