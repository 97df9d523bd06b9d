/* The service worker (scorekeeper/installable.py serves /sw.js: this release's RELEASE and
   CONFIG, then this file). It keeps:
   - the app's static files and the engine (cache first: their addresses change with their
     content, and Pyodide's with its version, so a copy is never stale);
   - the pages this phone opened (network first: the server's page when it answers, the copy
     kept here when it does not), and a page saying so for a page never opened.
   Posts (a hand, a result) are never answered from here: the page keeps a hand that cannot be
   sent (queue.mjs).

   CONFIG: {shell: the files kept at install, static: the static files' prefix, offline: the
   page for a page never opened, pyodide: Pyodide's folder, kept: the pages this worker may
   keep, as regular expressions of their paths without the leading "/" (from the URL
   patterns: a game's pages and the pages anyone reads; never a director's or an account's,
   which a club laptop's next user must not read offline)}. */
"use strict";
var SHELL = "shell-" + RELEASE, PAGES = "pages-" + RELEASE, VENDOR = "vendor";
// The rules engine's memory, kept by its worker (engine-worker.mjs: KEPT) under the versions of
// the engine, Pyodide and the worker, which replaces it when they change: left alone here.
var ENGINE_MEMORY = "engine-memory";
var STATIC = CONFIG.static;
var OFFLINE = CONFIG.offline;
var PYODIDE = CONFIG.pyodide;
var PAGE_TIMEOUT = 4000;  // ms: on Wi-Fi this slow, a page kept here is shown, then refreshed
var KEEP_PAGES = 60;  // pages kept, the latest opened
// A pattern this browser cannot read is skipped, never fatal: the worker still installs.
var KEPT = CONFIG.kept.map(function (source) {
  try { return new RegExp(source); } catch (e) { return null; }  // eslint-disable-line no-unused-vars
}).filter(Boolean);

function keepable(path) {
  var route = path.slice(1);
  return KEPT.some(function (pattern) { return pattern.test(route); });
}

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(SHELL).then(function (cache) {
    return cache.addAll(CONFIG.shell);
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  // An older release's copies go; Pyodide's stay, but for an older version's (its folder names
  // its version); the engine's kept memory stays (its worker replaces it when it is another's).
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name !== SHELL && name !== PAGES && name !== VENDOR && name !== ENGINE_MEMORY;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () {
    return caches.open(VENDOR).then(function (cache) {
      return cache.keys().then(function (keys) {
        return Promise.all(keys.filter(function (key) {
          return new URL(key.url).pathname.indexOf(PYODIDE) !== 0;
        }).map(function (key) { return cache.delete(key); }));
      });
    });
  }).then(function () { return self.clients.claim(); }));
});

// Where a file kept for good goes: Pyodide's folder (kept across releases), the app's static
// files and the engine's (this release's); null for anything else.
function cacheOf(url) {
  if (url.origin !== self.location.origin) { return null; }
  if (url.pathname.indexOf(PYODIDE) === 0) { return VENDOR; }
  if (url.pathname.indexOf(STATIC) === 0 || url.pathname.indexOf("/engine/") === 0) { return SHELL; }
  return null;
}

// No copy and no connection: the page's request fails as it would without this worker (a
// network error, not an error of the worker's own); a copy that could not be written (the
// phone's storage full) is fetched again next time.
function cacheFirst(request, name) {
  return caches.match(request).then(function (kept) {
    return kept || fetch(request).then(function (response) {
      if (response.ok) {
        var copy = response.clone();
        caches.open(name).then(function (cache) { return cache.put(request, copy); }).catch(function () {});
      }
      return response;
    }, function () { return Response.error(); });
  });
}

// A page's engine loaded (engine.js): each of its files is kept here if it is not yet (the
// page may have loaded them before this worker was there to keep them), so that a page opened
// later with no connection loads the engine. Nothing but static files and the engine's.
function keepEngine(paths) {
  return Promise.all(paths.map(function (path) {
    var url = new URL(path, self.location.origin);
    var name = cacheOf(url);
    if (!name) { return null; }
    return caches.match(url.href).then(function (copy) {
      if (copy) { return null; }
      return fetch(url.href).then(function (response) {
        if (!response.ok) { return null; }
        return caches.open(name).then(function (cache) { return cache.put(url.href, response); });
      });
    });
  })).catch(function () { /* no connection: the next page's engine asks again */ });
}

function trim(cache) {
  cache.keys().then(function (keys) {
    keys.slice(0, Math.max(0, keys.length - KEEP_PAGES)).forEach(function (key) { cache.delete(key); });
  });
}

// A page the server says is not to be stored (the Rules page of a signed-in member, which
// lists their clubs' rules) is never kept, whatever its address.
function unkept(response) {
  return /no-store/.test(response.headers.get("Cache-Control") || "");
}

function kept(request) {
  return caches.match(request, {ignoreVary: true});
}

function networkFirst(request) {
  var keep = keepable(new URL(request.url).pathname);
  var network = fetch(request).then(function (response) {
    if (keep && response.ok && response.type === "basic" && !response.redirected && !unkept(response)) {
      var copy = response.clone();
      caches.open(PAGES).then(function (cache) { cache.delete(request).then(function () { return cache.put(request, copy); }).then(function () { trim(cache); }); });
    }
    return response;
  });
  return new Promise(function (resolve) {
    var answered = false;
    function answer(response) { if (!answered) { answered = true; resolve(response); } }
    // Wi-Fi that answers slowly: the copy kept here, if any (the network's answer still
    // refreshes it for next time).
    var timer = setTimeout(function () {
      kept(request).then(function (copy) { if (copy) { answer(copy); } });
    }, PAGE_TIMEOUT);
    network.then(function (response) { clearTimeout(timer); answer(response); }, function () {
      clearTimeout(timer);
      kept(request).then(function (copy) { return copy || caches.match(OFFLINE); }).then(answer);
    });
  });
}

// A page asks to be kept (it loaded before this worker could keep it), and its game's other
// page if none is kept yet: only pages anyone may read, or a game's.
function keepPage(path, always) {
  var url = new URL(path, self.location.origin);
  if (url.origin !== self.location.origin || !keepable(url.pathname)) { return Promise.resolve(); }
  return kept(url.href).then(function (copy) {
    if (copy && !always) { return; }
    return fetch(url.href, {credentials: "same-origin"}).then(function (response) {
      if (!response.ok || response.redirected || unkept(response)) { return; }
      return caches.open(PAGES).then(function (cache) { return cache.put(url.href, response); });
    });
  }).catch(function () { /* no connection: kept next time */ });
}

self.addEventListener("message", function (event) {
  var asked = event.data || {};
  var work = (asked.keep || []).map(function (path) { return keepPage(path, true); })
    .concat((asked.also || []).map(function (path) { return keepPage(path, false); }))
    .concat(Array.isArray(asked.engine) ? [keepEngine(asked.engine)] : []);
  event.waitUntil(Promise.all(work));
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) { return; }
  var name = cacheOf(url);
  if (name) {
    event.respondWith(cacheFirst(request, name));
  } else if (request.mode === "navigate") {
    event.respondWith(networkFirst(request));
  }
  // Anything else (the game's version, exports, the API) goes to the network as it is.
});
