// Chromium launch options and test patience shared by Playwright tests and scripts. CHROMIUM_PATH (or Debian's
// /usr/bin/chromium when present) is used; otherwise Playwright's own browser.
import { existsSync } from 'node:fs';

const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * How many times longer than usual a test waits. CI's two cores run the Worker, the browser and
 * two test workers at once, and some machines are several times slower than others. A hang
 * still fails.
 */
export const PATIENCE = process.env.CI ? 3 : 1;

export function chromiumPath() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return fromEnv;
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
}

export function launchOptions() {
  const executablePath = chromiumPath();
  return executablePath ? { executablePath, args: FLAGS } : { args: FLAGS };
}
