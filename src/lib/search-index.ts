/**
 * The site's search index (Pagefind). The build feeds it each page as the page renders, from a
 * worker thread (src/lib/search-index-build.ts), and Pagefind runs as its own process: the
 * pages' HTML is parsed and indexed on the other cores while the next pages render. Only pages
 * that mark their content with `data-pagefind-body` (articles and services) are indexed. This
 * module imports only packages: Node runs it in the worker as it is.
 */
import * as pagefind from 'pagefind';

/** The attribute that marks the part of a page the search index reads. */
export const SEARCH_BODY = 'data-pagefind-body';

/** Throws when Pagefind reports errors, so a broken index fails the build. */
function assertNoErrors(step: string, errors: string[]): void {
  if (errors.length > 0) throw new Error(`Pagefind ${step} failed: ${errors.join('; ')}`);
}

/**
 * The page as Pagefind reads it: without its style and script elements, whose text it never
 * indexes. An article's inline stylesheet is half its HTML, and every byte goes to Pagefind's
 * process as JSON in base64.
 */
export function searchableHtml(html: string): string {
  return html.replace(/<(style|script)\b[^>]*>[\s\S]*?<\/\1>/gi, '');
}

/** The search index of one build. */
export interface SearchIndexer {
  /** Hands a page (its public path and HTML) to the index, if it marks a search body. */
  add(url: string, html: string): void;
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
    add(url, html) {
      if (!html.includes(SEARCH_BODY)) return;
      const added = open()
        .then((i) => i.addHTMLFile({ url, content: searchableHtml(html) }))
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
