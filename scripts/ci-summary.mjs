// Prints a markdown summary of a failed check for the workflow's job summary:
//   node scripts/ci-summary.mjs --log reports/test.log [--log …] \
//     --vitest reports/vitest.json --playwright reports/playwright.json
// Missing files are skipped (the run may have stopped before a runner started).
import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { summarize } from './lib/ci-summary.mjs';

const { values } = parseArgs({
  options: {
    log: { type: 'string', multiple: true, default: [] },
    vitest: { type: 'string' },
    playwright: { type: 'string' },
  },
});

const read = (file) => (file && existsSync(file) ? readFileSync(file, 'utf8') : undefined);
function readJson(file) {
  try {
    return JSON.parse(read(file) ?? 'null') ?? undefined;
  } catch {
    return undefined;
  }
}

process.stdout.write(
  summarize({
    log: values.log.map(read).filter(Boolean).join('\n'),
    vitest: readJson(values.vitest),
    playwright: readJson(values.playwright),
    root: process.cwd(),
  }),
);
