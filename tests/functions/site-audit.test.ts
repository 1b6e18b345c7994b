import { afterEach, describe, expect, it, vi } from 'vitest';
import poor from '../fixtures/psi-poor.json';
import {
  AUDIT_CACHE_TTL_MS,
  MOCK_INDICATOR,
  createSiteAuditHandler,
  type SiteAuditOptions,
} from '../../src/features/audit/site-audit.server';
import { mapPsiResult } from '../../src/features/audit/psi/report';
import {
  callFunction,
  replyJson,
  startDoh,
  startStub,
  type DohServer,
  type StubReply,
  type StubServer,
} from './harness';

let stub: StubServer | undefined;
/**
 * The audit's own checks resolve host names first; this resolver knows none, so they stop there
 * and these tests stay about PageSpeed Insights (site-audit-checks.test.ts tests the checks).
 */
let resolver: DohServer | undefined;

afterEach(async () => {
  await stub?.close();
  await resolver?.close();
  stub = undefined;
  resolver = undefined;
  vi.restoreAllMocks();
});

/** A PSI stand-in answering with `reply`, and a fresh handler pointed at it. */
async function setup(
  reply: StubReply,
  options: SiteAuditOptions = {},
  env: Record<string, string> = {},
) {
  stub = await startStub(reply);
  resolver = await startDoh({});
  const handler = createSiteAuditHandler(options);
  const endpoint = `${stub.url}/pagespeedonline/v5/runPagespeed`;
  const audit = (url: unknown) =>
    callFunction(handler, {
      path: '/api/site-audit',
      body: { url },
      env: { PSI_ENDPOINT: endpoint, AUDIT_DOH_URL: resolver!.endpoint, ...env },
    });
  /** Audits `url`, expecting a report: answers its JSON. */
  const report = async (url: unknown) => {
    const res = await audit(url);
    expect(res.status).toBe(200);
    return res.json();
  };
  return { stub, audit, report };
}

const fixtureReply: StubReply = (_req, res) => replyJson(res, 200, poor);

/** PSI's error answer. */
const psiError =
  (status: number, message: string): StubReply =>
  (_req, res) =>
    replyJson(res, status, { error: { code: status, message, status: 'INVALID_ARGUMENT' } });

