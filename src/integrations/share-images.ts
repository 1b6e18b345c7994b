/**
 * Draws the articles' share images that the cache lacks (src/lib/share-image.ts) in a worker
 * thread from the start of the build: bundling leaves a core idle, and a cold build of a large
 * archive spent most of its page rendering drawing them. The share image route waits for it,
 * then reads each article's image from the cache file the worker names for it; whatever the
 * worker could not draw, the route draws.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { AstroIntegration } from 'astro';
import { site } from '../site.config';
import { ARTICLES_DIR } from '../lib/paths';
import { drawingAhead, SHARE_IMAGE_CACHE, type ReadyShareImage } from '../lib/share-image';
import { recordStep } from '../lib/build-timings';

/** What the worker sends when it is done. */
interface AheadMessage {
  drawn: number;
  ready: Map<string, ReadyShareImage>;
  ms: number;
}

export default function shareImages(): AstroIntegration {
  let root = '';
  return {
    name: 'site-share-images',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
      },
      'astro:build:start': async ({ logger }) => {
        const dir = join(root, ARTICLES_DIR);
        const articleFiles = (await readdir(dir, { recursive: true }))
          .filter((f) => f.endsWith('.mdx'))
          .map((f) => join(dir, f));
        const worker = new Worker(join(root, 'src/integrations/share-image-worker.ts'), {
          workerData: { articleFiles, siteName: site.name, cacheDir: SHARE_IMAGE_CACHE },
        });
        drawingAhead(
          new Promise((resolve) => {
            worker.once('message', ({ drawn, ready, ms }: AheadMessage) => {
              recordStep('share images drawn ahead', ms, drawn);
              resolve(ready);
            });
            worker.once('error', (error) => {
              logger.warn(`Drawing share images ahead failed, the pages draw them: ${error}`);
            });
            worker.once('exit', () => resolve(new Map()));
          }),
        );
      },
    },
  };
}
