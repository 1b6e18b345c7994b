/** Links in content: where calls to action go, absolute links for the feed, link checking. */

/** Path of the articles feed. */
export const FEED_PATH = '/articles/feed.xml';

/** Id of the subscribe dialog, which buttons name in `commandfor`. */
export const SUBSCRIBE_DIALOG_ID = 'subscribe-dialog';

/** An article's page: its file name under src/content/articles is its address. */
export function articlePath(id: string): string {
  return `/articles/${id}`;
}

/** A consultant's profile on the consultants page: the card carries the consultant's id. */
export function consultantProfilePath(id: string): string {
  return `/consultants#${encodeURIComponent(id)}`;
}

/** Where a page's consultation call to action goes; `from` tells the questionnaire the page. */
export function consultationHref(from: string): string {
  return `/questionnaire?from=${encodeURIComponent(from)}`;
}

/**
 * Makes root-relative `href` and `src` attributes absolute. Feed readers show items outside the
 * site, where "/audit" would point at the reader's own host.
 */
export function absolutizeLinks(html: string, origin: string | URL): string {
  return html.replace(
    /\b(href|src)="(\/(?!\/)[^"]*)"/g,
    (_, attr: string, path: string) => `${attr}="${new URL(path, origin).href}"`,
  );
}

export type LinkKind = 'internal' | 'external' | 'fragment' | 'mailto' | 'other';

/** What a link in content points at; internal links are root-relative paths on this site. */
export function linkKind(href: string): LinkKind {
  if (href.startsWith('#')) return 'fragment';
  if (href.startsWith('/') && !href.startsWith('//')) return 'internal';
  if (/^https?:\/\//i.test(href)) return 'external';
  if (href.startsWith('mailto:')) return 'mailto';
  return 'other';
}

/**
 * The links that do not resolve: internal paths whose status is not 200, internal links whose
 * fragment names no element on the target page (when `hasAnchor` is given), and anything that is
 * neither an internal path, an http(s) address, a fragment nor a mailto link.
 */
export async function brokenLinks(
  hrefs: readonly string[],
  statusOf: (path: string) => Promise<number>,
  hasAnchor?: (path: string, id: string) => Promise<boolean>,
): Promise<string[]> {
  const broken: string[] = [];
  for (const href of new Set(hrefs)) {
    const kind = linkKind(href);
    if (kind === 'other') broken.push(href);
    if (kind !== 'internal') continue;
    const [path, fragment] = href.split('#') as [string, string | undefined];
    if ((await statusOf(path)) !== 200) broken.push(href);
    else if (fragment && hasAnchor && !(await hasAnchor(path, decodeURIComponent(fragment)))) {
      broken.push(href);
    }
  }
  return broken;
}
