/**
 * GET /{INDEXNOW_KEY}.txt: the IndexNow key file that proves this site owns the key. Any other
 * .txt path (robots.txt, llms.txt) is a static file: this answers undefined for it.
 */
import type { RouteContext } from '#server/env';
import { indexNowKey, keyFilePath } from '#features/admin/indexnow-api.server';

export function keyFile({ request, env }: RouteContext): Response | undefined {
  const key = indexNowKey(env);
  if (!key || new URL(request.url).pathname !== keyFilePath(key)) return undefined;
  return new Response(request.method === 'HEAD' ? null : key, {
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    },
  });
}
