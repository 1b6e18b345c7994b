/**
 * How a build makes the search index: a worker thread (src/integrations/search-index-worker.ts)
 * hands each page to Pagefind as Astro renders it, so the parsing and indexing that took seconds
 * after a large archive's pages now run beside them; the index is written when the pages are
 * done (src/integrations/pagefind.ts).
 */
import { Worker } from 'node:worker_threads';
import type { AstroPrerenderer } from 'astro';
import { publicPath } from './paths';

/** Where the build's pages go to be indexed. */
export interface PageSink {
  /** Hands over a rendered HTML page: its built path and its bytes (which the sink may keep). */
  add(pathname: string, page: Uint8Array): void;
}

/**
 * `base`, handing every HTML page it renders to `sink` as well as to the build (which writes the
 * same bytes to the page's file).
 */
export function indexingPrerenderer(base: AstroPrerenderer, sink: PageSink): AstroPrerenderer {
  return {
    ...base,
    name: `${base.name}+search-index`,
    async render(request, options) {
      const result = await base.render(request, options);
      const response = result instanceof Response ? result : result.response;
      if (!response.body || !response.headers.get('Content-Type')?.startsWith('text/html')) {
        return result;
      }
      // Read once and answered again from the bytes: cheaper than a clone's two streams.
      const body = new Uint8Array(await response.arrayBuffer());
      sink.add(new URL(request.url).pathname, body.slice());
      const copy = new Response(body, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
      return result instanceof Response ? copy : { ...result, response: copy };
    },
  };
}

/** The search index worker of one build. */
export interface SearchIndexWorker extends PageSink {
  /** Writes the index into `outputPath` once every page is in; resolves with the page count. */
  write(outputPath: string): Promise<number>;
}

/** Starts the worker thread `script` (src/integrations/search-index-worker.ts). */
export function startSearchIndex(script: string): SearchIndexWorker {
  const worker = new Worker(script);
  const failed = new Promise<never>((_, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The search index worker exited (${code})`)));
  });
  failed.catch(() => {});
  return {
    add(pathname, page) {
      // The page's bytes move to the worker, not copied.
      worker.postMessage({ url: publicPath(pathname), page }, [page.buffer]);
    },
    async write(outputPath) {
      const answer = new Promise<{ pages?: number; error?: string }>((resolve) => {
        worker.once('message', resolve);
      });
      worker.postMessage({ write: outputPath });
      try {
        const { pages, error } = await Promise.race([answer, failed]);
        if (error !== undefined || pages === undefined) throw new Error(error);
        return pages;
      } finally {
        await worker.terminate();
      }
    },
  };
}
