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
    ],
    testTimeout: 20_000,
  },
});
