import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMiddleware } from '../../functions/_middleware';
import { ABUSE_LIMITS, GUARDED_ROUTES } from '#server/request-guard';
import { json } from '#server/http';
import { createQuestionnaireHandler } from '../../src/features/leads/questionnaire.server';
import { createSiteAuditHandler } from '../../src/features/audit/audit.server';
import { onRequestPost as vitals } from '../../functions/api/analytics/vitals';
import type { Env } from '#server/env';
import { callFunction, expectError, replyJson, startStub, type StubServer } from './harness';

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
  middleware?: ReturnType<typeof createMiddleware>,
) =>
  callFunction(route, {
    path,
    ...(options.raw === undefined ? { body: { hello: 'world' } } : { raw: options.raw }),
    headers: options.headers ?? {},
    env: options.env ?? {},
    ...(options.ip && { ip: options.ip }),
    ...(middleware && { middleware }),
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

  it('leaves web-vitals beacons (text/plain, analytics) alone, and other routes too', async () => {
    const beacon = await callFunction(vitals, {
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
    ).toBe(200);
  });

  it('does not guard reads: a GET reaches the route and gets its own answer', async () => {
    const res = await callFunction(route, {
      method: 'GET',
      path: '/api/questionnaire',
      headers: { Origin: 'https://evil.example' },
    });
    expect(res.status).toBe(200);
  });
});

describe('abuse limits', () => {
  beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => {}));

  it('lets a burst through per client, then answers 429 with Retry-After', async () => {
    const middleware = createMiddleware();
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      statuses.push((await post('/api/site-audit', { ip: '203.0.113.50' }, middleware)).status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(ABUSE_LIMITS.audit.limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - ABUSE_LIMITS.audit.limit);
    const refused = await post('/api/site-audit', { ip: '203.0.113.50' }, middleware);
    expect(refused.status).toBe(429);
    // One audit back every three minutes.
    expect(refused.headers.get('Retry-After')).toBe('180');
    expect((await refused.json()).error).toEqual({
      code: 'rate_limited',
      message: 'Too many requests. Please wait 3 minutes and try again.',
    });
    // Another client is not affected.
    expect((await post('/api/site-audit', { ip: '203.0.113.51' }, middleware)).status).toBe(200);
  });

  it('counts the questionnaire and the chat hand-off against one allowance', async () => {
    const middleware = createMiddleware();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await post('/api/questionnaire', { ip: '198.51.100.7' }, middleware)).status);
      statuses.push((await post('/api/chat/lead', { ip: '198.51.100.7' }, middleware)).status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(ABUSE_LIMITS.leads.limit);
    expect(statuses.slice(-2)).toEqual([429, 429]);
  });

  it('allows the chat 20 messages in a burst', async () => {
    const middleware = createMiddleware();
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      statuses.push((await post('/api/chat', { ip: '192.0.2.9' }, middleware)).status);
    }
    expect(statuses.indexOf(429)).toBe(20);
    expect(reached).toBe(20);
  });

  it('counts IPv6 clients by their /64', async () => {
    const middleware = createMiddleware();
    const ips = ['2001:db8:1:2::1', '2001:db8:1:2:ffff:ffff:ffff:fffe', '2001:DB8:1:2:0:0:0:3'];
    for (let i = 0; i < ABUSE_LIMITS.leads.limit; i++) {
      expect((await post('/api/questionnaire', { ip: ips[i % 3] }, middleware)).status).toBe(200);
    }
    for (const ip of ips) {
      expect((await post('/api/questionnaire', { ip }, middleware)).status, ip).toBe(429);
    }
    expect((await post('/api/questionnaire', { ip: '2001:db8:1:3::1' }, middleware)).status).toBe(
      200,
    );
  });

  it('asks the platform limiter first, with the client’s network as key', async () => {
    const keys: string[] = [];
    const env = {
      RATE_LIMIT_AUDIT: {
        limit: async ({ key }: { key: string }) => {
          keys.push(key);
          return { success: false };
        },
      },
    } as Env;
    const res = await post('/api/site-audit', { ip: '2001:db8:aa:bb:1::9', env });
    expect(res.status).toBe(429);
    expect(res.headers.get('Retry-After')).toBe('60');
    expect(keys).toEqual(['audit:2001:db8:aa:bb::/64']);
    expect(reached).toBe(0);
  });

  it('falls back to its own limiter when the platform limiter fails', async () => {
    const env = {
      RATE_LIMIT_CHAT: {
        limit: async () => {
          throw new Error('unavailable');
        },
      },
    } as Env;
    expect((await post('/api/chat', { env })).status).toBe(200);
  });

  it('guards exactly the documented routes', () => {
    expect(Object.keys(GUARDED_ROUTES).sort()).toEqual([...jsonRoutes].sort());
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
    const middleware = createMiddleware();
    const audit = createSiteAuditHandler({ timeoutMs: 300 });
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await callFunction(audit, {
        path: '/api/site-audit',
        body: { url: `https://site-${i}.example.com` },
        // The audit's own checks ask this stand-in too, which fails them at once.
        env: { PSI_ENDPOINT: `${psi.url}/runPagespeed`, AUDIT_DOH_URL: `${psi.url}/doh` },
        ip: '203.0.113.99',
        middleware,
      });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    expect(psi.requests.filter((r) => r.url.startsWith('/runPagespeed'))).toHaveLength(20);
  });
});
