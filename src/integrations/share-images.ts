/**
 * The articles' share images in a build (src/lib/share-image-build.ts): a worker thread draws
 * those the cache lacks (src/lib/share-image.ts) from the start of the build, while bundling
 * leaves a core idle, and after the pages each image is copied from the cache into the output.
 * Whatever the worker could not draw is drawn then.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { AstroIntegration } from 'astro';
import { site } from '../site.config';
import { ARTICLES_DIR } from '../lib/paths';
import { SHARE_IMAGE_CACHE, type ReadyShareImage } from '../lib/share-image';
import { drawingAhead, plannedShareImages, publishShareImages } from '../lib/share-image-build';
import { recordStep, timed } from '../lib/build-timings';

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
      'astro:build:done': async ({ dir, logger }) => {
        const planned = plannedShareImages();
        if (!planned) return;
        const written = await timed('share images', () =>
          publishShareImages(planned, fileURLToPath(dir)),
        );
        logger.info(`Wrote ${written} share images`);
      },
    },
  };
}
