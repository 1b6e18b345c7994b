/**
 * The Pagefind search index (src/lib/search-index-build.ts), written into `<outDir>/pagefind`,
 * so it works with any --outDir. Each page goes to the index as it renders, the pages with a
 * search body first; the index is written as soon as the last of them is in.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import {
  indexingPrerenderer,
  startSearchIndex,
  type SearchIndexWorker,
} from '../lib/search-index-build';
import { recordStep } from '../lib/build-timings';

export default function pagefindIntegration(): AstroIntegration {
  let root = '';
  let outDir = '';
  let index: SearchIndexWorker | undefined;
  return {
    name: 'site-pagefind',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
        outDir = fileURLToPath(config.outDir);
      },
      'astro:build:start': ({ setPrerenderer }) => {
        const pages = startSearchIndex(
          join(root, 'src/integrations/search-index-worker.ts'),
          join(outDir, 'pagefind'),
        );
        index = pages;
        setPrerenderer((base) => indexingPrerenderer(base, pages));
      },
      'astro:build:generated': () => {
        // How long the index takes after the pages.
        const pagesDone = performance.now();
        void index?.written
          .catch(() => {})
          .then(() => recordStep('search index', performance.now() - pagesDone));
      },
      'astro:build:done': async ({ logger }) => {
        if (!index) throw new Error('The search index was not written');
        logger.info(`Indexed ${await index.written} pages for search`);
      },
    },
  };
}
