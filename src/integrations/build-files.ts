/**
 * Writes the files routes hand over (src/lib/build-files.ts) into the output as the pages
 * render, and waits for them when the build is done.
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { filesWritten, writeFilesTo } from '../lib/build-files';
import { timed } from '../lib/build-timings';

export default function buildFiles(): AstroIntegration {
  let outDir = '';
  return {
    name: 'site-build-files',
    hooks: {
      'astro:config:done': ({ config }) => {
        outDir = fileURLToPath(config.outDir);
      },
      'astro:build:start': () => {
        writeFilesTo(outDir);
      },
      'astro:build:done': async ({ logger }) => {
        const written = await timed('files written, after the pages', filesWritten);
        if (written) logger.info(`Wrote ${written} files handed over by routes`);
      },
    },
  };
}
