/**
 * GET /{INDEXNOW_KEY}.txt: the IndexNow key file that proves this site owns the key. Every other
 * single-segment .txt path (robots.txt, llms.txt) passes through to the static files;
 * public/_routes.json sends only /*.txt here, so pages never touch this function.
 */
import type { PagesFunction } from '#server/env';
import { indexNowKey, keyFilePath } from '#features/admin/indexnow-api.server';

export const onRequest: PagesFunction = ({ request, env, next }) => {
  const key = indexNowKey(env);
  const { pathname } = new URL(request.url);
  if (!key || pathname !== keyFilePath(key)) return next();
  if (request.method !== 'GET' && request.method !== 'HEAD') return next();
  return new Response(request.method === 'HEAD' ? null : key, {
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    },
  });
};
