/**
 * The search index fed while the pages render: the prerenderer hands each HTML page to the
 * index's worker thread and the build the same bytes, and Pagefind indexes the pages that mark a
 * search body.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { AstroPrerenderer } from 'astro';
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

/** A prerenderer that answers each path with a fixed response, as Astro's default one does. */
function fakeBase(answers: Record<string, () => Response>): AstroPrerenderer {
  return {
    name: 'fake',
    getStaticPaths: async () => [],
    render: async (request) => {
      const answer = answers[new URL(request.url).pathname];
      const response = answer();
      return request.url.endsWith('.json') ? { response, metadata: undefined } : response;
    },
  };
}

/** A sink that records what it was handed, as text. */
function recording(): PageSink & { added: [string, string][] } {
  const added: [string, string][] = [];
  const decoder = new TextDecoder();
  return { added, add: (path, page) => void added.push([path, decoder.decode(page)]) };
}

describe('the pages handed to the search index while they render', () => {
  it('leaves out style and script elements, and only those', () => {
    const html = searchableHtml(page('Title', 'Words here'));
    expect(html).not.toMatch(/<style|<script|color:red|inline|"ld"/);
    expect(html).toContain('<article data-pagefind-body><h1>Title</h1><p>Words here</p></article>');
    expect(html).toContain('<nav>Menu</nav>');
  });

  it('hands each HTML page to the index and the build its bytes, status and headers', async () => {
    const html = page('Server Errors', 'Five hundred');
    const indexer = recording();
    const prerenderer = indexingPrerenderer(
      fakeBase({
        '/articles/server-errors.html': () =>
          new Response(html, {
            status: 200,
            headers: { 'Content-Type': 'text/html', 'X-Kept': 'yes' },
          }),
        '/articles/server-errors.md': () =>
          new Response('# Server Errors', { headers: { 'Content-Type': 'text/markdown' } }),
        '/advisor-index.json': () =>
          new Response('{"a":1}', { headers: { 'Content-Type': 'text/html' } }),
      }),
      indexer,
    );
    const render = (path: string) =>
      prerenderer.render(new Request(`https://firm.test${path}`), {
        routeData: {} as never,
      });

    const built = await render('/articles/server-errors.html');
    expect(built).toBeInstanceOf(Response);
    const response = built as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get('X-Kept')).toBe('yes');
    expect(await response.text()).toBe(html);

    const markdown = (await render('/articles/server-errors.md')) as Response;
    expect(await markdown.text()).toBe('# Server Errors');

    // A result with metadata keeps its shape.
    const withMetadata = await render('/advisor-index.json');
    expect(withMetadata).toHaveProperty('metadata');
    expect(await (withMetadata as { response: Response }).response.text()).toBe('{"a":1}');

    expect(indexer.added.map(([path]) => path)).toEqual([
      '/articles/server-errors.html',
      '/advisor-index.json',
    ]);
    expect(indexer.added[0][1]).toBe(html);
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
    const index = startSearchIndex(resolve('src/integrations/search-index-worker.ts'));
    const encoder = new TextEncoder();
    index.add('/articles/worker-page.html', encoder.encode(page('Worker Page', 'threaded')));
    index.add('/index.html', encoder.encode('<html lang="en"><body><h1>Home</h1></body></html>'));
    const out = join(dir, 'worker-pagefind');
    expect(await index.write(out)).toBe(1);
    const { fragments } = readIndex(out);
    expect(fragments.map((f) => [f.url, f.meta.title])).toEqual([
      ['/articles/worker-page', 'Worker Page'],
    ]);
  }, 20_000);
});
