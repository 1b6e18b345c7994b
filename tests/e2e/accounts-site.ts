/**
 * The site as built with accounts and Turnstile enabled, for the auth, admin, inbox and
 * Turnstile specs. The default build (and CI's) has no PUBLIC_SUPABASE_* or
 * PUBLIC_TURNSTILE_SITE_KEY, so these specs build their own variant once per run, with the
 * browser client pointed at the stub server's /supabase and Cloudflare's always-pass Turnstile
 * testing key, and serve it with its functions through wrangler (one per worker) with every
 * stand-in bound: Supabase (auth and the leads table), email, Turnstile's siteverify, IndexNow.
 * The same variant has analytics on (PUBLIC_ANALYTICS=1) for analytics.spec.ts.
 *
 * E2E_ACCOUNTS_DIST reuses an existing build of that variant instead; E2E_BUILD_LOCK names a
 * file to hold with flock(1) while building, for machines where several builds share a tree.
 */
import { test as base, type Page } from '@playwright/test';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OFFLINE_ENV, workerDevArgs } from '../../scripts/lib/worker-dev.mjs';
import { STUB_ORIGIN } from './helpers';
import { freePort } from '../ports';

// The CommonJS stand-ins the stub server runs.
const require = createRequire(import.meta.url);
const { accountsBindings } = require('./stubs/index.cjs');
const supabaseStub = require('./stubs/supabase.stub.cjs');
const turnstileStub = require('./stubs/turnstile.stub.cjs');

/** Cloudflare's documented testing site key that always passes (a visible widget). */
export const TURNSTILE_TEST_SITE_KEY = '1x00000000000000000000AA';
/** The token Turnstile's testing keys issue, which the testing secret accepts. */
export const TURNSTILE_DUMMY_TOKEN: string = turnstileStub.DUMMY_TOKEN;

/** Where the browser client of this build sends Supabase requests (answered by page.route). */
export const SUPABASE_URL = `${STUB_ORIGIN}/supabase`;
export const SUPABASE_ANON_KEY: string = supabaseStub.ANON_KEY;
/** localStorage key supabase-js uses for this project URL (`sb-<first host label>-auth-token`). */
export const SESSION_KEY = `sb-${new URL(SUPABASE_URL).hostname.split('.')[0]}-auth-token`;

const root = join(import.meta.dirname, '..', '..');
const BUILD_TIMEOUT_MS = 240_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function lockOwner(lock: string): number {
  try {
    return Number(readFileSync(join(lock, 'pid'), 'utf8'));
  } catch {
    return 0;
  }
}

function build(outDir: string): void {
  const command = ['npx', 'astro', 'build', '--outDir', outDir];
  const lock = process.env.E2E_BUILD_LOCK;
  const [file, ...args] = lock ? ['flock', lock, ...command] : command;
  const result = spawnSync(file, args, {
    cwd: root,
    env: {
      ...process.env,
      PUBLIC_SUPABASE_URL: SUPABASE_URL,
      PUBLIC_SUPABASE_ANON_KEY: SUPABASE_ANON_KEY,
      PUBLIC_ANALYTICS: '1',
      PUBLIC_TURNSTILE_SITE_KEY: TURNSTILE_TEST_SITE_KEY,
    },
    encoding: 'utf8',
    timeout: BUILD_TIMEOUT_MS,
  });
  if (result.status !== 0) {
    throw new Error(`Accounts build failed:\n${result.stdout}\n${result.stderr}`);
  }
}

/**
 * The accounts build for this run: built by the first worker that needs it (workers of one run
 * share the runner as parent process), waited for by the others.
 */
