/**
 * The site's search index (Pagefind), fed with each page as the build renders it. Pagefind runs
 * as its own process, so it parses a page on the other core while the next ones render; read
 * back from the output after the pages, the same work took seconds of a large archive's build.
 * Only pages that mark their content with `data-pagefind-body` (articles and services) are
 * indexed; results point at the public paths, without ".html".
 */
import type { AstroPrerenderer } from 'astro';
import * as pagefind from 'pagefind';
import { publicPath } from './paths';

/** The attribute that marks the part of a page the search index reads. */
export const SEARCH_BODY = 'data-pagefind-body';

/** Throws when Pagefind reports errors, so a broken index fails the build. */
function assertNoErrors(step: string, errors: string[]): void {
  if (errors.length > 0) throw new Error(`Pagefind ${step} failed: ${errors.join('; ')}`);
}

/** The search index of one build. */
export interface SearchIndexer {
  /** Hands a rendered page (its built path and HTML) to the index, if it marks a search body. */
  add(pathname: string, html: string): void;
  /**
   * Waits for the pages handed so far, writes the index into `outputPath` and stops Pagefind.
   * Resolves with how many pages it indexed; rejects if Pagefind failed on any of them.
   */
  write(outputPath: string): Promise<number>;
}

type Index = NonNullable<Awaited<ReturnType<typeof pagefind.createIndex>>['index']>;

export function createSearchIndexer(): SearchIndexer {
  let index: Promise<Index> | undefined;
  const open = () =>
    (index ??= pagefind.createIndex({ forceLanguage: 'en' }).then(({ index, errors }) => {
      assertNoErrors('setup', errors);
      if (!index) throw new Error('Pagefind did not create an index');
      return index;
    }));
  const pending: Promise<void>[] = [];
  return {
    add(pathname, html) {
      if (!html.includes(SEARCH_BODY)) return;
      const url = publicPath(pathname);
      const added = open()
        .then((i) => i.addHTMLFile({ url, content: html }))
        .then(({ errors }) => assertNoErrors(`indexing ${url}`, errors));
      // Failures are reported by write(), which awaits every page.
      added.catch(() => {});
      pending.push(added);
    },
    async write(outputPath) {
      try {
        const i = await open();
        await Promise.all(pending);
        assertNoErrors('writing', (await i.writeFiles({ outputPath })).errors);
        return pending.length;
      } finally {
        await pagefind.close();
      }
    },
  };
}

/**
 * The page as Pagefind reads it: without its style and script elements, whose text it never
 * indexes. An article's inline stylesheet is half its HTML, and every byte goes to Pagefind's
 * process as JSON in base64 while the pages render.
 */
export function searchableHtml(html: string): string {
  return html.replace(/<(style|script)\b[^>]*>[\s\S]*?<\/\1>/gi, '');
}

/**
 * `base`, handing every HTML page it renders to `indexer` as well as to the build (which
 * writes the same bytes to the page's file).
 */
export function indexingPrerenderer(
  base: AstroPrerenderer,
  indexer: SearchIndexer,
): AstroPrerenderer {
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
      indexer.add(new URL(request.url).pathname, searchableHtml(decoder.decode(body)));
      const copy = new Response(body, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
      return result instanceof Response ? copy : { ...result, response: copy };
    },
  };
}

const decoder = new TextDecoder();
