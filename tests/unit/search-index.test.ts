/**
 * The search index fed while the pages render: the prerenderer hands each HTML page to the
 * index's worker thread and the build the same bytes, and Pagefind indexes the pages that mark a
 * search body.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { AstroPrerenderer, RouteData } from 'astro';
import { afterAll, describe, expect, it } from 'vitest';
import { createSearchIndexer, searchableHtml } from '../../src/lib/search-index';
import {
  indexingPrerenderer,
  startSearchIndex,
  type PageSink,
} from '../../src/lib/search-index-build';

const dir = mkdtempSync(join(tmpdir(), 'search-index-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const page = (title: string, words: string) =>
  `<!DOCTYPE html><html lang="en"><head><title>${title}</title>` +
  `<style>.prose{color:red}</style><script type="application/ld+json">{"name":"ld"}</script></head>` +
  `<body><nav>Menu</nav><article data-pagefind-body><h1>${title}</h1><p>${words}</p></article>` +
  `<script>console.log("inline")</script></body></html>`;

/** A route's pages as a fake prerenderer lists and answers them. */
interface FakePage {
  path: string;
  component: string;
  answer: () => Response;
}

/** A prerenderer that lists `pages` and answers each with its response, as Astro's does. */
function fakeBase(pages: FakePage[]): AstroPrerenderer {
  return {
    name: 'fake',
    getStaticPaths: async () =>
      pages.map((p) => ({ pathname: p.path, route: { component: p.component } as RouteData })),
    render: async (request) => {
      const found = pages.find((p) => p.path === new URL(request.url).pathname)!;
      const response = found.answer();
      return found.path.endsWith('.json') ? { response, metadata: undefined } : response;
    },
  };
}

/** A sink that records what it was handed, as text, and when it was told the pages are in. */
function recording() {
  const events: string[] = [];
  const decoder = new TextDecoder();
  const sink: PageSink = {
    add: (path, page) => void events.push(`${path} ${decoder.decode(page)}`),
    complete: () => void events.push('complete'),
  };
  return { events, sink };
}

const ARTICLE = 'src/pages/articles/[slug].astro';
const html = (body: string) => new Response(body, { headers: { 'Content-Type': 'text/html' } });

describe('the pages handed to the search index while they render', () => {
  it('leaves out style and script elements, and only those', () => {
    const html = searchableHtml(page('Title', 'Words here'));
    expect(html).not.toMatch(/<style|<script|color:red|inline|"ld"/);
    expect(html).toContain('<article data-pagefind-body><h1>Title</h1><p>Words here</p></article>');
    expect(html).toContain('<nav>Menu</nav>');
  });

  it('renders the search routes first and hands over their pages, then says they are in', async () => {
    const article = page('Server Errors', 'Five hundred');
    const { events, sink } = recording();
    const prerenderer = indexingPrerenderer(
      fakeBase([
        { path: '/index.html', component: 'src/pages/index.astro', answer: () => html('Home') },
        {
          path: '/advisor-index.json',
          component: 'src/pages/advisor-index.json.ts',
          answer: () =>
            new Response('{"a":1}', { headers: { 'Content-Type': 'application/json' } }),
        },
        {
          path: '/articles/server-errors.html',
          component: ARTICLE,
          answer: () =>
            new Response(article, {
              status: 200,
              headers: { 'Content-Type': 'text/html', 'X-Kept': 'yes' },
            }),
        },
        { path: '/articles/other.html', component: ARTICLE, answer: () => html(article) },
      ]),
      sink,
      new Set([ARTICLE]),
    );
    const paths = await prerenderer.getStaticPaths();
    expect(paths.map((p) => p.pathname)).toEqual([
      '/articles/server-errors.html',
      '/articles/other.html',
      '/index.html',
      '/advisor-index.json',
    ]);
    const rendered = [];
    for (const { pathname, route } of paths) {
      rendered.push(
        await prerenderer.render(new Request(`https://firm.test${pathname}`), {
          routeData: route,
        }),
      );
    }
    expect(events).toEqual([
      `/articles/server-errors.html ${article}`,
      `/articles/other.html ${article}`,
      'complete',
    ]);

    // The build gets the same bytes, status and headers, and a result keeps its shape.
    const [first, , home, json] = rendered as [Response, Response, Response, unknown];
    expect(first.status).toBe(200);
    expect(first.headers.get('X-Kept')).toBe('yes');
    expect(await first.text()).toBe(article);
    expect(await home.text()).toBe('Home');
    expect(json).toHaveProperty('metadata');
    expect(await (json as { response: Response }).response.text()).toBe('{"a":1}');
  });

  it('hands the pages over in the order listed, whichever renders first', async () => {
    const { events, sink } = recording();
    const slow = (body: string, ms: number) => async () => {
      await new Promise((done) => setTimeout(done, ms));
      return html(body);
    };
    const base = fakeBase([]);
    const pages = ['/a.html', '/b.html', '/c.html'];
    const delays: Record<string, number> = { '/a.html': 30, '/b.html': 0, '/c.html': 10 };
    const prerenderer = indexingPrerenderer(
      {
        ...base,
        getStaticPaths: async () =>
          pages.map((pathname) => ({ pathname, route: { component: ARTICLE } as RouteData })),
        render: async (request) => {
          const path = new URL(request.url).pathname;
          return slow(page(path, 'words'), delays[path])();
        },
      },
      sink,
      new Set([ARTICLE]),
    );
    const paths = await prerenderer.getStaticPaths();
    // Rendered at once, as Astro renders several pages at a time.
    await Promise.all(
      paths.map(({ pathname, route }) =>
        prerenderer.render(new Request(`https://firm.test${pathname}`), { routeData: route }),
      ),
    );
    expect(events.map((e) => e.split(' ')[0])).toEqual([...pages, 'complete']);
  });

  it('fails a page with a search body whose route is not a search route', async () => {
    const { sink } = recording();
    const prerenderer = indexingPrerenderer(
      fakeBase([
        {
          path: '/new-kind.html',
          component: 'src/pages/new-kind.astro',
          answer: () => html(page('New', 'kind')),
        },
      ]),
      sink,
      new Set([ARTICLE]),
    );
    const [{ pathname, route }] = await prerenderer.getStaticPaths();
    await expect(
      prerenderer.render(new Request(`https://firm.test${pathname}`), { routeData: route }),
    ).rejects.toThrow(/not in SEARCH_ROUTES/);
  });
});

