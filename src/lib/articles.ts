/**
 * Pure helpers for the article collection: ordering, related articles, word counts and the
 * table of contents. They take plain data so unit tests can call them without Astro.
 */

/** The article fields these helpers read. */
export interface ArticleSummary {
  id: string;
  data: { title: string; category: string; publishDate: Date };
}

/** Newest first; articles published the same day are ordered by title, so the order is stable. */
export function compareNewestFirst(a: ArticleSummary, b: ArticleSummary): number {
  return (
    b.data.publishDate.getTime() - a.data.publishDate.getTime() ||
    a.data.title.localeCompare(b.data.title, 'en')
  );
}

/** A sorted copy, newest first. */
export function sortNewestFirst<T extends ArticleSummary>(articles: readonly T[]): T[] {
  return [...articles].sort(compareNewestFirst);
}

/** How many related articles a page lists. */
export const RELATED_LIMIT = 3;

/**
 * Related articles for every article at once: the closest in date from the same category first,
 * then the newest of the rest. Built in one pass over date-sorted lists, so the cost grows with
 * the number of articles times the limit, never with the number of articles squared.
 */
export function relatedArticles<T extends ArticleSummary>(
  articles: readonly T[],
  limit = RELATED_LIMIT,
): Map<string, T[]> {
  const newest = sortNewestFirst(articles);
  const byCategory = new Map<string, T[]>();
  for (const a of newest) {
    const list = byCategory.get(a.data.category) ?? [];
    list.push(a);
    byCategory.set(a.data.category, list);
  }
  const related = new Map<string, T[]>();
  for (const list of byCategory.values()) {
    list.forEach((article, index) => {
      const picked: T[] = [];
      // Walk outwards from the article's own position: nearest neighbours in time first.
      for (let step = 1; picked.length < limit && step < list.length; step++) {
        for (const j of [index - step, index + step]) {
          const neighbour = list[j];
          if (neighbour && picked.length < limit) picked.push(neighbour);
        }
      }
      // Fill from the newest overall. At most `limit` same-category entries and the article
      // itself are skipped, so this loop looks at no more than 2 * limit + 1 items.
      for (const other of newest) {
        if (picked.length >= limit) break;
        if (other.data.category !== article.data.category) picked.push(other);
      }
      related.set(article.id, picked);
    });
  }
  return related;
}

/**
 * Words a reader sees in an MDX body: code blocks, link targets, HTML/JSX tags, imports and
 * markdown punctuation are not words.
 */
export function countWords(mdx: string): number {
  const text = mdx
    .replace(/^---\n[\s\S]*?\n---\n/, '')
    .replace(/^(import|export)\s.*$/gm, ' ')
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, ' ')
    .replace(/[#>*_`|~]/g, ' ');
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

/** A heading as Astro's render() reports it. */
export interface Heading {
  depth: number;
  slug: string;
  text: string;
}

/** An entry of the table of contents. */
export interface TocEntry {
  slug: string;
  text: string;
}

/** Articles with at least this many sections get a table of contents. */
export const TOC_MIN_SECTIONS = 4;

/**
 * Table of contents from the article's headings: its sections (h2). Subsections stay out so
 * the list stays short enough to scan. Empty for short articles, which read fine without one.
 */
export function tableOfContents(headings: readonly Heading[]): TocEntry[] {
  const sections = headings.filter((h) => h.depth === 2).map(({ slug, text }) => ({ slug, text }));
  return sections.length >= TOC_MIN_SECTIONS ? sections : [];
}