describe('POST /api/site-audit: success', () => {
  it('normalises the address, asks PSI for the four categories on mobile and maps the answer', async () => {
    const { stub, report } = await setup(fixtureReply, {}, { PSI_API_KEY: 'test-key' });
    const body = await report('  example.com ');
    const { visibility, ...pagespeed } = body;
    expect(pagespeed).toEqual(mapPsiResult(structuredClone(poor), 'https://www.example.com/'));
    // The checks ran beside PSI and found no such host: none could be run.
    expect(visibility).toMatchObject({ score: null, grade: null });
    expect(resolver!.queries()).toContain('www.example.com A');
    expect(body.scores.performance).toBe(
      Math.round(poor.lighthouseResult.categories.performance.score * 100),
    );
    expect(stub.requests).toHaveLength(1);
    const sent = new URL(stub.requests[0].url, stub.url);
    expect(stub.requests[0].method).toBe('GET');
    expect(sent.pathname).toBe('/pagespeedonline/v5/runPagespeed');
    expect(sent.searchParams.get('url')).toBe('https://www.example.com/');
    expect(sent.searchParams.getAll('category')).toEqual([
      'PERFORMANCE',
      'ACCESSIBILITY',
      'BEST_PRACTICES',
      'SEO',
    ]);
    expect(sent.searchParams.get('strategy')).toBe('mobile');
    expect(sent.searchParams.get('key')).toBe('test-key');
  });

  it('answers 400 to bodies without a usable url', async () => {
    const { stub, audit } = await setup(fixtureReply);
    for (const url of [undefined, 42, '', '   ', ['example.com']]) {
      const res = await audit(url);
      expect(res.status, JSON.stringify(url)).toBe(400);
      expect(await res.json()).toEqual({
        ok: false,
        error: {
          code: 'invalid_url',
          message: 'Please enter a valid URL (e.g., example.com or www.example.com)',
        },
      });
    }
    const handler = createSiteAuditHandler();
    const badJson = await callFunction(handler, {
      raw: '{"url":',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(badJson.status).toBe(400);
    expect(await badJson.json()).toMatchObject({ ok: false, error: { code: 'invalid_json' } });
    const huge = await callFunction(handler, { body: { url: 'x'.repeat(20_000) } });
    expect(huge.status).toBe(413);
    expect(stub.requests).toHaveLength(0);
  });
});

describe('POST /api/site-audit: hostile addresses are refused and never forwarded', () => {
  const hostile: [url: string, code: string][] = [
    ['http://127.0.0.1', 'ip_literal'],
    ['http://127.1', 'ip_literal'],
    ['http://[::1]', 'invalid_url'],
    ['http://[::ffff:127.0.0.1]', 'invalid_url'],
    ['http://2130706433', 'ip_literal'],
    ['http://0x7f000001', 'ip_literal'],
    ['http://0177.0.0.1', 'ip_literal'],
    ['http://10.0.0.8/admin', 'ip_literal'],
    ['http://192.168.1.1', 'ip_literal'],
    ['http://169.254.169.254/latest/meta-data/', 'ip_literal'],
    ['http://localhost', 'private_name'],
    ['http://localhost:8788/api', 'port'],
    ['http://app.localhost', 'private_name'],
    ['http://printer.local', 'private_name'],
    ['http://foo.internal', 'private_name'],
    ['http://metadata.google.internal/computeMetadata/v1/', 'private_name'],
    ['http://router.home.arpa', 'private_name'],
    ['http://user:pass@example.com', 'invalid_url'],
    ['http://example.com:8080', 'port'],
    ['https://example.com:22', 'port'],
    ['file:///etc/passwd', 'invalid_url'],
    ['ftp://example.com', 'invalid_url'],
    ['gopher://example.com:70/', 'invalid_url'],
    ['javascript:alert(1)', 'invalid_url'],
    [`https://example.com/${'a'.repeat(2100)}`, 'invalid_url'],
  ];

  it.each(hostile)('%s -> 400 %s', async (url, code) => {
    const { stub, audit } = await setup(fixtureReply);
    const res = await audit(url);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.ok).toBe(false);
    expect(body.error.code).toBe(code);
    expect(body.error.message).toMatch(/\w/);
    expect(stub.requests).toHaveLength(0);
  });

  it('still audits public names on the default ports', async () => {
    const { stub, audit } = await setup(fixtureReply);
    for (const url of ['http://example.com:80/', 'https://shop.example.co.uk:443/a?b=1']) {
      expect((await audit(url)).status).toBe(200);
    }
    expect(stub.requests.map((r) => new URL(r.url, stub.url).searchParams.get('url'))).toEqual([
      'http://www.example.com/',
      'https://shop.example.co.uk/a?b=1',
    ]);
  });
});

describe('POST /api/site-audit: upstream failures', () => {
  const cases: [name: string, reply: StubReply, status: number, code: string][] = [
    [
      'unreachable site (400 FAILED_DOCUMENT_REQUEST)',
      psiError(
        400,
        'Lighthouse returned error: FAILED_DOCUMENT_REQUEST. Lighthouse was unable to reliably load the page you requested. (Details: net::ERR_CONNECTION_FAILED)',
      ),
      422,
      'site_unreachable',
    ],
    [
      'DNS failure (500 DNS_FAILURE)',
      psiError(
        500,
        'Lighthouse returned error: DNS_FAILURE. DNS servers could not resolve the provided domain.',
      ),
      422,
      'site_unreachable',
    ],
    [
      'error page (500 ERRORED_DOCUMENT_REQUEST)',
      psiError(500, 'Lighthouse returned error: ERRORED_DOCUMENT_REQUEST. (Status code: 404)'),
      422,
      'site_unreachable',
    ],
    ['other 400', psiError(400, 'Invalid value at url'), 422, 'site_rejected'],
    ['quota (429)', psiError(429, 'Quota exceeded for quota metric'), 503, 'upstream_quota'],
    ['bad key (403)', psiError(403, 'API key not valid'), 502, 'upstream_error'],
    ['server error (500)', psiError(500, 'Internal error encountered.'), 502, 'upstream_error'],
    [
      'HTML instead of JSON',
      (_req, res) => {
        res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html>');
      },
      502,
      'upstream_error',
    ],
    [
      'JSON without a result',
      (_req, res) => replyJson(res, 200, { kind: 'pagespeedonline#result' }),
      502,
      'upstream_invalid',
    ],
    [
      'runtime error in a 200',
      (_req, res) =>
        replyJson(res, 200, {
          ...poor,
          lighthouseResult: {
            ...poor.lighthouseResult,
            runtimeError: { code: 'NO_FCP', message: 'x' },
          },
        }),
      422,
      'site_unreachable',
    ],
  ];

  it.each(cases)('%s', async (_name, reply, status, code) => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { stub, audit } = await setup(reply);
    const res = await audit('example.com');
    expect(res.status).toBe(status);
    const text = await res.text();
    const body = JSON.parse(text);
    expect(body.ok).toBe(false);
    expect(body.error.code).toBe(code);
    // Our own words only: no upstream text reaches the visitor.
    expect(text).not.toMatch(/Lighthouse returned|net::|Quota exceeded|API key|Internal error/);
    expect(stub.requests).toHaveLength(1);
    if (status === 503) expect(res.headers.get('Retry-After')).toMatch(/^\d+$/);
  });

  it('gives up after the timeout with 504', async () => {
    const { audit } = await setup(
      async (_req, res) => {
        await new Promise((r) => setTimeout(r, 3000));
        replyJson(res, 200, poor);
      },
      { timeoutMs: 200 },
    );
    const started = Date.now();
    const res = await audit('slow.example.com');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(res.status).toBe(504);
    expect(await res.json()).toMatchObject({ ok: false, error: { code: 'upstream_timeout' } });
  });

  it('answers 502 when PSI cannot be reached at all', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { stub, audit } = await setup(fixtureReply);
    await stub.close();
    const res = await audit('example.com');
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ ok: false, error: { code: 'upstream_unreachable' } });
  });
});

