/**
 * The articles' share images in a build (src/lib/share-image-build.ts): a worker thread draws
 * those the cache lacks (src/lib/share-image.ts) from the start of the build, on the core the
 * bundling and the pages leave; after the pages, each image is published from the cache into
 * the output. Whatever the worker had not drawn by then is drawn there.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { site } from '../site.config';
import { ARTICLES_DIR } from '../lib/paths';
import { SHARE_IMAGE_CACHE } from '../lib/share-image';
import {
  drawingAhead,
  plannedShareImages,
  publishShareImages,
  startDrawingAhead,
} from '../lib/share-image-build';
import { recordStep, timed } from '../lib/build-timings';

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
        const worker = startDrawingAhead(join(root, 'src/integrations/share-image-worker.ts'), {
          articleFiles,
          siteName: site.name,
          cacheDir: SHARE_IMAGE_CACHE,
        });
        drawingAhead(async () => {
          const result = await worker.finish();
          if (!result) {
            logger.warn('Drawing share images ahead failed; they are drawn after the pages');
            return new Map();
          }
          recordStep('share images drawn ahead', result.ms, result.drawn);
          return result.ready;
        });
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
