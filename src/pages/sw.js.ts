import type { APIRoute } from 'astro';

/**
 * The service worker, generated at build time so each build gets its own cache name: a new
 * build changes this file, the browser installs the new worker on the next visit, and the
 * old caches are dropped on activation.
 *
 * - Pages: network first, the cached copy when offline, else the offline page.
 * - Built assets (/_astro/, hashed names): cache first.
 * - /api/ and other origins: never touched.
 */
const VERSION = Date.now().toString(36);

const worker = (version: string) => `
const CACHE = 'site-${version}';
const OFFLINE = '/offline';
const PRECACHE = [OFFLINE, '/favicon.svg'];

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((c) => c.addAll(PRECACHE)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('site-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) cache.put(request, response.clone());
    return response;
  } catch {
    return (await cache.match(request, { ignoreSearch: true })) || (await cache.match(OFFLINE)) || Response.error();
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') event.respondWith(networkFirst(request));
  else if (url.pathname.startsWith('/_astro/')) event.respondWith(cacheFirst(request));
});
`;

export const GET: APIRoute = () =>
  new Response(worker(VERSION), {
    headers: { 'Content-Type': 'text/javascript; charset=utf-8' },
  });
