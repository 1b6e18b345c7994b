/**
 * The built site (dist/), served by the platform through the assets binding. The platform
 * answers most page requests itself; the Worker sees those wrangler.toml routes to it first
 * (`assets.run_worker_first`) and paths with no file, for which the assets binding answers the
 * 404 page.
 */
import type { Env } from './env';
import { serveMarkdownTwin } from './markdown-negotiation';

/** A plain 404 where no assets are bound (unit tests). */
const notFound = () =>
  new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain' } });

/**
 * The asset for `request`: an article or service page in Markdown when the request prefers it
 * (./markdown-negotiation.ts), else the file itself.
 */
export async function serveAsset(request: Request, env: Env): Promise<Response> {
  const assets = env.ASSETS;
  const file = () => (assets ? assets.fetch(request) : Promise.resolve(notFound()));
  return (await serveMarkdownTwin(request, file, assets)) ?? file();
}
