/**
 * Content negotiation for the pages that have a Markdown version (articles and service pages,
 * built as <page>.md): a request that prefers text/markdown gets the Markdown at the page's own
 * address. Both answers say `Vary: Accept`, so caches keep them apart. The rules are pure
 * functions; serveMarkdownTwin applies them in front of the static files.
 */
import type { AssetsBinding } from './env';

/** A page address with a Markdown twin: /articles/<slug> or /services/<slug>. */
const TWINNED = /^\/(?:articles|services)\/[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** A Markdown twin's own address. */
const TWIN = /^\/(?:articles|services)\/[a-z0-9]+(?:-[a-z0-9]+)*\.md$/;

export const MARKDOWN_TYPE = 'text/markdown; charset=utf-8';

/** The address of the Markdown version of `pathname`, or null when it has none. */
export function markdownTwinPath(pathname: string): string | null {
  return TWINNED.test(pathname) ? `${pathname}.md` : null;
}

/** Whether `pathname` is a Markdown version itself (/articles/<slug>.md). */
export function isMarkdownTwin(pathname: string): boolean {
  return TWIN.test(pathname);
}

/** The q-value an Accept header gives `type` (its own entry, else type/*, else *\/*). */
function quality(
  ranges: { range: string; q: number }[],
  type: string,
): { q: number; named: boolean } {
  const [major] = type.split('/');
  const find = (range: string) => ranges.find((r) => r.range === range);
  const own = find(type);
  if (own) return { q: own.q, named: true };
  return { q: (find(`${major}/*`) ?? find('*/*'))?.q ?? 0, named: false };
}

/**
 * Whether an Accept header asks for Markdown over HTML: text/markdown must be named (browsers
 * reach it only through wildcards) with a q-value above zero and at least HTML's. A missing or
 * unreadable header gets HTML, like a browser.
 */
export function prefersMarkdown(accept: string | null): boolean {
  if (!accept) return false;
  const ranges = accept.split(',').map((part) => {
    const [range = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    const value = q ? Number(q.slice(2)) : 1;
    return { range, q: Number.isFinite(value) ? value : 0 };
  });
  const markdown = quality(ranges, 'text/markdown');
  return markdown.named && markdown.q > 0 && markdown.q >= quality(ranges, 'text/html').q;
}

function withHeaders(response: Response, headers: Record<string, string>): Response {
  const copy = new Response(response.body, response);
  for (const [name, value] of Object.entries(headers)) {
    if (name === 'Vary') {
      const vary = copy.headers.get('Vary');
      if (!vary?.split(',').some((v) => v.trim().toLowerCase() === 'accept')) {
        copy.headers.set('Vary', vary ? `${vary}, Accept` : 'Accept');
      }
    } else copy.headers.set(name, value);
  }
  return copy;
}

/**
 * Serves a page with a Markdown twin: the twin when the request prefers Markdown (and it exists),
 * else the page from `next`; a twin asked for by its own .md address gets the Markdown type.
 * Undefined for every other address, which the caller serves as before.
 */
export async function serveMarkdownTwin(
  request: Request,
  next: () => Promise<Response>,
  assets: AssetsBinding | undefined,
): Promise<Response | undefined> {
  const url = new URL(request.url);
  if (isMarkdownTwin(url.pathname)) {
    const response = await next();
    return response.ok ? withHeaders(response, { 'Content-Type': MARKDOWN_TYPE }) : response;
  }
  const twin = markdownTwinPath(url.pathname);
  if (!twin) return undefined;
  const readable = request.method === 'GET' || request.method === 'HEAD';
  if (assets && readable && prefersMarkdown(request.headers.get('Accept'))) {
    const markdown = await assets.fetch(
      new Request(new URL(twin, url), { method: request.method }),
    );
    if (markdown.ok) {
      return withHeaders(markdown, { 'Content-Type': MARKDOWN_TYPE, Vary: 'Accept' });
    }
  }
  return withHeaders(await next(), { Vary: 'Accept' });
}
