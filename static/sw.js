// The service worker: keeps the site's files so that it opens without a network after one visit.
// `scripts/stamp-sw.sh` writes the build's file list and version in place of the two markers
// below after each build (a new build is a new worker, which the page offers to load).
const VERSION = '__VERSION__';
const FILES = __FILES__;
const CACHE = `topochess-${VERSION}`;

// Every file of this build is fetched and kept before the worker takes over; it then waits for
// the page's word (an update is never forced on a page in the middle of a game). A file whose
// name carries no content hash (the page, the engine's module) is checked with the server first,
// so an older copy in the HTTP cache is never kept as this build's.
self.addEventListener('install', (event) => {
  const hashed = /-[0-9a-f]{16}[._]/;
  const requests = FILES.map((file) => new Request(file, { cache: hashed.test(file) ? 'default' : 'no-cache' }));
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(requests)));
});

// Older builds' files are dropped once this build is in charge.
self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((n) => n.startsWith('topochess-') && n !== CACHE).map((n) => caches.delete(n)));
    await self.clients.claim();
  })());
});

// The page's answer to "a new version is ready".
self.addEventListener('message', (event) => {
  if (event.data === 'take-over') self.skipWaiting();
});

// This build's files from the cache; a page load gets this build's page (so page and files
// match); anything else (another origin, the live server's endpoints) from the network.
self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  const scope = new URL(self.registration.scope);
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return;
  if (url.pathname.startsWith(`${scope.pathname}api/`)) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    if (request.mode === 'navigate') {
      const page = await cache.match(new URL('./', scope).href);
      if (page) return page;
    } else {
      const kept = await cache.match(request, { ignoreSearch: true });
      if (kept) return kept;
    }
    return fetch(request);
  })());
});
