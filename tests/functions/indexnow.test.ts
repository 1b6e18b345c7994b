import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createIndexNowHandler } from '../../src/features/admin/indexnow.server';
import type { Env } from '#server/env';
import {
  SUPABASE_ANON_KEY,
  callFunction,
  expectError,
  startStub,
  startSupabase,
  type StubServer,
} from './harness';

let supabase: StubServer;
let indexnow: StubServer;
/** What the IndexNow stand-in answers next. */
let indexnowStatus = 200;

beforeAll(async () => {
  supabase = await startSupabase();
  indexnow = await startStub((_req, res) => {
    res.writeHead(indexnowStatus, { 'Content-Type': 'text/plain' });
    res.end(indexnowStatus === 200 ? '' : 'upstream detail that must not leak');
  });
});

afterAll(async () => {
  await supabase.close();
  await indexnow.close();
});

afterEach(() => {
  supabase.requests.length = 0;
  indexnow.requests.length = 0;
  indexnowStatus = 200;
});

const KEY = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';

function env(overrides: Partial<Env> = {}): Env {
  return {
    SUPABASE_URL: `${supabase.url}/`,
    SUPABASE_ANON_KEY,
    INDEXNOW_KEY: KEY,
    INDEXNOW_ENDPOINT: `${indexnow.url}/indexnow`,
    SITE_URL: 'https://www.example.com',
    ...overrides,
  };
}

const handler = createIndexNowHandler({ timeoutMs: 2_000 });

function submit(urls: unknown, options: { token?: string; env?: Env } = {}) {
  const headers: Record<string, string> = {};
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  return callFunction(handler, {
    path: '/api/indexnow',
    body: { urls },
    headers,
    env: options.env ?? env(),
  });
}

