import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { RecordedRequest, StubServer } from './harness';
import { SITEMAP_LIMITS } from '../../src/features/audit/visibility/run.server';
import { audit, byId, goodSite, serve } from './audit-setup';

/**
 * The audit's work has bounds whatever a site serves: hostile fixture sites on loopback try to
 * make it send many requests, read huge files or match rules for a long time. Work is counted
 * from the fixtures' request logs; time is only checked against a generous bound.
 */

/** Requests the audit may send to the sites in all, redirects included. */
const MAX_REQUESTS = 12;
/** Requests the audit may send to any one host other than the audited one. */
const MAX_PER_OTHER_HOST = 4;
/** Far above what a bounded audit takes, far below what an unbounded one took. */
const GENEROUS_MS = 6_000;

/** A site like the good one, with its own robots.txt (and other paths) from `override`. */
function siteWith(override: (req: RecordedRequest, res: ServerResponse) => boolean) {
  return serve((req, res) => {
    if (!override(req, res)) goodSite(req, res);
  });
}

function sendText(res: ServerResponse, type: string, body: string) {
  res.writeHead(200, { 'Content-Type': type });
  res.end(body);
}

const total = (servers: StubServer[]) => servers.reduce((n, s) => n + s.requests.length, 0);

describe('outbound requests per audit', () => {
  it(`a fan-out of sitemap indexes and redirects gets at most ${MAX_REQUESTS} requests, ${MAX_PER_OTHER_HOST} per other host`, async () => {
    // Each other host serves sitemap indexes that redirect four times before answering, and
    // list three sitemaps elsewhere that redirect too.
    const others: StubServer[] = [];
    const fanOut = (req: RecordedRequest, res: ServerResponse) => {
      const url = new URL(req.url, 'http://x');
      const hop = Number(url.searchParams.get('hop') ?? 0);
      if (hop < 4) {
        url.searchParams.set('hop', String(hop + 1));
        return void res.writeHead(301, { Location: `${url.pathname}${url.search}` }).end();
      }
      const children = others
        .map((o, i) => `<sitemap><loc>${o.url}/child-${i}.xml</loc></sitemap>`)
        .join('');
      sendText(res, 'application/xml', `<sitemapindex>${children}</sitemapindex>`);
    };
    for (let i = 0; i < 3; i++) others.push(await serve(fanOut));
    const site = await siteWith((req, res) => {
      if (req.url !== '/robots.txt') return false;
      const lines = others.map((o, i) => `Sitemap: ${o.url}/index-${i}.xml`);
      sendText(res, 'text/plain', `User-agent: *\nAllow: /\n${lines.join('\n')}\n`);
      return true;
    });
    const everyone = [site, ...others];
    const { res, body } = await audit(`${site.url}/`, { allow: everyone });
    expect(res.status).toBe(200);
    expect(total(everyone)).toBeLessThanOrEqual(MAX_REQUESTS);
    for (const other of others)
      expect(other.requests.length).toBeLessThanOrEqual(MAX_PER_OTHER_HOST);
    const checks = byId(body);
    // The audited site's own files come first and are all read.
    expect(checks.status.status).toBe('pass');
    expect(checks['llms-txt'].status).toBe('pass');
    expect(checks.markdown.status).toBe('pass');
    expect(checks['robots-ai'].status).toBe('pass');
    expect(checks.sitemap.status).toBe('error');
    expect(checks.sitemap.detail).toMatch(/at most 4 requests to another host/);
  });

  it('a site whose every address redirects gets at most 12 requests in all', async () => {
    const bouncer = await serve((req, res) => {
      const n = Number(/^\/b(\d+)$/.exec(req.url)?.[1] ?? 0);
      res.writeHead(302, { Location: `/b${n + 1}` }).end();
    });
    const { body } = await audit(`${bouncer.url}/b0`, { allow: [bouncer] });
    // The page meets the redirect limit first; robots.txt, llms.txt and the Markdown version
    // share what is left.
    expect(byId(body).status.detail).toMatch(/more than 5 times/);
    expect(total([bouncer])).toBeLessThanOrEqual(MAX_REQUESTS);
  });
});

