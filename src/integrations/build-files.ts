/**
 * Writes the files routes planned for after the pages (src/lib/build-files.ts), starting as
 * soon as the pages are done, while the search index is written.
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { takePlannedFiles, writeFiles } from '../lib/build-files';
import { timed } from '../lib/build-timings';

export default function buildFiles(): AstroIntegration {
  let writing: Promise<number> | undefined;
  return {
    name: 'site-build-files',
    hooks: {
      'astro:build:generated': ({ dir }) => {
        const files = takePlannedFiles();
        writing = timed('files after the pages', () => writeFiles(files, fileURLToPath(dir)));
        // Awaited (and its failure thrown) when the build is done.
        writing.catch(() => {});
      },
      'astro:build:done': async ({ logger }) => {
        const written = await writing;
        if (written) logger.info(`Wrote ${written} files after the pages`);
      },
    },
  };
}
