import type { ServerResponse } from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import { CHECK_IDS } from '../../src/features/audit/contract';
import {
  CHECKS_BUDGET_MS,
  FETCH_TIMEOUT_MS,
  MAX_REDIRECTS,
} from '../../src/features/audit/visibility/safe-fetch.server';
import { replyJson } from './harness';
import { audit, badSite, byId, goodSite, serve, statuses } from './audit-setup';

/** The audit's own checks against fixture sites on loopback (see audit-setup.ts). */
describe('AI visibility checks of fixture sites', () => {
  it('a well-kept site passes everything but HTTPS, which a loopback fixture cannot have', async () => {
    const site = await serve(goodSite);
    const { res, body, resolver } = await audit(`${site.url}/`, { allow: [site] });
    expect(res.status).toBe(200);
    expect(body.scores.performance).toBeTypeOf('number');
    expect(body.visibility.checks.map((c: any) => c.id)).toEqual([...CHECK_IDS]);
    expect(statuses(body)).toEqual({
      https: 'fail',
      status: 'pass',
      'robots-ai': 'pass',
      'content-signals': 'pass',
      sitemap: 'pass',
      'llms-txt': 'pass',
      meta: 'pass',
      'structured-data': 'pass',
      headings: 'pass',
      'open-graph': 'pass',
      markdown: 'pass',
    });
    // HTTPS weighs 8 of 100.
    expect(body.visibility).toMatchObject({ score: 92, grade: 'A' });
    const checks = byId(body);
    expect(checks['robots-ai'].items).toContainEqual({
      label: 'GPTBot (AI training)',
      value: 'Blocked',
    });
    expect(checks['robots-ai'].items).toContainEqual({
      label: 'OAI-SearchBot (AI answers)',
      value: 'Allowed',
    });
    expect(checks['robots-ai'].detail).toMatch(/GPTBot and CCBot are blocked from AI training/);
    expect(checks.sitemap.detail).toMatch(/in .*\/sitemap-0\.xml/);
    expect(checks['structured-data'].items).toEqual([{ label: 'Plumber', value: 'Complete' }]);
    // The SVG's <title> is not the page's title; entities are decoded.
    expect(checks.meta.items[0].value).toMatch(/^Acme Plumbing: Water Heaters & Drains \(/);
    for (const check of body.visibility.checks) {
      expect(check.learnMore.href, check.id).toMatch(/^\/articles\/[a-z0-9-]+#[a-z0-9-]+$/);
      if (check.status === 'pass') expect(check.fix, check.id).toBeUndefined();
      else expect(check.fix, check.id).toMatch(/\w/);
    }
    // Allowed hosts are fetched without asking DNS.
    expect(resolver.queries()).toEqual([]);
  });

  it('names the audit and the site in its User-Agent, and asks for Markdown on the page itself', async () => {
    const site = await serve(goodSite);
    await audit(`${site.url}/`, { allow: [site], env: { SITE_URL: 'https://firm.test/x' } });
    const agents = new Set(site.requests.map((r) => r.headers['user-agent']));
    expect([...agents]).toEqual([
      'Mozilla/5.0 (compatible; WebsiteAudit/1.0; +https://firm.test/audit)',
    ]);
    const paths = site.requests.map((r) => `${r.url} ${r.headers.accept}`).sort();
    expect(paths).toEqual(
      [
        '/ text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.8',
        '/ text/markdown',
        '/llms.txt text/markdown,text/plain;q=0.9,*/*;q=0.5',
        '/robots.txt text/plain,*/*;q=0.5',
        '/sitemap-0.xml application/xml,text/xml;q=0.9,*/*;q=0.5',
        '/sitemap-index.xml application/xml,text/xml;q=0.9,*/*;q=0.5',
      ].sort(),
    );
  });

  it('a neglected site fails with findings and fixes in plain words', async () => {
    const site = await serve(badSite);
    const { body } = await audit(`${site.url}/`, { allow: [site] });
    expect(statuses(body)).toEqual({
      https: 'fail',
      status: 'warn',
      'robots-ai': 'fail',
      'content-signals': 'fail',
      sitemap: 'fail',
      'llms-txt': 'fail',
      meta: 'fail',
      'structured-data': 'fail',
      headings: 'warn',
      'open-graph': 'warn',
      markdown: 'fail',
    });
    const checks = byId(body);
    expect(checks.status.items[0]).toEqual({
      label: '302 temporary redirect',
      value: `${site.url}/`,
    });
    expect(checks.status.detail).toMatch(/temporary/);
    expect(checks['robots-ai'].detail).toMatch(
      /blocks Bingbot from this page, so it cannot appear in its/,
    );
    expect(checks['robots-ai'].detail).toMatch(/It also blocks OAI-SearchBot, which fetches pages/);
    expect(checks['robots-ai'].items).toContainEqual({
      label: 'Googlebot (search)',
      value: 'Allowed',
    });
    expect(checks.meta.detail).toMatch(/noindex/);
    expect(checks.meta.learnMore.href).toBe(
      '/articles/ai-citation-guide#check-the-things-robotstxt-does-not-show',
    );
    expect(checks['structured-data'].detail).toMatch(
      /1 of 2 JSON-LD blocks is not valid JSON, so search engines ignore it/,
    );
    expect(checks['structured-data'].items).toContainEqual({
      label: 'Product',
      value: 'Missing required: offers or review or aggregateRating',
    });
    expect(checks.headings.detail).toMatch(/2 main headings .* h1 to h4/);
    expect(checks['llms-txt'].detail).toMatch(/web page, not a Markdown text file/);
    expect(checks.sitemap.detail).toMatch(
      /robots\.txt lists no sitemap and there is none at .*\/sitemap\.xml \(status 404\)/,
    );
    expect(body.visibility.grade).toBe('F');
  });

  it('flags a robots.txt that answers 503 as stopping crawling, with the server errors guide', async () => {
    const site = await serve((req, res) =>
      req.url === '/robots.txt' ? res.writeHead(503).end('busy') : goodSite(req, res),
    );
    const { body } = await audit(`${site.url}/`, { allow: [site] });
    const robots = byId(body)['robots-ai'];
    expect(robots.status).toBe('fail');
    expect(robots.detail).toMatch(/status 503.*stops crawling the whole site/);
    expect(robots.learnMore).toEqual({
      href: '/articles/server-errors-guide#when-robotstxt-returns-a-server-error',
      label: 'When robots.txt returns a server error',
    });
  });

  it('stops a redirect loop, checking every hop, and still answers with the PageSpeed scores', async () => {
    const site = await serve((req, res) => {
      if (req.url === '/a') return void res.writeHead(301, { Location: '/b' }).end();
      if (req.url === '/b')
        return void res.writeHead(302, { Location: `${new URL(site.url).origin}/a` }).end();
      goodSite(req, res);
    });
    const { res, body } = await audit(`${site.url}/a`, { allow: [site] });
    expect(res.status).toBe(200);
    expect(body.scores).toBeDefined();
    const status = byId(body).status;
    expect(status.status).toBe('fail');
    expect(status.detail).toMatch(/redirects in a loop/);
    expect(status.learnMore.href).toBe(
      '/articles/server-errors-guide#redirects-301-302-307-308-and-chains',
    );
    expect(site.requests.filter((r) => r.url === '/a' || r.url === '/b')).toHaveLength(2);
  });

  it(`follows at most ${MAX_REDIRECTS} redirects`, async () => {
    const site = await serve((req, res) => {
      const n = Number(/^\/r(\d+)$/.exec(req.url)?.[1] ?? NaN);
      if (Number.isFinite(n)) return void res.writeHead(301, { Location: `/r${n + 1}` }).end();
      goodSite(req, res);
    });
    const { body } = await audit(`${site.url}/r0`, { allow: [site] });
    expect(byId(body).status.detail).toMatch(/more than 5 times/);
    expect(site.requests.filter((r) => /^\/r\d/.test(r.url))).toHaveLength(MAX_REDIRECTS);
  });

  it('reads no more than 512 KB of an endless page and stops downloading', async () => {
    let sent = 0;
    const site = await serve((req, res) => {
      if (req.url !== '/') return goodSite(req, res);
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.write(
        '<!doctype html><html lang="en"><head><title>An endless page of text</title></head><body><h1>Big</h1>',
      );
      const chunk = `<p>${'x'.repeat(64 * 1024)}</p>`;
      const pump = () => {
        while (!res.destroyed && sent < 200 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
      };
      pump();
    });
    const { body, elapsed } = await audit(`${site.url}/`, { allow: [site] });
    const checks = byId(body);
    expect(checks.status.status).toBe('pass');
    expect(checks.meta.items[0].value).toMatch(/^An endless page of text/);
    expect(elapsed).toBeLessThan(CHECKS_BUDGET_MS);
    // The connection was closed long before the 200 MB the server would send.
    expect(sent).toBeLessThan(20 * 1024 * 1024);
  });

  it('gives a slow site its time limit and no more, and the PageSpeed result still arrives', async () => {
    const hanging: ServerResponse[] = [];
    const site = await serve((_req, res) => void hanging.push(res));
    const { res, body, elapsed } = await audit(`${site.url}/`, {
      allow: [site],
      options: { checks: { perFetchMs: 300, budgetMs: 800 } },
    });
    expect(res.status).toBe(200);
    expect(body.scores).toBeDefined();
    const checks = byId(body);
    expect(checks.status.status).toBe('fail');
    expect(checks.status.detail).toMatch(/did not answer within/);
    // robots.txt, llms.txt and the sitemap all wait on the same hanging site within the budget.
    expect(elapsed).toBeLessThan(800 + 700);
    expect(checks.meta.status).toBe('fail');
    expect(FETCH_TIMEOUT_MS).toBe(5_000);
    expect(CHECKS_BUDGET_MS).toBe(10_000);
  });
});

describe('AI visibility checks: addresses are resolved and refused before any fetch', () => {
  it('asks the resolver for A and AAAA records and fetches names with public addresses', async () => {
    const site = await serve(goodSite);
    const port = new URL(site.url).port;
    // The platform's own DNS stands in for the resolver's answer: the public name is served by the
    // loopback fixture, as if 93.184.215.14 were it.
    const real = globalThis.fetch;
    const seen: string[] = [];
    vi.stubGlobal('fetch', (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : input);
      if (url.hostname === 'public-site.example.com') {
        seen.push(url.pathname);
        url.hostname = '127.0.0.1';
        url.port = port;
      }
      return real(url, init);
    });
    try {
      const { body, resolver } = await audit('http://public-site.example.com/', {
        records: {
          'public-site.example.com': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
        },
      });
      expect(byId(body).status.status).toBe('pass');
      expect(new Set(resolver.queries())).toEqual(
        new Set(['public-site.example.com A', 'public-site.example.com AAAA']),
      );
      expect(resolver.requests[0].headers.accept).toBe('application/dns-json');
      expect(seen).toContain('/robots.txt');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  const refused: [name: string, addresses: string[]][] = [
    ['private-site.example.com', ['10.0.0.5']],
    ['mixed-site.example.com', ['93.184.215.14', '192.168.1.20']],
    ['mapped-site.example.com', ['93.184.215.14', '::ffff:127.0.0.1']],
    ['ula-site.example.com', ['fd00::1']],
  ];
  it.each(refused)('%s (%j) is never fetched: every check is an error', async (name, addresses) => {
    const site = await serve(goodSite);
    const { res, body } = await audit(`http://${name}/`, { records: { [name]: addresses } });
    expect(res.status).toBe(200);
    expect(body.scores).toBeDefined();
    expect(new Set(Object.values(statuses(body)))).toEqual(new Set(['error']));
    expect(body.visibility).toMatchObject({ score: null, grade: null });
    expect(byId(body).status.detail).toMatch(/private or reserved network address/);
    expect(site.requests).toEqual([]);
  });

  it('refuses a redirect to a private name or an IP literal at the hop', async () => {
    for (const location of [
      'http://private-site.example.com/',
      'http://169.254.169.254/latest/meta-data/',
    ]) {
      const site = await serve((req, res) =>
        req.url === '/' ? res.writeHead(301, { Location: location }).end() : goodSite(req, res),
      );
      const { body } = await audit(`${site.url}/`, {
        allow: [site],
        records: { 'private-site.example.com': ['10.1.2.3'] },
      });
      expect(byId(body).status.status, location).toBe('error');
      expect(byId(body).status.detail, location).toMatch(/did not fetch the page/);
    }
  });

  it('reports a name that does not exist as not checked', async () => {
    const { body, resolver } = await audit('http://no-such-site.example.com/');
    expect(byId(body).status.detail).toMatch(/has no address in DNS/);
    expect(body.visibility.score).toBeNull();
    expect(resolver.queries()).toContain('no-such-site.example.com A');
  });

  it('ignores AUDIT_ALLOW_HOSTS outside development: a loopback site is refused outright', async () => {
    const site = await serve(goodSite);
    for (const environment of ['production', '']) {
      const { res, body, psi } = await audit(`${site.url}/`, {
        allow: [site],
        env: { ENVIRONMENT: environment },
      });
      expect(res.status).toBe(400);
      // Its port is the first rule it breaks; without it, the IP literal would be.
      expect(body.error.code).toBe('port');
      expect(psi.requests).toEqual([]);
    }
    expect(site.requests).toEqual([]);
  });
});

describe('AI visibility checks when PageSpeed Insights fails', () => {
  it('keeps the PageSpeed failure and brings the checks along', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const site = await serve(goodSite);
    const { res, body } = await audit(`${site.url}/`, {
      allow: [site],
      psi: (_req, r) => replyJson(r, 429, { error: { code: 429, message: 'Quota exceeded' } }),
    });
    expect(res.status).toBe(503);
    expect(body.ok).toBe(false);
    expect(body.error.code).toBe('upstream_quota');
    expect(body.visibility.grade).toBe('A');
    expect(statuses(body).markdown).toBe('pass');
  });
});
