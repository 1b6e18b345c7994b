// Chromium launch options and test patience shared by Playwright tests and scripts. Pages are
// driven by Chromium's headless shell when there is one (CHROMIUM_HEADLESS_SHELL_PATH, or Debian's
// /usr/bin/chromium-headless-shell): the browser Playwright itself uses for headless tests, about
// half the work per page of the full browser. Otherwise CHROMIUM_PATH, or Debian's /usr/bin/chromium
// when present, or Playwright's own browser. Lighthouse always gets the full browser.
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

/** Chromium's headless shell, when this machine has one. */
export function headlessShellPath() {
  const fromEnv = process.env.CHROMIUM_HEADLESS_SHELL_PATH;
  if (fromEnv) return fromEnv;
  return existsSync('/usr/bin/chromium-headless-shell')
    ? '/usr/bin/chromium-headless-shell'
    : undefined;
}

export function launchOptions() {
  const executablePath = headlessShellPath() ?? chromiumPath();
  return executablePath ? { executablePath, args: FLAGS } : { args: FLAGS };
}
