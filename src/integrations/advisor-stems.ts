/**
 * Stems the English word list the advisor index needs (src/features/advisor/corpus/english.ts)
 * in a worker thread from the start of the build, while bundling leaves the main thread idle;
 * the advisor index takes the stems when it is built. If the worker fails, the index stems the
 * list itself.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { AstroIntegration } from 'astro';
import { stemmingAhead } from '../features/advisor/corpus/english';
import { recordStep } from '../lib/build-timings';

export default function advisorStems(): AstroIntegration {
  let root = '';
  return {
    name: 'site-advisor-stems',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
      },
      'astro:build:start': ({ logger }) => {
        const worker = new Worker(join(root, 'src/integrations/advisor-stems-worker.ts'));
        stemmingAhead(
          new Promise((resolve) => {
            worker.once('message', ({ stems, ms }: { stems: string[]; ms: number }) => {
              recordStep('English stems made ahead', ms);
              resolve(stems);
            });
            worker.once('error', (error) => {
              logger.warn(
                `Stemming the word list ahead failed, the advisor index does it: ${error}`,
              );
              resolve(undefined);
            });
            worker.once('exit', () => resolve(undefined));
          }),
        );
      },
    },
  };
}