describe('POST /api/indexnow: who may submit', () => {
  it.each([
    ['until INDEXNOW_KEY is set', { INDEXNOW_KEY: undefined }],
    ['to an INDEXNOW_KEY IndexNow would refuse', { INDEXNOW_KEY: 'no!' }],
  ])('answers an admin 503 %s, before asking IndexNow', async (_, missing) => {
    const res = await submit(['/'], { token: 'admin-token', env: env(missing) });
    await expectError(res, 503, 'indexnow_not_configured');
    expect(indexnow.requests).toHaveLength(0);
  });

  it('says nothing of the configuration to a caller it has not authenticated', async () => {
    for (const token of [undefined, 'user-token', 'forged-token']) {
      const res = await submit(['/'], {
        ...(token && { token }),
        env: env({ INDEXNOW_KEY: undefined }),
      });
      expect([401, 403], String(token)).toContain(res.status);
    }
    // Without Supabase configured nobody can be authenticated: 401, asking nobody.
    const res = await submit(['/'], {
      token: 'admin-token',
      env: env({ SUPABASE_URL: undefined }),
    });
    await expectError(res, 401, 'unauthenticated');
    expect(indexnow.requests).toHaveLength(0);
  });

  it('answers 401 without a bearer token, asking nobody', async () => {
    const res = await submit(['/']);
    await expectError(res, 401, 'unauthenticated');
    expect(res.headers.get('WWW-Authenticate')).toBe('Bearer');
    expect(supabase.requests).toHaveLength(0);
    expect(indexnow.requests).toHaveLength(0);
  });

  it('answers 401 when Supabase Auth does not know the token', async () => {
    const res = await submit(['/'], { token: 'expired-token' });
    expect(res.status).toBe(401);
    expect(supabase.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /auth/v1/user']);
    expect(supabase.requests[0].headers.authorization).toBe('Bearer expired-token');
    expect(indexnow.requests).toHaveLength(0);
  });

  it('answers 403 to signed-in accounts that are not admins', async () => {
    for (const token of ['user-token', 'editor-token']) {
      const res = await submit(['/'], { token });
      await expectError(res, 403, 'forbidden', token);
    }
    expect(indexnow.requests).toHaveLength(0);
  });

  it('never takes an admin role from user_metadata, which users can edit themselves', async () => {
    const res = await submit(['/'], { token: 'metadata-admin-token' });
    await expectError(res, 403, 'forbidden');
    expect(indexnow.requests).toHaveLength(0);
  });

  it('checks the admin role in the database with the caller’s own token, on every call', async () => {
    expect((await submit(['/'], { token: 'admin-token' })).status).toBe(200);
    expect((await submit(['/'], { token: 'admin-token' })).status).toBe(200);
    const rpc = supabase.requests.filter((r) => r.url === '/rest/v1/rpc/get_current_user_roles');
    expect(rpc).toHaveLength(2);
    for (const r of rpc) {
      expect(r.method).toBe('POST');
      expect(r.headers.authorization).toBe('Bearer admin-token');
      expect(r.headers.apikey).toBe(SUPABASE_ANON_KEY);
    }
  });

  it('answers 502 when Supabase cannot be reached', async () => {
    const res = await submit(['/'], {
      token: 'admin-token',
      env: env({ SUPABASE_URL: 'http://127.0.0.1:9' }),
    });
    await expectError(res, 502, 'auth_unavailable');
  });
});

describe('POST /api/indexnow: what is submitted', () => {
  it('makes paths absolute on SITE_URL and posts host, key, keyLocation and urlList', async () => {
    const res = await submit(
      ['/', '/articles', 'https://www.example.com/audit?x=1#top', '/articles'],
      { token: 'admin-token' },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, submitted: 3 });
    expect(indexnow.requests).toHaveLength(1);
    const sent = indexnow.requests[0];
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe('/indexnow');
    expect(sent.headers['content-type']).toContain('application/json');
    expect(sent.json()).toEqual({
      host: 'www.example.com',
      key: KEY,
      keyLocation: `https://www.example.com/${KEY}.txt`,
      urlList: [
        'https://www.example.com/',
        'https://www.example.com/articles',
        'https://www.example.com/audit?x=1',
      ],
    });
  });

  it('uses the request origin when SITE_URL is unset', async () => {
    const res = await submit(['/consultants', 'http://127.0.0.1:8788/privacy'], {
      token: 'admin-token',
      env: env({ SITE_URL: undefined }),
    });
    expect(res.status).toBe(200);
    expect(indexnow.requests[0].json()).toMatchObject({
      host: '127.0.0.1:8788',
      keyLocation: `http://127.0.0.1:8788/${KEY}.txt`,
      urlList: ['http://127.0.0.1:8788/consultants', 'http://127.0.0.1:8788/privacy'],
    });
  });

  it.each([
    ['another host', 'https://evil.example.net/'],
    ['another host, scheme-relative', '//evil.example.net/page'],
    ['a host that only starts like ours', 'https://www.example.com.evil.net/'],
    ['an address with credentials', 'https://user:pass@www.example.com/'],
    ['a script address', 'javascript:alert(1)'],
    ['a relative path', 'articles'],
  ])('refuses %s (%s), naming it, and submits nothing', async (_, bad) => {
    const res = await submit(['/', bad], { token: 'admin-token' });
    const body = await expectError(res, 400, 'foreign_host', bad);
    expect(body.error.fields.urls).toEqual([bad]);
    expect(indexnow.requests).toHaveLength(0);
  });

  it('takes up to 10,000 addresses and refuses more, or none, or a malformed body', async () => {
    const many = Array.from({ length: 10_000 }, (_, i) => `/p/${i}`);
    const ok = await submit(many, { token: 'admin-token' });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ ok: true, submitted: 10_000 });
    for (const bad of [[...many, '/one-more'], [], 'not-a-list', [42]]) {
      const res = await submit(bad, { token: 'admin-token' });
      await expectError(res, 400, 'invalid_urls');
    }
    expect(indexnow.requests).toHaveLength(1);
  });
});

describe('POST /api/indexnow: IndexNow’s answers', () => {
  it('maps each status to a clear error of our own', async () => {
    const cases: [number, number, string | null][] = [
      [200, 200, null],
      [202, 200, null],
      [400, 502, 'indexnow_bad_request'],
      [403, 502, 'indexnow_key_invalid'],
      [422, 422, 'indexnow_urls_rejected'],
      [429, 429, 'indexnow_rate_limited'],
      [500, 502, 'indexnow_unavailable'],
    ];
    for (const [upstream, status, code] of cases) {
      indexnowStatus = upstream;
      const res = await submit(['/'], { token: 'admin-token' });
      expect(res.status, `IndexNow ${upstream}`).toBe(status);
      const text = await res.text();
      expect(text).not.toContain('upstream detail');
      if (code) expect(JSON.parse(text).error.code).toBe(code);
      else expect(JSON.parse(text)).toEqual({ ok: true, submitted: 1 });
    }
  });

  it('answers 502 when IndexNow cannot be reached', async () => {
    const res = await submit(['/'], {
      token: 'admin-token',
      env: env({ INDEXNOW_ENDPOINT: 'http://127.0.0.1:9/indexnow' }),
    });
    await expectError(res, 502, 'indexnow_unavailable');
  });
});
