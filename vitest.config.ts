/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

/** Unit, function and database tests; end-to-end tests run under Playwright. */
export default getViteConfig({
  test: {
    include: [
      'tests/unit/**/*.test.ts',
      'tests/functions/**/*.test.ts',
      'tests/db/**/*.test.ts',
      'tests/tools/**/*.test.ts',
      'tests/advisor/**/*.test.ts',
      'tests/build/**/*.test.ts',
    ],
    testTimeout: 20_000,
    // The pull-request workflow sets TEST_REPORTS: a JSON report for its job summary.
    ...(process.env.TEST_REPORTS && {
      reporters: ['default', 'json'],
      outputFile: { json: `${process.env.TEST_REPORTS}/vitest.json` },
    }),
  },
});