/** The index written into `out`: its page count and its pages' fragments. */
function readIndex(out: string) {
  const entry = JSON.parse(readFileSync(join(out, 'pagefind-entry.json'), 'utf8'));
  const fragments = readdirSync(join(out, 'fragment')).map((f) =>
    JSON.parse(
      gunzipSync(readFileSync(join(out, 'fragment', f)))
        .toString()
        .replace(/^[^{]*/, ''),
    ),
  );
  return { pageCount: entry.languages.en.page_count, fragments };
}

describe('the search index', () => {
  it('indexes the pages with a search body, at the paths given', async () => {
    const indexer = createSearchIndexer();
    indexer.add('/articles/server-errors', page('Server Errors', 'gateway'));
    indexer.add('/services/seo', page('SEO', 'rankings'));
    indexer.add('/404', '<html lang="en"><body><h1>Not found</h1></body></html>');
    const out = join(dir, 'pagefind');
    expect(await indexer.write(out)).toBe(2);

    const { pageCount, fragments } = readIndex(out);
    expect(pageCount).toBe(2);
    expect(fragments.map((f) => f.url).sort()).toEqual([
      '/articles/server-errors',
      '/services/seo',
    ]);
    const article = fragments.find((f) => f.url === '/articles/server-errors');
    expect(article.meta.title).toBe('Server Errors');
    expect(article.content).toContain('gateway');
    expect(article.content).not.toContain('Menu');
  });

  it('is fed from a worker thread that Node runs as it is, at the public paths', async () => {
    const out = join(dir, 'worker-pagefind');
    const index = startSearchIndex(resolve('src/integrations/search-index-worker.ts'), out);
    const encoder = new TextEncoder();
    index.add('/articles/worker-page.html', encoder.encode(page('Worker Page', 'threaded')));
    index.add('/services/seo.html', encoder.encode(page('SEO', 'rankings')));
    // More than one message's worth of pages.
    for (let i = 0; i < 20; i++) {
      index.add(`/articles/batch-${i}.html`, encoder.encode(page(`Batch ${i}`, 'batched')));
    }
    index.complete();
    expect(await index.written).toBe(22);
    const { fragments } = readIndex(out);
    const titles = new Map(fragments.map((f) => [f.url, f.meta.title]));
    expect(titles.get('/articles/worker-page')).toBe('Worker Page');
    expect(titles.get('/services/seo')).toBe('SEO');
    expect(titles.get('/articles/batch-19')).toBe('Batch 19');
  }, 20_000);
});