describe('robots.txt that is too large or too complex', () => {
  it('a rule bomb of wildcards is reported, not matched for seconds', async () => {
    const rule = `Disallow: /${'*/'.repeat(400)}x`;
    const site = await siteWith((req, res) => {
      if (req.url !== '/robots.txt') return false;
      const rules = Array.from({ length: 300 }, () => rule).join('\n');
      sendText(res, 'text/plain', `User-agent: *\n${rules}\n`);
      return true;
    });
    const deepPath = `/${'a/'.repeat(900)}`;
    const { body, elapsed } = await audit(`${site.url}${deepPath}`, { allow: [site] });
    const robots = byId(body)['robots-ai'];
    expect(robots.status).toBe('error');
    expect(robots.detail).toMatch(/^robots\.txt too large or too complex to read/);
    expect(byId(body)['content-signals'].detail).toMatch(/too large or too complex to read/);
    expect(elapsed).toBeLessThan(GENEROUS_MS);
  });
});

describe('robots.txt with many user agents sharing many rules', () => {
  it('is not expanded rule by agent: it is reported, and its Sitemap line still read', async () => {
    const site = await siteWith((req, res) => {
      if (req.url !== '/robots.txt') return false;
      const agents = Array.from({ length: 1_000 }, (_, i) => `User-agent: bot${i}`);
      const rules = Array.from({ length: 6_000 }, (_, i) => `Disallow: /${i}`);
      const sitemap = `Sitemap: http://${req.headers.host}/sitemap-index.xml`;
      sendText(res, 'text/plain', [...agents, ...rules, sitemap].join('\n'));
      return true;
    });
    const { body, elapsed } = await audit(`${site.url}/`, { allow: [site] });
    expect(byId(body)['robots-ai'].detail).toMatch(/^robots\.txt too large or too complex/);
    expect(byId(body).sitemap.status).toBe('pass');
    expect(elapsed).toBeLessThan(GENEROUS_MS);
  });
});

describe('sitemaps that are too large', () => {
  const locs = (n: number, origin: string) =>
    Array.from({ length: n }, (_, i) => `<url><loc>${origin}/page-${i}</loc></url>`).join('');

  it('a sitemap bomb is read only in part: a few files, a bounded number of addresses', async () => {
    const site = await siteWith((req, res) => {
      const origin = `http://${req.headers.host}`;
      if (req.url === '/robots.txt') {
        const lines = [0, 1, 2].map((i) => `Sitemap: ${origin}/index-${i}.xml`);
        sendText(res, 'text/plain', `User-agent: *\nAllow: /\n${lines.join('\n')}\n`);
      } else if (/^\/index-\d\.xml$/.test(req.url)) {
        const children = [0, 1, 2].map(
          (j) => `<sitemap><loc>${origin}${req.url}-${j}</loc></sitemap>`,
        );
        sendText(res, 'application/xml', `<sitemapindex>${children.join('')}</sitemapindex>`);
      } else if (/^\/index-\d\.xml-\d$/.test(req.url)) {
        // About 2 MB of addresses, none of them the page.
        sendText(res, 'application/xml', `<urlset>${locs(40_000, origin)}</urlset>`);
      } else return false;
      return true;
    });
    const { body, elapsed } = await audit(`${site.url}/`, { allow: [site] });
    const sitemap = byId(body).sitemap;
    expect(sitemap.status).toBe('warn');
    expect(sitemap.detail).toMatch(/does not list this page in the part we read/);
    const sitemapRequests = site.requests.filter((r) => r.url.startsWith('/index-'));
    // The first index and the first of its sitemaps use up the addresses the audit reads.
    expect(sitemapRequests.map((r) => r.url)).toEqual(['/index-0.xml', '/index-0.xml-0']);
    expect(site.requests.length).toBeLessThanOrEqual(MAX_REQUESTS);
    expect(elapsed).toBeLessThan(GENEROUS_MS);
  });

  it('a huge sitemap is counted only as far as the audit reads', async () => {
    const site = await siteWith((req, res) => {
      if (req.url === '/robots.txt')
        return (sendText(res, 'text/plain', 'User-agent: *\nAllow: /\n'), true);
      if (req.url !== '/sitemap.xml') return false;
      sendText(
        res,
        'application/xml',
        `<urlset>${locs(30_000, `http://${req.headers.host}`)}</urlset>`,
      );
      return true;
    });
    const { body } = await audit(`${site.url}/`, { allow: [site] });
    const sitemap = byId(body).sitemap;
    expect(sitemap.items).toContainEqual({
      label: 'Pages listed',
      value: `${SITEMAP_LIMITS.urls} or more (we stopped reading there)`,
    });
    expect(sitemap.detail).toMatch(/in the part we read/);
  });
});