async function accountsBuild(): Promise<string> {
  const fixed = process.env.E2E_ACCOUNTS_DIST;
  if (fixed) return fixed;
  const dir = join(tmpdir(), `e2e-accounts-${process.env.E2E_PORT ?? 8788}`);
  const marker = join(dir, `.built-for-${process.ppid}`);
  const lock = `${dir}.lock`;
  const deadline = Date.now() + BUILD_TIMEOUT_MS;
  while (!existsSync(marker)) {
    try {
      mkdirSync(lock);
    } catch {
      // Another worker is building; take over only if it died.
      const owner = lockOwner(lock);
      if (owner && !alive(owner)) rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error('Timed out waiting for the accounts build');
      await sleep(500);
      continue;
    }
    try {
      writeFileSync(join(lock, 'pid'), String(process.pid));
      if (!existsSync(marker)) {
        rmSync(dir, { recursive: true, force: true });
        build(dir);
        writeFileSync(marker, '');
      }
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  return dir;
}

async function waitForServer(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler exited:\n${log()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(300);
  }
  throw new Error(`wrangler did not start at ${url}:\n${log()}`);
}

export interface AccountsSite {
  baseURL: string;
}

export const test = base.extend<object, { accountsSite: AccountsSite }>({
  accountsSite: [
    async ({}, use, workerInfo) => {
      const dist = await accountsBuild();
      const [port, inspector] = [await freePort(), await freePort()];
      const args = workerDevArgs({
        port,
        assets: dist,
        inspectorPort: inspector,
        persistTo: join(tmpdir(), `e2e-accounts-state-${workerInfo.parallelIndex}`),
        vars: accountsBindings(STUB_ORIGIN),
        logLevel: 'warn',
      });
      let output = '';
      const child = spawn('npx', ['wrangler', ...args], {
        cwd: root,
        detached: true,
        stdio: 'pipe',
        env: { ...process.env, ...OFFLINE_ENV },
      });
      child.stdout?.on('data', (d) => (output += d));
      child.stderr?.on('data', (d) => (output += d));
      const baseURL = `http://127.0.0.1:${port}`;
      try {
        await waitForServer(`${baseURL}/`, child, () => output);
        await use({ baseURL });
      } finally {
        // The process group of the wrangler this fixture started, and nothing else.
        if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
      }
    },
    { scope: 'worker', timeout: BUILD_TIMEOUT_MS + 120_000 },
  ],
  baseURL: async ({ accountsSite }, use) => use(accountsSite.baseURL),
});

export { expect } from '@playwright/test';

/** A test account the Supabase stand-ins recognise by its access token. */
export interface FakeAccount {
  id: string;
  email: string;
  token: string;
}

/** A fresh account of `kind`: its token makes the function's Supabase stand-in answer for it. */
export function fakeAccount(kind: 'admin' | 'user'): FakeAccount {
  const token = `e2e-${kind}-${randomBytes(6).toString('hex')}`;
  const { id, email } = supabaseStub.accountFor(token);
  return { id, email, token };
}

/** A Supabase session for `account` as supabase-js stores and Supabase Auth returns it. */
export function sessionFor(account: FakeAccount, expiresInSeconds = 3600) {
  return {
    access_token: account.token,
    token_type: 'bearer',
    expires_in: expiresInSeconds,
    expires_at: Math.floor(Date.now() / 1000) + expiresInSeconds,
    refresh_token: `refresh-${account.token}`,
    user: {
      id: account.id,
      aud: 'authenticated',
      role: 'authenticated',
      email: account.email,
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: {},
      created_at: '2026-01-01T00:00:00Z',
    },
  };
}

/** Stores `session` in the site's localStorage, as a previous sign-in would have. */
export async function storeSession(page: Page, session: unknown): Promise<void> {
  await page.goto('/robots.txt');
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key, value),
    [SESSION_KEY, JSON.stringify(session)],
  );
}

/** One request the browser made to Supabase. */
export interface SupabaseCall {
  method: string;
  /** Path under the project URL, e.g. /auth/v1/token. */
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: any;
}

export interface SupabaseReply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** How a test's fake Supabase project answers one call; undefined leaves it unanswered (404). */
export type SupabaseProject = (
  call: SupabaseCall,
) => SupabaseReply | undefined | Promise<SupabaseReply | undefined>;

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': '*',
  'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
};

/**
 * Answers the browser's Supabase requests with `reply`, following Supabase's HTTP contract,
 * and records them. Unanswered calls get a 404.
 */
export async function answerSupabase(page: Page, reply: SupabaseProject): Promise<SupabaseCall[]> {
  const calls: SupabaseCall[] = [];
  await page.route(`${SUPABASE_URL}/**`, async (route) => {
    const request = route.request();
    if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: CORS });
    const url = new URL(request.url());
    let body: unknown;
    try {
      body = request.postDataJSON();
    } catch {
      body = request.postData();
    }
    const call: SupabaseCall = {
      method: request.method(),
      path: url.pathname.slice(new URL(SUPABASE_URL).pathname.length),
      query: url.searchParams,
      headers: request.headers(),
      body,
    };
    calls.push(call);
    const answer = (await reply(call)) ?? { status: 404, body: { message: 'not stubbed' } };
    await route.fulfill({
      status: answer.status,
      headers: { ...CORS, 'content-type': 'application/json', ...answer.headers },
      body: answer.body === undefined ? '' : JSON.stringify(answer.body),
    });
  });
  return calls;
}

/** Signs `account` in (stored session), answers Supabase with `project`, and opens `path`. */
export async function openAs(
  page: Page,
  account: FakeAccount,
  project: SupabaseProject,
  path = '/',
): Promise<SupabaseCall[]> {
  await storeSession(page, sessionFor(account));
  const calls = await answerSupabase(page, project);
  await page.goto(path);
  return calls;
}