describe('POST /api/site-audit: cache and coalescing', () => {
  it('serves a repeat audit of the same normalised address from the cache for ten minutes', async () => {
    let clock = 1_000_000;
    const { stub, audit } = await setup(fixtureReply, { now: () => clock });
    const first = await audit('example.com');
    const again = await audit('https://www.example.com/#pricing');
    expect(again.status).toBe(200);
    // Whether an address was audited lately is nobody's business: no header tells.
    for (const res of [first, again]) expect(res.headers.get('X-Audit-Cache')).toBeNull();
    expect(await again.json()).toEqual(await first.json());
    expect(stub.requests).toHaveLength(1);

    clock += AUDIT_CACHE_TTL_MS - 1;
    await audit('example.com');
    expect(stub.requests).toHaveLength(1);
    clock += 2;
    await audit('example.com');
    expect(stub.requests).toHaveLength(2);
  });

  it('shares results between isolates through the Cache API when the runtime has one', async () => {
    // A stand-in for Workers' caches.default: keyed by URL, honouring max-age.
    const entries = new Map<string, { body: string; maxAge: number }>();
    const fakeCache = {
      async match(key: Request) {
        const hit = entries.get(key.url);
        return hit
          ? new Response(hit.body, { headers: { 'Content-Type': 'application/json' } })
          : undefined;
      },
      async put(key: Request, response: Response) {
        const maxAge = Number(
          /max-age=(\d+)/.exec(response.headers.get('Cache-Control') ?? '')?.[1],
        );
        entries.set(key.url, { body: await response.text(), maxAge });
      },
    };
    vi.stubGlobal('caches', { default: fakeCache });
    try {
      const { stub, audit } = await setup(fixtureReply);
      const first = await (await audit('example.com')).json();
      expect([...entries.keys()]).toEqual([
        'http://127.0.0.1:8788/api/site-audit/cached?url=https%3A%2F%2Fwww.example.com%2F',
      ]);
      expect([...entries.values()][0].maxAge).toBe(AUDIT_CACHE_TTL_MS / 1000);
      // Another isolate: its own memory is empty, the shared cache answers.
      const other = createSiteAuditHandler();
      const res = await callFunction(other, {
        path: '/api/site-audit',
        body: { url: 'www.example.com' },
        env: { PSI_ENDPOINT: `${stub.url}/psi`, AUDIT_DOH_URL: resolver!.endpoint },
      });
      expect(await res.json()).toEqual(first);
      expect(stub.requests).toHaveLength(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('does not cache failures', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let calls = 0;
    const { stub, audit } = await setup((req, res) =>
      ++calls === 1 ? psiError(500, 'Backend error')(req, res) : fixtureReply(req, res),
    );
    expect((await audit('example.com')).status).toBe(502);
    expect((await audit('example.com')).status).toBe(200);
    expect(stub.requests).toHaveLength(2);
  });

  it('coalesces concurrent audits of one address into one upstream request', async () => {
    const { stub, audit } = await setup(async (req, res) => {
      await new Promise((r) => setTimeout(r, 300));
      void fixtureReply(req, res);
    });
    const answers = await Promise.all([
      audit('example.com'),
      audit('https://www.example.com'),
      audit('www.example.com/'),
      audit('other.example.com'),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const bodies = await Promise.all(answers.map((a) => a.json()));
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[2]).toEqual(bodies[0]);
    expect(answers.map((a) => a.headers.get('X-Audit-Cache'))).toEqual([null, null, null, null]);
    // One request for www.example.com, one for other.example.com.
    expect(stub.requests).toHaveLength(2);
  });
});

describe('POST /api/site-audit: sample mode', () => {
  it('returns a flagged sample without calling PSI only when AUDIT_SAMPLE=1', async () => {
    const { stub, audit, report } = await setup(fixtureReply, {}, { AUDIT_SAMPLE: '1' });
    const body = await report('example.com');
    expect(body.url).toBe('https://www.example.com/');
    expect(body.raw).toMatchObject({ isMockData: true, mockIndicator: MOCK_INDICATOR });
    expect(Object.keys(body.scores)).toEqual([
      'performance',
      'accessibility',
      'best_practices',
      'seo',
    ]);
    // Hostile input is still refused in sample mode.
    expect((await audit('http://127.0.0.1')).status).toBe(400);
    expect(stub.requests).toHaveLength(0);
  });

  it('never flags a real result as mock data', async () => {
    const { audit } = await setup(fixtureReply, {}, { AUDIT_SAMPLE: '0' });
    const body = await (await audit('example.com')).json();
    expect(body.raw.isMockData).toBe(false);
    expect(body.raw.mockIndicator).toBeUndefined();
  });
});
