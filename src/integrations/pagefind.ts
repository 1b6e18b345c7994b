/**
 * The Pagefind search index (src/lib/search-index-build.ts), written into `<outDir>/pagefind`,
 * so it works with any --outDir. Each page goes to the index as it renders; the index is written
 * as soon as the pages are done, while the other integrations finish the output.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import {
  indexingPrerenderer,
  startSearchIndex,
  type SearchIndexWorker,
} from '../lib/search-index-build';
import { timed } from '../lib/build-timings';

export default function pagefindIntegration(): AstroIntegration {
  let root = '';
  let index: SearchIndexWorker | undefined;
  let writing: Promise<number> | undefined;
  return {
    name: 'site-pagefind',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
      },
      'astro:build:start': ({ setPrerenderer }) => {
        const pages = startSearchIndex(join(root, 'src/integrations/search-index-worker.ts'));
        index = pages;
        setPrerenderer((base) => indexingPrerenderer(base, pages));
      },
      'astro:build:generated': ({ dir }) => {
        const pages = index;
        if (!pages) return;
        const outputPath = join(fileURLToPath(dir), 'pagefind');
        writing = timed('search index', () => pages.write(outputPath));
        // Awaited (and its failure thrown) when the build is done.
        writing.catch(() => {});
      },
      'astro:build:done': async ({ logger }) => {
        if (!writing) throw new Error('The search index was not written');
        logger.info(`Indexed ${await writing} pages for search`);
      },
    },
  };
}
