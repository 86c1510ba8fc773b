// The service worker: the app shell (styles, scripts, icons) and the last state of each page
// this device saw, so that a page opens while the host is away (the laptop asleep, the Wi-Fi
// gone), marked as not current. Everything is asked of the host first: a cached copy is only
// what answers when the host does not (within WAIT ms). Taps are not the worker's business:
// offline.js queues them in the page, and sends them when the host is back.
"use strict";
var VERSION = "ledger-1";
var SHELL = "shell-" + VERSION, PAGES = "pages-" + VERSION;
var WAIT = 4000; // a sleeping host never refuses a connection: it just does not answer
var SHELL_FILES = [
  "/static/app.css", "/static/offline.css", "/static/app.js", "/static/live.js",
  "/static/witness.js", "/static/offline.js", "/static/htmx.min.js",
  "/static/idiomorph.min.js", "/static/icon-192.png", "/static/icon-512.png",
  "/manifest.webmanifest",
];

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(SHELL).then(function (cache) { return cache.addAll(SHELL_FILES); })
      .then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) {
        return name !== SHELL && name !== PAGES;
      }).map(function (name) { return caches.delete(name); }));
    }).then(function () { return self.clients.claim(); })
  );
});

function isPage(request, url) {
  if (url.pathname === "/events" || url.pathname.indexOf("/api") === 0) return false;
  if (url.searchParams.has("token")) return false; // answered by a redirect setting the cookie
  return request.mode === "navigate" ||
    (request.headers.get("accept") || "").indexOf("text/html") !== -1 ||
    request.headers.has("X-Live") || url.pathname === "/actions";
}

self.addEventListener("fetch", function (event) {
  var request = event.request, url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname === "/events") return; // the live stream goes straight to the host
  var shell = SHELL_FILES.indexOf(url.pathname) !== -1;
  if (!shell && !isPage(request, url)) return;
  event.respondWith(firstTheHost(event, request, shell ? SHELL : PAGES, !shell));
});

// The host's answer when it comes (and the cache kept up to date with it); the cached copy
// when the host fails, or is silent for WAIT ms while a copy exists.
function firstTheHost(event, request, cacheName, page) {
  var key = cacheKey(request);
  var network = fetch(request).then(function (response) {
    if (response.ok && response.type === "basic") {
      event.waitUntil(keep(cacheName, key, response.clone()));
    }
    return response;
  });
  return caches.open(cacheName).then(function (cache) { return cache.match(key); })
    .then(function (cached) {
      if (!cached) return network;
      var fallback = function () { return page ? stale(cached) : cached; };
      return new Promise(function (resolve) {
        var timer = setTimeout(function () { resolve(fallback()); }, WAIT);
        network.then(function (response) { clearTimeout(timer); resolve(response); },
          function () { clearTimeout(timer); resolve(fallback()); });
      });
    });
}

// A page's copy is one per address (the live refresh's read of a page and its navigation
// share it); "?recorded=N" only adds a notice, and would make one copy per tap.
function cacheKey(request) {
  var url = new URL(request.url);
  url.searchParams.delete("recorded");
  return new Request(url.href);
}

function keep(cacheName, key, response) {
  return response.blob().then(function (body) {
    var headers = new Headers(response.headers);
    headers.set("x-ledger-saved", new Date().toISOString());
    return caches.open(cacheName).then(function (cache) {
      return cache.put(key, new Response(body, { status: response.status, headers: headers }));
    });
  });
}

// The last state this device saw, marked: <body data-stale="WHEN"> (offline.js says it on the page).
function stale(cached) {
  var saved = cached.headers.get("x-ledger-saved") || "";
  return cached.text().then(function (html) {
    var marked = html.replace("<body ", '<body data-stale="' + saved + '" ');
    return new Response(marked, { status: 200, headers: cached.headers });
  });
}
