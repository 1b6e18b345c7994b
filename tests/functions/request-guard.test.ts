import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALLOWANCES, ROUTES } from '../../functions/routes';
import type { IsolateLimiters } from '#server/request-guard';
import { json } from '#server/http';
import { createQuestionnaireHandler } from '../../src/features/leads/questionnaire.server';
import { createSiteAuditHandler } from '../../src/features/audit/site-audit.server';
import type { Env } from '#server/env';
import {
  callFunction,
  callRoute,
  expectError,
  freshLimiters,
  replyJson,
  startStub,
  type StubServer,
} from './harness';

const SITE = 'http://127.0.0.1:8788';

/** A route that only says it was reached. */
let reached = 0;
const route = () => {
  reached++;
  return json({ reached: true });
};

beforeEach(() => {
  reached = 0;
});

const post = (
  path: string,
  options: { headers?: Record<string, string>; raw?: string; env?: Env; ip?: string } = {},
  limiters?: IsolateLimiters,
) =>
  callFunction(route, {
    path,
    ...(options.raw === undefined ? { body: { hello: 'world' } } : { raw: options.raw }),
    headers: options.headers ?? {},
    env: options.env ?? {},
    ...(options.ip && { ip: options.ip }),
    ...(limiters && { limiters }),
  });

const jsonRoutes = ['/api/questionnaire', '/api/chat', '/api/chat/lead', '/api/site-audit'];

describe('cross-site posts', () => {
  it.each(jsonRoutes)(
    '%s refuses a foreign Origin and Sec-Fetch-Site: cross-site with 403',
    async (path) => {
      for (const headers of [
        { Origin: 'https://evil.example' },
        { Origin: 'null' },
        { Origin: 'http://127.0.0.1:8788.evil.example' },
        { 'Sec-Fetch-Site': 'cross-site' },
        { Origin: SITE, 'Sec-Fetch-Site': 'cross-site' },
      ] as Record<string, string>[]) {
        const res = await post(path, { headers });
        expect(res.status, JSON.stringify(headers)).toBe(403);
        expect((await res.json()).error).toEqual({
          code: 'cross_site_request',
          message: 'Requests from other sites are not accepted.',
        });
      }
      expect(reached).toBe(0);
    },
  );

  it.each(jsonRoutes)('%s accepts only application/json (415 otherwise)', async (path) => {
    for (const type of [
      'text/plain;charset=UTF-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/jsonp',
    ]) {
      const res = await post(path, { raw: '{"a":1}', headers: { 'Content-Type': type } });
      await expectError(res, 415, 'unsupported_media_type', type);
    }
    // No type at all is not JSON either.
    expect((await post(path, { raw: '{"a":1}' })).status).toBe(415);
    expect(reached).toBe(0);
  });

  it.each(jsonRoutes)('%s lets same-site and header-less JSON posts through', async (path) => {
    const cases: Record<string, string>[] = [
      {},
      { Origin: SITE, 'Sec-Fetch-Site': 'same-origin' },
      { 'Content-Type': 'application/json; charset=utf-8' },
    ];
    for (const headers of cases) {
      expect((await post(path, { headers })).status, JSON.stringify(headers)).toBe(200);
    }
    expect(reached).toBe(3);
  });

  it('accepts the canonical SITE_URL as Origin, and loopback pages only in development', async () => {
    const env = { SITE_URL: 'https://www.example.com/' };
    expect(
      (await post('/api/chat', { headers: { Origin: 'https://www.example.com' }, env })).status,
    ).toBe(200);
    const dev = { Origin: 'http://localhost:4321' };
    expect(
      (await post('/api/chat', { headers: dev, env: { ENVIRONMENT: 'development' } })).status,
    ).toBe(200);
    expect(
      (await post('/api/chat', { headers: dev, env: { ENVIRONMENT: 'production' } })).status,
    ).toBe(403);
  });

  it('refuses a text/plain questionnaire before anything is stored or sent', async () => {
    const db = await startStub((_req, res) => replyJson(res, 201, []));
    try {
      const res = await callFunction(createQuestionnaireHandler({ timeoutMs: 300 }), {
        path: '/api/questionnaire',
        raw: JSON.stringify({ name: 'x' }),
        headers: { 'Content-Type': 'text/plain;charset=UTF-8', Origin: 'https://evil.example' },
        env: { SUPABASE_URL: db.url, SUPABASE_SERVICE_ROLE_KEY: 'k' },
      });
      expect(res.status).toBe(403);
      expect(db.requests).toHaveLength(0);
    } finally {
      await db.close();
    }
  });

  it('takes web-vitals beacons as text/plain from the site, and only JSON elsewhere', async () => {
    const beacon = await callRoute({
      path: '/api/analytics/vitals',
      raw: JSON.stringify({
        metric: 'LCP',
        value: 1000,
        id: 'v1',
        url: 'https://www.example.com/',
        timestamp: 1,
        userAgent: 'x',
      }),
      headers: { 'Content-Type': 'text/plain;charset=UTF-8', Origin: SITE },
    });
    expect(beacon.status).toBe(204);
    expect(
      (await post('/api/indexnow', { raw: '{}', headers: { 'Content-Type': 'text/plain' } }))
        .status,
    ).toBe(415);
  });
});

