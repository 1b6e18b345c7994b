/**
 * The built site (dist/), served by the platform through the assets binding. The platform
 * answers most page requests itself; the Worker sees those wrangler.toml routes to it first
 * (`assets.run_worker_first`) and paths with no file, for which the assets binding answers the
 * 404 page.
 */
import type { Env } from './env';

/** The asset for `request`, or a plain 404 where no assets are bound (unit tests). */
export function serveAsset(request: Request, env: Env): Promise<Response> | Response {
  if (env.ASSETS) return env.ASSETS.fetch(request);
  return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain' } });
}
