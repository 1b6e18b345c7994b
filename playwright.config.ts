import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchOptions, PATIENCE } from './tests/browser.mjs';
import { OFFLINE_ENV, shellLine, workerDevArgs } from './scripts/lib/worker-dev.mjs';

const require = createRequire(import.meta.url);
/** The stand-ins' Worker variables (tests/e2e/stubs/index.cjs, CommonJS without types). */
const { stubBindings } = require('./tests/e2e/stubs/index.cjs') as {
  stubBindings: (origin: string) => Record<string, string>;
};

/** E2E_PORT and E2E_DIST let several builds be tested side by side; defaults match `npm start`. */
const PORT = Number(process.env.E2E_PORT ?? 8788);
const DIST = process.env.E2E_DIST ?? 'dist';
const STUB_PORT = Number(process.env.E2E_STUB_PORT ?? PORT + 2);
/** wrangler's debugger port; its default (9229) would clash between runs side by side. */
const INSPECTOR_PORT = PORT + 3;
const baseURL = `http://127.0.0.1:${PORT}`;
/** Set by the pull-request workflow: JSON for its job summary and the HTML report it uploads. */
const REPORTS = process.env.TEST_REPORTS;
const stubOrigin = `http://127.0.0.1:${STUB_PORT}`;
/** The neglected fixture website the audit report test audits (tests/e2e/stubs/audit-sites.cjs). */
const AUDIT_SITE_PORT = Number(process.env.E2E_AUDIT_SITE_PORT ?? PORT + 4);

/**
 * The Worker's configuration, pointing every stubbed upstream at the local stand-ins. The audit
 * may fetch the site itself and the fixture website although they are on loopback (development
 * only).
 */
const vars: Record<string, string> = {
  ...stubBindings(stubOrigin),
  AUDIT_ALLOW_HOSTS: `127.0.0.1:${PORT},127.0.0.1:${AUDIT_SITE_PORT}`,
};
/** The Worker serving dist/, with its own local state (queue, limits) for this run. */
const worker = workerDevArgs({
  port: PORT,
  assets: DIST,
  inspectorPort: INSPECTOR_PORT,
  persistTo: mkdtempSync(join(tmpdir(), 'e2e-worker-')),
  vars,
  logLevel: 'warn',
});

/**
 * End-to-end tests against the built site (dist/) served with the Worker by `wrangler dev`, the
 * same runtime as production. `npm test` builds first.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  reporter: REPORTS
    ? [
        ['list'],
        ['json', { outputFile: `${REPORTS}/playwright.json` }],
        ['html', { open: 'never', outputFolder: `${REPORTS}/playwright-html` }],
      ]
    : process.env.CI
      ? [['list']]
      : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000 * PATIENCE,
  expect: { timeout: 7_000 * PATIENCE },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    // The service worker would answer navigations itself; tests that need it opt back in.
    serviceWorkers: 'block',
    launchOptions: launchOptions(),
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: launchOptions() } },
  ],
  webServer: [
    {
      command: `node tests/e2e/stubs/server.cjs`,
      url: `${stubOrigin}/`,
      env: { E2E_STUB_PORT: String(STUB_PORT) },
      reuseExistingServer: !process.env.CI,
    },
    {
      command: `node tests/e2e/stubs/audit-sites.cjs`,
      url: `http://127.0.0.1:${AUDIT_SITE_PORT}/__up`,
      env: { E2E_AUDIT_SITE_PORT: String(AUDIT_SITE_PORT) },
      reuseExistingServer: !process.env.CI,
    },
    {
      command: `npx wrangler ${shellLine(worker)}`,
      env: OFFLINE_ENV,
      url: `${baseURL}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
