import { defineConfig, devices } from '@playwright/test';
import { launchOptions } from './tests/browser.mjs';

const PORT = 8788;
const baseURL = `http://127.0.0.1:${PORT}`;

/**
 * End-to-end tests against the built site (dist/) served with its functions by wrangler, the
 * same runtime as production. `npm test` builds first.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: launchOptions(),
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: launchOptions() } },
  ],
  webServer: {
    command: `npx wrangler pages dev dist --port ${PORT} --ip 127.0.0.1 --binding ENVIRONMENT=development --log-level warn`,
    url: `${baseURL}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
