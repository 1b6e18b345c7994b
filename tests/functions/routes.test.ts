/**
 * The route table (functions/routes.ts) as the Worker applies it: a wrong method is answered
 * 405 before any other check, whatever else is wrong with the request; unknown API paths are
 * 404; every answer says nosniff; and wrangler.toml declares exactly the platform limits the
 * table names.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'smol-toml';
import { describe, expect, it, vi } from 'vitest';
import { ALLOWANCES, ROUTES } from '../../functions/routes';
import {
  callFunction,
  callRoute,
  expectError,
  expectMethodNotAllowed,
  freshLimiters,
} from './harness';

const METHODS = ['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'POST'];

/** Everything else a request could get wrong at once: another site, the wrong type, too big. */
const hostile = {
  headers: {
    Origin: 'https://evil.example',
    'Sec-Fetch-Site': 'cross-site',
    'Content-Type': 'text/plain',
    'Content-Length': String(10 * 1024 * 1024),
  },
};

describe('the route table', () => {
  const cases = Object.entries(ROUTES).flatMap(([path, route]) =>
    METHODS.filter((m) => !route.methods.includes(m)).map((method) => [path, method] as const),
  );

  it.each(cases)(
    '%s answers %s with 405 and Allow before any other check',
    async (path, method) => {
      const res = await callRoute({ path, method, ...hostile });
      expect(res.status).toBe(405);
      expect(res.headers.get('Allow')).toBe(ROUTES[path].methods.join(', '));
      if (method !== 'HEAD') expect((await res.json()).error.code).toBe('method_not_allowed');
    },
  );

  it('answers 405 even to a client over its allowance', async () => {
    const limiters = freshLimiters();
    const ip = '198.51.100.77';
    for (let i = 0; i < 30; i++)
      await callRoute({ path: '/api/site-audit', body: {}, ip, limiters });
    expect((await callRoute({ path: '/api/site-audit', body: {}, ip, limiters })).status).toBe(429);
    await expectMethodNotAllowed('/api/site-audit', 'DELETE', { ip, limiters });
  });

  it('answers 404 JSON for an API path it does not have', async () => {
    for (const path of ['/api/nope', '/api/chat/', '/api/leads/resend']) {
      await expectError(await callRoute({ path, body: {} }), 404, 'not_found', path);
    }
  });

  it('names an allowance for every route, and wrangler.toml declares each platform limit', () => {
    const config = parse(readFileSync('wrangler.toml', 'utf8')) as {
      ratelimits: { name: string; simple: { limit: number; period: number } }[];
    };
    const declared = Object.fromEntries(
      config.ratelimits.map((r) => [r.name, { limit: r.simple.limit, period: r.simple.period }]),
    );
    const expected = Object.fromEntries(
      Object.values(ALLOWANCES).flatMap((a) =>
        [a.client, a.network].map((l) => [l.binding, { limit: l.limit, period: l.period }]),
      ),
    );
    expect(declared).toEqual(expected);
    for (const route of Object.values(ROUTES)) expect(ALLOWANCES).toHaveProperty(route.allowance);
  });
});

describe('every answer of the Worker says nosniff', () => {
  const KEY = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
  /** The assets binding answers as a fetch does: with headers that cannot be changed. */
  const ASSETS = { fetch: () => fetch('data:text/plain,a%20file') };
  const env = { INDEXNOW_KEY: KEY, ASSETS };
  const expectNosniff = (res: Response, label: string) =>
    expect(res.headers.get('X-Content-Type-Options'), label).toBe('nosniff');

  const calls = Object.entries(ROUTES).flatMap(([path, route]) =>
    [...route.methods, 'PATCH'].map((method) => [path, method] as const),
  );
  it.each(calls)('%s answers %s with nosniff', async (path, method) => {
    const res = await callRoute({ path, method, body: {}, env });
    expectNosniff(res, `${method} ${path} (${res.status})`);
  });

  it.each([
    ['the IndexNow key file', `/${KEY}.txt`, env],
    ['a static text file', '/robots.txt', env],
    ['an API path the table does not have', '/api/nope', env],
    ['a page the Worker has no file for', '/no-such-page', { INDEXNOW_KEY: KEY }],
  ])('%s (%s)', async (_what, path, withEnv) => {
    const res = await callRoute({ method: 'GET', path, env: withEnv });
    expectNosniff(res, `${path} (${res.status})`);
  });

  it('an error no route expected', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await callFunction(
      () => {
        throw new Error('unexpected');
      },
      { path: '/broken', method: 'GET' },
    );
    expect(res.status).toBe(500);
    expectNosniff(res, '/broken');
  });
});
