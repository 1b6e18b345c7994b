import { expect, test } from '@playwright/test';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OFFLINE_ENV, workerDevArgs } from '../../scripts/lib/worker-dev.mjs';
import { STUB_ORIGIN } from './helpers';

/**
 * The site passes its own audit. A build made for the address it is served at (as production is
 * built for its own origin: canonical tags, sitemap and llms.txt all name it) is served by
 * the Worker in wrangler dev with the stand-ins, and audits its own article and service pages through
 * /api/site-audit. Every check passes except HTTPS, which Cloudflare provides in production
 * (certificate, the redirect from http:// and HSTS) and plain http on loopback cannot.
 */
const require = createRequire(import.meta.url);
const { stubBindings } = require('./stubs/index.cjs');

const PORT = Number(process.env.E2E_PORT ?? 8788) + 5;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const DIST = join(tmpdir(), `e2e-self-audit-${PORT}`);
const root = join(import.meta.dirname, '..', '..');

test.describe.configure({ mode: 'serial', timeout: 300_000 });

let server: ChildProcess | undefined;

test.beforeAll(async () => {
  rmSync(DIST, { recursive: true, force: true });
  const build = spawnSync('npx', ['astro', 'build', '--outDir', DIST], {
    cwd: root,
    env: { ...process.env, SITE_URL: ORIGIN },
    encoding: 'utf8',
    timeout: 240_000,
  });
  if (build.status !== 0) throw new Error(`Build failed:\n${build.stdout}\n${build.stderr}`);
  const bindings: Record<string, string> = {
    ...stubBindings(STUB_ORIGIN),
    AUDIT_ALLOW_HOSTS: `127.0.0.1:${PORT}`,
  };
  // A fresh state each run: audit results are cached there for ten minutes.
  const state = join(tmpdir(), `e2e-self-audit-state-${PORT}`);
  rmSync(state, { recursive: true, force: true });
  const args = workerDevArgs({
    port: PORT,
    assets: DIST,
    inspectorPort: PORT + 1,
    persistTo: state,
    vars: bindings,
    logLevel: 'warn',
  });
  server = spawn('npx', ['wrangler', ...args], {
    cwd: root,
    detached: true,
    stdio: 'ignore',
    env: { ...process.env, ...OFFLINE_ENV },
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      if ((await fetch(`${ORIGIN}/`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`wrangler did not start at ${ORIGIN}`);
    await new Promise((r) => setTimeout(r, 300));
  }
});

test.afterAll(() => {
  // The process group of the wrangler this file started, and nothing else.
  if (server?.pid && server.exitCode === null) process.kill(-server.pid, 'SIGTERM');
});

for (const path of ['/articles/ai-citation-guide', '/services/ai-website-optimization']) {
  test(`${path} passes every check but HTTPS`, async ({ request }) => {
    const started = Date.now();
    const res = await request.post(`${ORIGIN}/api/site-audit`, {
      data: { url: `${ORIGIN}${path}` },
      headers: { Origin: ORIGIN },
    });
    expect(res.status()).toBe(200);
    const { visibility } = await res.json();
    const failing = visibility.checks
      .filter((c: { id: string; status: string }) => c.id !== 'https' && c.status !== 'pass')
      .map((c: { id: string; detail: string }) => `${c.id}: ${c.detail}`);
    expect(failing).toEqual([]);
    const https = visibility.checks.find((c: { id: string }) => c.id === 'https');
    expect(https.status).toBe('fail');
    expect(https.detail).toMatch(/plain HTTP/);
    // HTTPS weighs 8 of 100.
    expect(visibility).toMatchObject({ score: 92, grade: 'A' });
    expect(Date.now() - started).toBeLessThan(15_000);
  });
}
