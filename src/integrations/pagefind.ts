/**
 * Builds the Pagefind search index after the site is built, into `<outDir>/pagefind`, so it
 * works with any --outDir. Only pages that mark their content with `data-pagefind-body`
 * (articles and services) are indexed; results point at the public paths, without ".html".
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import * as pagefind from 'pagefind';
import { publicPath } from '../lib/paths';
import { timed } from '../lib/build-timings';

/** Files indexed at once. */
const INDEX_BATCH = 32;

/** Throws when Pagefind reports errors, so a broken index fails the build. */
function assertNoErrors(step: string, errors: string[]): void {
  if (errors.length > 0) throw new Error(`Pagefind ${step} failed: ${errors.join('; ')}`);
}

export default function pagefindIntegration(): AstroIntegration {
  return {
    name: 'site-pagefind',
    hooks: {
      'astro:build:done': ({ dir, logger }) =>
        timed('search index', () => writeIndex(fileURLToPath(dir), logger)),
    },
  };
}

/** Indexes the pages built into `outDir`, writing the index to `<outDir>/pagefind`. */
async function writeIndex(outDir: string, logger: AstroIntegrationLogger): Promise<void> {
  const { index, errors } = await pagefind.createIndex({ forceLanguage: 'en' });
  assertNoErrors('setup', errors);
  if (!index) throw new Error('Pagefind did not create an index');
  try {
    // Files are read and handed to Pagefind in parallel batches: one at a time, indexing
    // dominated the build of a large archive.
    const files = (await readdir(outDir, { recursive: true })).filter((f) => f.endsWith('.html'));
    let pages = 0;
    for (let i = 0; i < files.length; i += INDEX_BATCH) {
      await Promise.all(
        files.slice(i, i + INDEX_BATCH).map(async (file) => {
          const content = await readFile(join(outDir, file), 'utf8');
          if (!content.includes('data-pagefind-body')) return;
          const url = publicPath(`/${file.split(sep).join('/')}`);
          assertNoErrors(`indexing ${file}`, (await index.addHTMLFile({ url, content })).errors);
          pages++;
        }),
      );
    }
    const written = await index.writeFiles({ outputPath: join(outDir, 'pagefind') });
    assertNoErrors('writing', written.errors);
    logger.info(`Indexed ${pages} pages for search`);
  } finally {
    await pagefind.close();
  }
}
