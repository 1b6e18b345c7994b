/**
 * `npm run check:links`: finding outside addresses in content with their lines, and the crawler
 * against a local server (HEAD/GET fallback, redirects, 404, retries with backoff, 429 with
 * Retry-After, timeouts, per-host concurrency, the cache).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import {
  blankCode,
  extractLinks,
  isReservedHost,
  trimUrl,
} from '../../scripts/lib/link-extract.mjs';
import { checkLinks, retryAfterMs } from '../../scripts/lib/link-crawler.mjs';
import { repoRoot, runScriptAsync } from './helpers';

describe('finding links in content', () => {
  it('reports frontmatter sources and body links with their lines, and skips code', () => {
    const mdx = [
      '---', // 1
      "title: 'A title for the test'", // 2
      'sources:', // 3
      "  - title: 'Spec'", // 4
      "    url: 'https://spec.test.org/page'", // 5
      '---', // 6
      '', // 7
      'See [the guide](https://docs.site.org/guide "Guide"), and', // 8
      'the <https://auto.site.org/x>. Also https://bare.site.org/y.', // 9
      '', // 10
      '```sh', // 11
      'curl https://in-code.site.org/never', // 12
      '```', // 13
      'Inline `https://inline.site.org/never` code and', // 14
      '[Wiki](https://en.wikipedia.org/wiki/Foo_(bar)) too.', // 15
      '<a href="https://jsx.site.org/z">JSX</a>', // 16
      '{/* https://comment.site.org/never */}', // 17
    ].join('\n');
    const links = extractLinks(mdx, 'a.mdx').map(({ url, line }) => [line, url]);
    expect(links).toEqual([
      [5, 'https://spec.test.org/page'],
      [8, 'https://docs.site.org/guide'],
      [9, 'https://auto.site.org/x'],
      [9, 'https://bare.site.org/y'],
      [15, 'https://en.wikipedia.org/wiki/Foo_(bar)'],
      [16, 'https://jsx.site.org/z'],
    ]);
  });

  it('reports URL values anywhere in a YAML data file', () => {
    const yaml = [
      '- id: one', // 1
      '  links:', // 2
      '    - title: Docs', // 3
      '      url: https://docs.site.org/a', // 4
      '- id: two', // 5
      '  link:', // 6
      "    url: 'https://profile.site.org/b'", // 7
      '  note: not a link http:/broken', // 8
    ].join('\n');
    expect(extractLinks(yaml, 'data.yaml')).toEqual([
      { url: 'https://docs.site.org/a', file: 'data.yaml', line: 4 },
      { url: 'https://profile.site.org/b', file: 'data.yaml', line: 7 },
    ]);
  });

  it('finds the real content’s sources on the lines they are on', () => {
    const file = 'src/content/articles/ai-search-evolution.mdx';
    const text = readFileSync(join(repoRoot, file), 'utf8');
    const links = extractLinks(text, file);
    expect(links.length).toBeGreaterThan(5);
    const lines = text.split('\n');
    for (const { url, line } of links) expect(lines[line - 1]).toContain(url);
  });

  it('keeps offsets when blanking code, trims prose punctuation, knows reserved hosts', () => {
    const body = 'a\n```\nx https://x.org\n```\n`y` b';
    expect(blankCode(body)).toHaveLength(body.length);
    expect(blankCode(body).split('\n')).toHaveLength(5);
    expect(trimUrl('https://a.org/x).')).toBe('https://a.org/x');
    expect(trimUrl('https://a.org/f_(b)')).toBe('https://a.org/f_(b)');
    expect(isReservedHost('https://www.example.com/x')).toBe(true);
    expect(isReservedHost('https://shop.test/x')).toBe(true);
    expect(isReservedHost('https://examples.com/x')).toBe(false);
  });

  it('names the file when YAML does not parse', () => {
    expect(() => extractLinks('a: [unclosed', 'bad.yaml')).toThrow(/bad\.yaml/);
  });
});

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates', () => {
    expect(retryAfterMs('3')).toBe(3000);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs(undefined)).toBeUndefined();
    expect(retryAfterMs('soon')).toBeUndefined();
  });
});

