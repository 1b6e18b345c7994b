/**
 * The Worker as the platform runs it, in `wrangler dev` on the built site: the lead queue and its
 * consumer, the Cron Trigger, and the Rate Limiting bindings, with the Supabase and Resend
 * stand-ins of harness.ts as its upstreams. `npm test` builds dist/ first.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLOWANCES } from '../../functions/routes';
import { OFFLINE_ENV, workerDevArgs } from '../../scripts/lib/worker-dev.mjs';
import { SAMPLE_ANSWERS } from '../fixtures/leads';
import { shellEnv } from '../tools/helpers';
import { startLeadSinks, type LeadSinks } from './harness';
import { freePort } from '../ports';

let sinks: LeadSinks;
let worker: ChildProcess;
let origin = '';
let output = '';
const state = mkdtempSync(join(tmpdir(), 'worker-test-'));

/** Polls `check` until it holds, for what the queue and the cron do a moment later. */
async function eventually(check: () => boolean, what: string, ms = 20_000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`${what} did not happen within ${ms} ms\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Starts `wrangler dev` on free ports. A port found free can be taken by another test's server
 * before wrangler binds it; then it starts again on others (three tries in all).
 */
async function startWorker(vars: Record<string, string>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    output = '';
    const args = workerDevArgs({
      port,
      assets: 'dist',
      inspectorPort: await freePort(),
      persistTo: state,
      vars,
      logLevel: 'info',
    });
    worker = spawn('npx', ['wrangler', ...args], {
      env: shellEnv(OFFLINE_ENV),
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    worker.stdout?.on('data', (d) => (output += d));
    worker.stderr?.on('data', (d) => (output += d));
    const exited = new Promise((r) => worker.once('exit', r));
    const until = Date.now() + 60_000;
    for (;;) {
      try {
        if ((await fetch(`${origin}/`, { signal: AbortSignal.timeout(2000) })).ok) return;
      } catch {
        // Not listening yet.
      }
      const taken = output.includes('Address already in use');
      if (taken && attempt < 3) break;
      if (taken || Date.now() > until) throw new Error(`wrangler dev did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 300));
    }
    if (worker.pid && worker.exitCode === null) process.kill(-worker.pid, 'SIGTERM');
    await exited;
  }
}

beforeAll(async () => {
  sinks = await startLeadSinks();
  const vars = Object.fromEntries(
    Object.entries(sinks.env).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
  await startWorker(vars);
}, 200_000);

afterAll(async () => {
  if (worker?.pid && worker.exitCode === null) process.kill(-worker.pid, 'SIGTERM');
  await Promise.all([sinks?.db.close(), sinks?.mail.close()]);
  rmSync(state, { recursive: true, force: true });
});

/** Posts a lead from `ip`; answers the response. */
const postLead = (key: string, body: object = SAMPLE_ANSWERS, ip = '198.51.100.1') =>
  fetch(`${origin}/api/questionnaire`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key, 'CF-Connecting-IP': ip },
    body: JSON.stringify(body),
  });

describe('the Worker in wrangler dev', () => {
  it('takes a lead onto the queue; its consumer stores and emails it once', async () => {
    const res = await postLead('worker-queue-1');
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: string };
    await eventually(
      () => sinks.db.leads.some((l) => l.id === id && l.notified_at),
      'the consumer storing and notifying the lead',
    );
    expect(sinks.mail.sent.filter((m) => m.key?.startsWith(`lead-${id}-`))).toHaveLength(1);
  }, 30_000);

  it('resends a lead whose email failed when the Cron Trigger fires', async () => {
    sinks.mail.failNext(1);
    const { id } = (await (await postLead('worker-cron-1')).json()) as { id: string };
    await eventually(
      () => sinks.db.leads.some((l) => l.id === id && l.notify_attempts === 1),
      'the first, failed notification',
    );
    expect(sinks.db.leads.find((l) => l.id === id)!.notified_at).toBeNull();
    const fired = await fetch(`${origin}/cdn-cgi/local/scheduled?cron=*/10+*+*+*+*`);
    expect(fired.status).toBe(200);
    await eventually(
      () => sinks.mail.sent.some((m) => m.key?.startsWith(`lead-${id}-`)),
      'the scheduled resend',
    );
    expect(sinks.db.leads.find((l) => l.id === id)!.notified_at).not.toBeNull();
  }, 30_000);

  it('shares one platform allowance among the /64s of a /48', async () => {
    const { limit } = ALLOWANCES.leads.network;
    // Each /64 stays far within its own allowance; only the /48's can refuse. Sixty requests
    // span at most two of the platform's 60-second windows, so at most twice the limit pass.
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) {
      const ip = `2001:db8:4a:${(i + 1).toString(16)}::1`;
      statuses.push((await postLead(`worker-net-${i}`, {}, ip)).status);
    }
    const refused = statuses.filter((s) => s === 429).length;
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(2 * limit);
    expect(refused).toBeGreaterThanOrEqual(60 - 2 * limit);
  }, 60_000);

  it('refuses a burst from one client on an admin route before Supabase Auth is asked', async () => {
    const { limit } = ALLOWANCES.admin.client;
    const before = sinks.db.requests.length;
    const statuses: number[] = [];
    for (let i = 0; i < 2 * limit + 10; i++) {
      const res = await fetch(`${origin}/api/leads/notify`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Bearer bogus-${i}`,
          'CF-Connecting-IP': '198.51.100.99',
        },
        body: JSON.stringify({ id: crypto.randomUUID() }),
      });
      statuses.push(res.status);
    }
    const authCalls = sinks.db.requests.length - before;
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(10);
    // Only the requests the platform let through cost an Auth call.
    expect(authCalls).toBe(statuses.filter((s) => s === 401).length);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
  }, 60_000);
});
