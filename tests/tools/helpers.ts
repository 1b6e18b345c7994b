/** Helpers for the tests of the editor tools (scripts/). */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const repoRoot = resolve(import.meta.dirname, '../..');

/**
 * The environment a shell would pass: without what Vitest adds for the code under test
 * (NODE_ENV=test and Astro's import.meta.env values such as SITE, BASE_URL and DEV), which
 * would change how Astro behaves in a child process.
 */
export function shellEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const added = ['TEST', 'NODE_ENV', 'SITE', 'BASE_URL', 'MODE', 'DEV', 'PROD', 'SSR'];
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => !added.includes(key) && !key.startsWith('VITEST') && key !== 'ASSETS_PREFIX',
    ),
  );
  return { ...env, ...extra };
}

/** Runs a Node script of the repository and returns its exit code and output. */
export function runScript(script: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [join(repoRoot, script), ...args], {
    cwd: repoRoot,
    env: shellEnv(env),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Like runScript, without blocking: for tests whose own local server must keep answering. */
export function runScriptAsync(script: string, args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [join(repoRoot, script), ...args], {
    cwd: repoRoot,
    env: shellEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
}

/**
 * A throwaway copy of the site for tests that write content or run Astro on it: src/, the
 * configs and node_modules as links to the real packages (its own folder, so Vite's cache in
 * node_modules/.vite stays the copy's).
 */
export function copySite(): { root: string; remove(): void } {
  const root = mkdtempSync(join(tmpdir(), 'site-copy-'));
  for (const entry of ['src', 'astro.config.mjs', 'tsconfig.json', 'package.json']) {
    cpSync(join(repoRoot, entry), join(root, entry), { recursive: true });
  }
  mkdirSync(join(root, 'node_modules'));
  for (const name of readdirSync(join(repoRoot, 'node_modules'))) {
    if (name.startsWith('.')) continue;
    symlinkSync(join(repoRoot, 'node_modules', name), join(root, 'node_modules', name));
  }
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}
