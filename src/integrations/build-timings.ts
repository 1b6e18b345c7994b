/**
 * The build's phases in wall-clock time (content sync and types, bundling, rendering the pages
 * and images, what runs after: the sitemap and the search index) and the time spent in its own
 * steps (src/lib/build-timings.ts), in one log line. With BUILD_TIMINGS set to a file path, it
 * also writes them there as JSON, which the benchmark reads. Listed last among the
 * integrations, so its `astro:build:done` runs after the others'.
 */
import { writeFileSync } from 'node:fs';
import type { AstroIntegration } from 'astro';
import { stepTimings } from '../lib/build-timings';

/** Milliseconds, rounded. */
const ms = (n: number) => Math.round(n);

export default function buildTimings(): AstroIntegration {
  const at: Record<'setup' | 'start' | 'bundled' | 'generated', number> = {
    setup: 0,
    start: 0,
    bundled: 0,
    generated: 0,
  };
  return {
    name: 'site-build-timings',
    hooks: {
      'astro:config:setup': ({ command, updateConfig }) => {
        if (command !== 'build') return;
        at.setup = performance.now();
        // Each bundle (server, client) ends here; the last one ends before pages render.
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'site-build-timings',
                closeBundle: () => void (at.bundled = performance.now()),
              },
            ],
          },
        });
      },
      'astro:build:start': () => {
        at.start = performance.now();
      },
      'astro:build:generated': () => {
        at.generated = performance.now();
      },
      'astro:build:done': ({ logger }) => {
        const phases = {
          sync: ms(at.start - at.setup),
          bundle: ms(at.bundled - at.start),
          render: ms(at.generated - at.bundled),
          after: ms(performance.now() - at.generated),
        };
        const steps = Object.fromEntries(
          Object.entries(stepTimings()).map(([step, t]) => [
            step,
            { ms: ms(t.ms), count: t.count },
          ]),
        );
        logger.info(
          `content sync ${phases.sync} ms, bundling ${phases.bundle} ms, rendering ${phases.render} ms, after the pages ${phases.after} ms; ` +
            Object.entries(steps)
              .map(([step, t]) => `${step} ${t.ms} ms (${t.count})`)
              .join(', '),
        );
        const file = process.env.BUILD_TIMINGS;
        if (file) writeFileSync(file, `${JSON.stringify({ phases, steps }, null, 2)}\n`);
      },
    },
  };
}
