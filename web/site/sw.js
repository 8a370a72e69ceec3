// The static site's service worker (web/site.mjs puts SITE before this:
// the build's digest and the files it keeps): after the first visit the
// studio opens and makes mazes with the network cut. Every file of the
// site is kept at the install, the fonts when a page first asks for one;
// a request is answered from what is kept, else from the network (and
// kept). A new build (another digest) keeps its files anew and drops the
// old ones.
'use strict';
const CACHE = `meiro-${SITE.version}`;

self.addEventListener('install', (e) => {
  e.waitUntil(caches.open(CACHE).then((c) => c.addAll(SITE.files)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (e) => {
  e.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((n) => n.startsWith('meiro-') && n !== CACHE).map((n) => caches.delete(n))))
    .then(() => self.clients.claim()));
});

self.addEventListener('fetch', (e) => {
  const req = e.request;
  if (req.method !== 'GET' || new URL(req.url).origin !== location.origin) return;
  // the page itself whatever its query (?seed=7)
  const page = req.mode === 'navigate';
  e.respondWith(caches.open(CACHE).then(async (c) => {
    const kept = await c.match(page ? './' : req, { ignoreSearch: page });
    if (kept) return kept;
    const r = await fetch(req);
    if (r.ok) c.put(req, r.clone());
    return r;
  }));
});
