/**
 * How a build makes the search index: a worker thread (src/integrations/search-index-worker.ts)
 * hands each page to Pagefind as Astro renders it, so the parsing and indexing that took seconds
 * after a large archive's pages run beside them, and the index is written while the pages
 * without a search body render (src/integrations/pagefind.ts).
 */
import { Worker } from 'node:worker_threads';
import type { AstroPrerenderer } from 'astro';
import { publicPath } from './paths';

/**
 * The routes whose pages carry a search body (`data-pagefind-body`: the article and service
 * layouts). Their pages render first, and the index is written as soon as the last of them is
 * in, while the other pages render; a page of another route with a search body fails the build.
 */
export const SEARCH_ROUTES: ReadonlySet<string> = new Set([
  'src/pages/articles/[slug].astro',
  'src/pages/services/[slug].astro',
]);

const SEARCH_BODY = Buffer.from('data-pagefind-body');

/** Where the build's pages go to be indexed. */
export interface PageSink {
  /** Hands over a rendered page with a search body: its built path and bytes (moved, not copied). */
  add(pathname: string, page: Uint8Array<ArrayBuffer>): void;
  /** Every page of the search routes is in: the index can be written. */
  complete(): void;
}

/**
 * `base`, rendering the pages of `routes` first and handing each of their HTML pages with a
 * search body to `sink` as well as to the build (which writes the same bytes to the page's
 * file). Pages go to the sink in the order they were listed, whichever finishes rendering first,
 * so the same site gives the same index.
 */
export function indexingPrerenderer(
  base: AstroPrerenderer,
  sink: PageSink,
  routes: ReadonlySet<string> = SEARCH_ROUTES,
): AstroPrerenderer {
  let total = 0;
  let started = 0;
  let handed = 0;
  /** Rendered pages of the search routes by their place in the list: bytes, or none to index. */
  const rendered = new Map<number, { path: string; page: Uint8Array<ArrayBuffer> } | null>();
  const handOver = () => {
    for (let next = rendered.get(handed); next !== undefined; next = rendered.get(handed)) {
      rendered.delete(handed++);
      if (next) sink.add(next.path, next.page);
    }
    if (handed === total) sink.complete();
  };
  return {
    ...base,
    name: `${base.name}+search-index`,
    async getStaticPaths() {
      const paths = await base.getStaticPaths();
      const searchable = paths.filter((p) => routes.has(p.route.component));
      total = searchable.length;
      if (total === 0) sink.complete();
      return [...searchable, ...paths.filter((p) => !routes.has(p.route.component))];
    },
    async render(request, options) {
      // Astro starts the pages in the order listed, so this is the page's place in the list.
      const place = routes.has(options.routeData.component) ? started++ : undefined;
      const result = await base.render(request, options);
      const response = result instanceof Response ? result : result.response;
      let page: Uint8Array<ArrayBuffer> | undefined;
      let answer = result;
      if (response.body && response.headers.get('Content-Type')?.startsWith('text/html')) {
        // Read once and answered again from the bytes: cheaper than a clone's two streams.
        const body = new Uint8Array(await response.arrayBuffer());
        const copy = new Response(body, {
          status: response.status,
          statusText: response.statusText,
          headers: response.headers,
        });
        answer = result instanceof Response ? copy : { ...result, response: copy };
        if (Buffer.from(body.buffer, body.byteOffset, body.length).includes(SEARCH_BODY)) {
          page = body.slice();
        }
      }
      const path = new URL(request.url).pathname;
      if (place === undefined) {
        if (page) {
          throw new Error(
            `${path} has a search body but its route (${options.routeData.component}) is not in SEARCH_ROUTES (src/lib/search-index-build.ts)`,
          );
        }
        return answer;
      }
      rendered.set(place, page ? { path, page } : null);
      handOver();
      return answer;
    },
  };
}

/** Pages sent to the worker in one message: a message per page cost the main thread 0.1 ms each. */
const PAGE_BATCH = 16;

/** The search index worker of one build. */
export interface SearchIndexWorker extends PageSink {
  /** Resolves with how many pages the index holds once it is written. */
  written: Promise<number>;
}

/**
 * Starts the worker thread `script` (src/integrations/search-index-worker.ts), which writes the
 * index into `outputPath` once the pages are complete.
 */
export function startSearchIndex(script: string, outputPath: string): SearchIndexWorker {
  const worker = new Worker(script);
  let complete: () => void = () => {};
  const written = new Promise<number>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The search index worker exited (${code})`)));
    complete = () => {
      worker.once('message', ({ pages, error }: { pages?: number; error?: string }) => {
        if (error !== undefined || pages === undefined) reject(new Error(error));
        else resolve(pages);
      });
      worker.postMessage({ write: outputPath });
    };
  }).finally(() => worker.terminate());
  // Awaited by the build when the pages are done, which throws its failure.
  written.catch(() => {});
  let batch: { url: string; page: Uint8Array<ArrayBuffer> }[] = [];
  const send = () => {
    if (batch.length === 0) return;
    // The pages' bytes move to the worker, not copied.
    worker.postMessage(
      { pages: batch },
      batch.map(({ page }) => page.buffer),
    );
    batch = [];
  };
  return {
    add(pathname, page) {
      batch.push({ url: publicPath(pathname), page });
      if (batch.length >= PAGE_BATCH) send();
    },
    complete: () => {
      send();
      complete();
    },
    written,
  };
}