describe('body size', () => {
  const limit = ROUTES['/api/chat/rating'].bodyLimit;
  const over = JSON.stringify({ text: 'x'.repeat(limit) });
  const jsonType = { 'Content-Type': 'application/json' };

  it.each([
    ['declared', { ...jsonType, 'Content-Length': String(over.length) }],
    ['not declared', jsonType],
  ])(
    'refuses a body over the limit (%s) before the route and the allowance',
    async (_, headers) => {
      const limiters = freshLimiters();
      const res = await post('/api/chat/rating', { raw: over, headers }, limiters);
      await expectError(res, 413, 'body_too_large');
      expect(reached).toBe(0);
      // The refused body did not count: the whole burst is still there.
      for (let i = 0; i < ALLOWANCES.ratings.isolate.limit; i++) {
        expect((await post('/api/chat/rating', {}, limiters)).status).toBe(200);
      }
    },
  );

  it('lets a body within the limit reach the route', async () => {
    const within = JSON.stringify({ text: 'x'.repeat(limit - 20) });
    expect((await post('/api/chat/rating', { raw: within, headers: jsonType })).status).toBe(200);
    expect(reached).toBe(1);
  });
});

describe('abuse limits', () => {
  beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => {}));

  it('lets a burst through per client, then answers 429 with Retry-After', async () => {
    const limiters = freshLimiters();
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      statuses.push((await post('/api/site-audit', { ip: '203.0.113.50' }, limiters)).status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(ALLOWANCES.audit.isolate.limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - ALLOWANCES.audit.isolate.limit);
    const refused = await post('/api/site-audit', { ip: '203.0.113.50' }, limiters);
    expect(refused.status).toBe(429);
    // One audit back every three minutes.
    expect(refused.headers.get('Retry-After')).toBe('180');
    expect((await refused.json()).error).toEqual({
      code: 'rate_limited',
      message: 'Too many requests. Please wait 3 minutes and try again.',
    });
    // Another client is not affected.
    expect((await post('/api/site-audit', { ip: '203.0.113.51' }, limiters)).status).toBe(200);
  });

  it('counts the questionnaire and the chat hand-off against one allowance', async () => {
    const limiters = freshLimiters();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await post('/api/questionnaire', { ip: '198.51.100.7' }, limiters)).status);
      statuses.push((await post('/api/chat/lead', { ip: '198.51.100.7' }, limiters)).status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(ALLOWANCES.leads.isolate.limit);
    expect(statuses.slice(-2)).toEqual([429, 429]);
  });

  it('allows the chat 20 messages in a burst', async () => {
    const limiters = freshLimiters();
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      statuses.push((await post('/api/chat', { ip: '192.0.2.9' }, limiters)).status);
    }
    expect(statuses.indexOf(429)).toBe(20);
    expect(reached).toBe(20);
  });

  it('counts IPv6 clients by their /64', async () => {
    const limiters = freshLimiters();
    const ips = ['2001:db8:1:2::1', '2001:db8:1:2:ffff:ffff:ffff:fffe', '2001:DB8:1:2:0:0:0:3'];
    for (let i = 0; i < ALLOWANCES.leads.isolate.limit; i++) {
      expect((await post('/api/questionnaire', { ip: ips[i % 3] }, limiters)).status).toBe(200);
    }
    for (const ip of ips) {
      expect((await post('/api/questionnaire', { ip }, limiters)).status, ip).toBe(429);
    }
    expect((await post('/api/questionnaire', { ip: '2001:db8:1:3::1' }, limiters)).status).toBe(
      200,
    );
  });

  /** A Rate Limiting binding as the platform has it: `limit` per key in each window. */
  function platformLimit(limit: number, seen: string[] = []) {
    const counts = new Map<string, number>();
    return {
      seen,
      limit: async ({ key }: { key: string }) => {
        seen.push(key);
        counts.set(key, (counts.get(key) ?? 0) + 1);
        return { success: counts.get(key)! <= limit };
      },
    };
  }

  it('asks the platform first, per client and per /48, and refuses before the route', async () => {
    const seen: string[] = [];
    const env = {
      RATE_LIMIT_AUDIT: platformLimit(0, seen),
      RATE_LIMIT_AUDIT_NET: platformLimit(100, seen),
    } as unknown as Env;
    const res = await post('/api/site-audit', { ip: '2001:db8:aa:bb:1::9', env });
    expect(res.status).toBe(429);
    expect(res.headers.get('Retry-After')).toBe('60');
    expect(seen).toEqual(['audit:2001:db8:aa:bb::/64']);
    expect(reached).toBe(0);
  });

  it('shares one allowance among the /64s of a /48: 40 of them send a lead each', async () => {
    const { client, network } = ALLOWANCES.leads;
    const env = {
      [client.binding]: platformLimit(client.limit),
      [network.binding]: platformLimit(network.limit),
    } as unknown as Env;
    const limiters = freshLimiters();
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const ip = `2001:db8:77:${(i + 1).toString(16)}::1`;
      statuses.push((await post('/api/questionnaire', { ip, env }, limiters)).status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(network.limit);
    expect(statuses.slice(network.limit).every((s) => s === 429)).toBe(true);
    // Another /48 keeps its own allowance.
    const other = await post('/api/questionnaire', { ip: '2001:db8:78:1::1', env }, limiters);
    expect(other.status).toBe(200);
  });

  it('refuses a burst from one client at the platform limit, across isolates', async () => {
    const { client, network } = ALLOWANCES.chat;
    const env = {
      [client.binding]: platformLimit(client.limit),
      [network.binding]: platformLimit(network.limit),
    } as unknown as Env;
    const statuses: number[] = [];
    // A fresh isolate each time: only the platform counts across them.
    for (let i = 0; i < client.limit + 5; i++) {
      statuses.push((await post('/api/chat', { ip: '198.51.100.20', env })).status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(client.limit);
  });

  it('falls back to its own limiter when the platform limiter fails', async () => {
    const env = {
      RATE_LIMIT_CHAT: {
        limit: async () => {
          throw new Error('unavailable');
        },
      },
    } as unknown as Env;
    expect((await post('/api/chat', { env })).status).toBe(200);
  });

  it('limits the admin routes before a token costs an Auth call', async () => {
    const auth = await startStub((_req, res) => replyJson(res, 401, { msg: 'bad_jwt' }));
    try {
      const env = {
        SUPABASE_URL: auth.url,
        SUPABASE_ANON_KEY: 'anon',
        RATE_LIMIT_ADMIN: platformLimit(ALLOWANCES.admin.client.limit),
      } as unknown as Env;
      const statuses: number[] = [];
      for (let i = 0; i < ALLOWANCES.admin.client.limit + 10; i++) {
        const res = await callRoute({
          path: '/api/leads/notify',
          body: { id: crypto.randomUUID() },
          headers: { Authorization: `Bearer bogus-${i}` },
          env,
          ip: '198.51.100.30',
        });
        statuses.push(res.status);
      }
      expect(statuses.filter((s) => s === 401)).toHaveLength(ALLOWANCES.admin.client.limit);
      expect(statuses.filter((s) => s === 429)).toHaveLength(10);
      expect(auth.requests).toHaveLength(ALLOWANCES.admin.client.limit);
    } finally {
      await auth.close();
    }
  });

  it('names every public JSON route in the route table with its allowance', () => {
    for (const path of jsonRoutes) expect(ROUTES[path], path).toMatchObject({ json: true });
  });
});

describe('the audit never spends PageSpeed quota on a request it refuses', () => {
  let psi: StubServer;
  beforeAll(async () => {
    psi = await startStub((_req, res) => replyJson(res, 500, { error: { message: 'x' } }));
  });
  afterAll(() => psi.close());

  it('40 audits of distinct addresses from one client reach PSI 20 times', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const limiters = freshLimiters();
    const audit = createSiteAuditHandler({ timeoutMs: 300 });
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await callFunction(audit, {
        path: '/api/site-audit',
        body: { url: `https://site-${i}.example.com` },
        // The audit's own checks ask this stand-in too, which fails them at once.
        env: { PSI_ENDPOINT: `${psi.url}/runPagespeed`, AUDIT_DOH_URL: `${psi.url}/doh` },
        ip: '203.0.113.99',
        limiters,
      });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    expect(psi.requests.filter((r) => r.url.startsWith('/runPagespeed'))).toHaveLength(20);
  });
});