type Route = (req: IncomingMessage, res: ServerResponse, hit: number) => void;

describe('the crawler against a local server', () => {
  let server: Server;
  let base: string;
  const hits = new Map<string, number>();
  const methods: string[] = [];
  const agents = new Set<string>();
  let active = 0;
  let maxActive = 0;

  const routes: Record<string, Route> = {
    '/ok': (_req, res) => res.writeHead(200).end('ok'),
    '/head-refused': (req, res) => res.writeHead(req.method === 'HEAD' ? 405 : 200).end(),
    '/missing': (_req, res) => res.writeHead(404).end(),
    '/moved': (_req, res) => res.writeHead(301, { Location: '/ok' }).end(),
    '/temporary': (_req, res) => res.writeHead(302, { Location: '/moved' }).end(),
    '/loop': (_req, res) => res.writeHead(302, { Location: '/loop' }).end(),
    // The first attempt (HEAD, then GET) fails.
    '/flaky': (_req, res, hit) => res.writeHead(hit <= 2 ? 503 : 200).end(),
    '/limited': (_req, res, hit) =>
      hit <= 1 ? res.writeHead(429, { 'Retry-After': '2' }).end() : res.writeHead(200).end(),
    '/limited-long': (_req, res) => res.writeHead(429, { 'Retry-After': '3600' }).end(),
    '/down': (_req, res) => res.writeHead(500).end(),
    '/forbidden': (_req, res) => res.writeHead(403).end(),
    '/slow': (_req, res) => void setTimeout(() => res.writeHead(200).end(), 1500),
    '/busy': (_req, res) => void setTimeout(() => res.writeHead(200).end(), 60),
  };

  beforeAll(async () => {
    server = createServer((req, res) => {
      const path = new URL(req.url!, 'http://x').pathname;
      const key = `${req.method} ${path}`;
      const route = routes[path.replace(/\/\d+$/, '')] ?? routes[path];
      hits.set(path, (hits.get(path) ?? 0) + 1);
      methods.push(key);
      agents.add(String(req.headers['user-agent']));
      active++;
      maxActive = Math.max(maxActive, active);
      res.on('close', () => active--);
      if (!route) return res.writeHead(404).end();
      route(req, res, hits.get(path)!);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  beforeEach(() => {
    hits.clear();
    methods.length = 0;
    maxActive = 0;
  });

  const waits: number[] = [];
  const check = (paths: string[], options: Record<string, unknown> = {}) => {
    waits.length = 0;
    return checkLinks(
      paths.map((p) => base + p),
      {
        userAgent: 'Example Site link checker (+https://www.example.com)',
        timeoutMs: 500,
        retries: 2,
        backoffMs: 10,
        sleep: async (ms: number) => void waits.push(ms),
        ...options,
      },
    );
  };
  const verdicts = (results: Map<string, any>) =>
    Object.fromEntries(
      [...results].map(([url, r]) => [url.slice(base.length), [r.verdict, r.status]]),
    );

  it('passes good links, falls back to GET when HEAD is refused, and fails a 404', async () => {
    const results = await check(['/ok', '/head-refused', '/missing']);
    expect(verdicts(results)).toEqual({
      '/ok': ['ok', 200],
      '/head-refused': ['ok', 200],
      '/missing': ['broken', 404],
    });
    expect(methods).toContain('HEAD /head-refused');
    expect(methods).toContain('GET /head-refused');
    expect(methods.filter((m) => m.endsWith(' /ok'))).toEqual(['HEAD /ok']);
    expect([...agents]).toEqual(['Example Site link checker (+https://www.example.com)']);
  });

  it('follows redirects, reports a permanent move, and stops a redirect loop', async () => {
    const results = await check(['/moved', '/temporary', '/loop']);
    expect(results.get(`${base}/moved`)).toMatchObject({
      verdict: 'ok',
      status: 200,
      movedTo: `${base}/ok`,
    });
    // A temporary hop first: the address itself has not moved for good.
    expect(results.get(`${base}/temporary`)).toMatchObject({ verdict: 'ok', status: 200 });
    expect(results.get(`${base}/temporary`)!.movedTo).toBeUndefined();
    expect(results.get(`${base}/loop`)).toMatchObject({
      verdict: 'broken',
      error: expect.stringContaining('redirects'),
      attempts: 1,
    });
  });

  it('retries 5xx with growing backoff, and gives up after the retries', async () => {
    const results = await check(['/flaky', '/down']);
    expect(results.get(`${base}/flaky`)).toMatchObject({ verdict: 'ok', attempts: 2 });
    expect(results.get(`${base}/down`)).toMatchObject({
      verdict: 'broken',
      status: 500,
      attempts: 3,
    });
    expect(waits.sort((a, b) => a - b)).toEqual([10, 10, 20]);
  });

  it('waits as long as Retry-After asks, and does not wait hours', async () => {
    const results = await check(['/limited', '/limited-long']);
    expect(results.get(`${base}/limited`)).toMatchObject({ verdict: 'ok', attempts: 2 });
    expect(waits).toEqual([2000]);
    expect(results.get(`${base}/limited-long`)).toMatchObject({
      verdict: 'unverified',
      status: 429,
      attempts: 1,
    });
  });

  it('marks a refusal as unverified and a timeout as broken after retries', async () => {
    const results = await check(['/forbidden', '/slow'], { timeoutMs: 200, retries: 1 });
    expect(results.get(`${base}/forbidden`)).toMatchObject({ verdict: 'unverified', status: 403 });
    expect(results.get(`${base}/slow`)).toMatchObject({
      verdict: 'broken',
      status: null,
      error: 'timed out',
      attempts: 2,
    });
  });

  it('keeps to the per-host limit', async () => {
    const paths = Array.from({ length: 8 }, (_, i) => `/busy/${i}`);
    const results = await check(paths, { concurrency: 8, perHost: 2 });
    expect([...results.values()].every((r) => r.verdict === 'ok')).toBe(true);
    expect(maxActive).toBe(2);
  });

  it('reuses recent good results from the cache and checks the rest again', async () => {
    const cache = new Map();
    let clock = 1_000_000;
    const now = () => clock;
    await check(['/ok', '/missing'], { cache, now, maxAgeMs: 60_000 });
    expect(hits.get('/ok')).toBe(1);
    expect([...cache.keys()].map((u) => u.slice(base.length)).sort()).toEqual(['/missing', '/ok']);

    clock += 30_000;
    const again = await check(['/ok', '/missing'], { cache, now, maxAgeMs: 60_000 });
    expect(again.get(`${base}/ok`)).toMatchObject({ verdict: 'ok', fromCache: true });
    expect(hits.get('/ok')).toBe(1);
    // A failure is never trusted from the cache: HEAD and GET again.
    expect(hits.get('/missing')).toBe(4);

    clock += 60_000;
    const stale = await check(['/ok'], { cache, now, maxAgeMs: 60_000 });
    expect(stale.get(`${base}/ok`)!.fromCache).toBeUndefined();
    expect(hits.get('/ok')).toBe(2);
  });

  it('npm run check:links reports file, line and status, keeps a cache, and exits 1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'links-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const article = join(dir, 'article.mdx');
    writeFileSync(
      article,
      `---\ntitle: 'Checked'\nsources:\n  - title: 'Good'\n    url: '${base}/ok'\n---\n\nA [gone page](${base}/missing) and [another](${base}/moved).\n`,
    );
    const cacheFile = join(dir, 'links.json');
    const run = await runScriptAsync('scripts/check-links.mjs', [
      '--retries',
      '0',
      '--cache',
      cacheFile,
      article,
    ]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/article\.mdx:8 {2}broken {2}HTTP 404 not found {2}.*\/missing/);
    expect(run.stdout).toMatch(/article\.mdx:8 {2}moved {2}moved permanently to .*\/ok/);
    expect(run.stdout).toContain('3 addresses: 2 ok, 1 broken');
    const saved = JSON.parse(readFileSync(cacheFile, 'utf8'));
    expect(Object.keys(saved.links).sort()).toEqual([`${base}/moved`, `${base}/ok`]);

    const second = await runScriptAsync('scripts/check-links.mjs', ['--cache', cacheFile, article]);
    expect(second.stdout).toContain('(2 from the cache)');
  });
});
