/**
 * The public path of a page. Pages are built as files (`/consultants.html`, `/index.html`) and
 * served without the extension, so this is the address visitors and search engines see.
 */
export function publicPath(pathname: string): string {
  const path = pathname.replace(/(?:\/index)?\.html$/, '').replace(/\/+$/, '');
  return path === '' ? '/' : path;
}

/** Heading ids as Astro makes them for plain text (github-slugger's rules). */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .trim()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/**
 * The id of an FAQ question on its page: `faq-` and its stable key, or its question made a slug.
 * Links to it (the advisor's sources, shared links) open that answer.
 */
export function faqAnchor(item: { id?: string | undefined; question: string }): string {
  return `faq-${item.id ?? slugify(item.question)}`;
}

/** The articles collection's folder, read by the content config and the share image worker. */
export const ARTICLES_DIR = 'src/content/articles';

/** The consultants collection's file, read by the content config and the placeholder guard. */
export const CONSULTANTS_FILE = 'src/content/consultants.yaml';
