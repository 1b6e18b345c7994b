/**
 * The /search page: reads ?q=, queries the Pagefind index and lists the results. Submitting
 * the form updates the address (so a result list can be shared) without reloading the page.
 */

/** The parts of Pagefind's browser API this page uses. */
interface PagefindResultData {
  url: string;
  excerpt: string;
  meta: { title?: string };
}
interface Pagefind {
  search(query: string): Promise<{ results: { data(): Promise<PagefindResultData> }[] } | null>;
}

/** Where the build writes Pagefind's browser bundle (src/integrations/pagefind.ts). */
const PAGEFIND_URL = '/pagefind/pagefind.js';
/** More than this many results would be noise for a site of this size. */
const MAX_RESULTS = 20;

/** The status line for a finished search. */
export function resultSummary(count: number, query: string): string {
  if (count === 0) return `No results for “${query}”.`;
  return `${count} ${count === 1 ? 'result' : 'results'} for “${query}”.`;
}

function resultItem(data: PagefindResultData): HTMLLIElement {
  const item = document.createElement('li');
  item.className = 'rounded-2xl border border-slate-200 bg-white p-5';
  const heading = document.createElement('h2');
  heading.className = 'text-lg font-semibold';
  const link = document.createElement('a');
  link.href = data.url;
  link.className = 'text-brand-700 underline-offset-2 hover:text-navy-900 hover:underline';
  link.textContent = data.meta.title ?? data.url;
  heading.append(link);
  const excerpt = document.createElement('p');
  excerpt.className = 'mt-2 text-slate-700 [&_mark]:bg-gold-100 [&_mark]:text-navy-900';
  // Pagefind escapes the page text and only adds <mark> around the matched words.
  excerpt.innerHTML = data.excerpt;
  item.append(heading, excerpt);
  return item;
}

/** Wires the search form on the page and runs the query in the address, if any. */
export function runSiteSearch(): void {
  const form = document.getElementById('site-search') as HTMLFormElement;
  const input = form.elements.namedItem('q') as HTMLInputElement;
  const status = document.getElementById('search-status')!;
  const list = document.getElementById('search-results')!;
  let pagefind: Promise<Pagefind> | undefined;
  let latest = 0;

  async function run(query: string): Promise<void> {
    const run = ++latest;
    list.replaceChildren();
    if (!query) {
      status.textContent = '';
      return;
    }
    status.textContent = 'Searching…';
    try {
      pagefind ??= import(/* @vite-ignore */ PAGEFIND_URL) as Promise<Pagefind>;
      const search = await (await pagefind).search(query);
      const results = await Promise.all(
        (search?.results ?? []).slice(0, MAX_RESULTS).map((r) => r.data()),
      );
      if (run !== latest) return;
      list.replaceChildren(...results.map(resultItem));
      status.textContent = resultSummary(results.length, query);
    } catch (error) {
      pagefind = undefined;
      console.error('Search failed', error);
      if (run === latest)
        status.textContent = 'Search is not available right now. Please try again.';
    }
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const query = input.value.trim();
    const url = new URL(location.href);
    url.searchParams.set('q', query);
    history.pushState(null, '', url);
    void run(query);
  });
  const fromAddress = () => {
    const query = new URLSearchParams(location.search).get('q')?.trim() ?? '';
    input.value = query;
    void run(query);
  };
  addEventListener('popstate', fromAddress);
  fromAddress();
}
