import { describe, expect, it } from 'vitest';
import {
  compareNewestFirst,
  countWords,
  relatedArticles,
  sortNewestFirst,
  tableOfContents,
  TOC_MIN_SECTIONS,
} from '../../src/lib/articles';

const article = (id: string, category: string, date: string, title = id) => ({
  id,
  data: { title, category, publishDate: new Date(date) },
});

describe('sortNewestFirst', () => {
  it('orders by date, newest first, and same-day articles by title', () => {
    const sorted = sortNewestFirst([
      article('ai-search-evolution', 'SEO Strategy', '2025-08-28', 'The Shift'),
      article('server-errors-guide', 'Technical SEO', '2025-08-31', 'Server Errors'),
      article('ai-citation-guide', 'AI Optimization', '2025-08-29', 'How to Get Cited'),
      article('quick-seo-wins', 'SEO Strategy', '2025-08-31', 'Quick SEO Wins'),
    ]);
    expect(sorted.map((a) => a.id)).toEqual([
      'quick-seo-wins',
      'server-errors-guide',
      'ai-citation-guide',
      'ai-search-evolution',
    ]);
  });

  it('does not reorder its input', () => {
    const input = [article('old', 'A', '2020-01-01'), article('new', 'A', '2024-01-01')];
    sortNewestFirst(input);
    expect(input.map((a) => a.id)).toEqual(['old', 'new']);
    expect(compareNewestFirst(input[1], input[0])).toBeLessThan(0);
  });
});

describe('relatedArticles', () => {
  it('prefers the same category, nearest in date, then fills with the newest others', () => {
    const all = [
      article('a1', 'A', '2025-01-01'),
      article('a2', 'A', '2025-02-01'),
      article('a3', 'A', '2025-03-01'),
      article('b1', 'B', '2025-04-01'),
      article('b2', 'B', '2025-05-01'),
    ];
    const related = relatedArticles(all, 3);
    expect(related.get('a2')!.map((a) => a.id)).toEqual(['a3', 'a1', 'b2']);
    expect(related.get('b1')!.map((a) => a.id)).toEqual(['b2', 'a3', 'a2']);
  });

  it('never lists the article itself and caps every list', () => {
    const all = Array.from({ length: 40 }, (_, i) =>
      article(`x${i}`, i % 2 ? 'A' : 'B', `2025-01-${String((i % 28) + 1).padStart(2, '0')}`),
    );
    const related = relatedArticles(all, 3);
    expect(related.size).toBe(40);
    for (const [id, list] of related) {
      expect(list).toHaveLength(3);
      expect(list.map((a) => a.id)).not.toContain(id);
      expect(new Set(list.map((a) => a.id)).size).toBe(3);
    }
  });

  it('handles a single article', () => {
    expect(relatedArticles([article('only', 'A', '2025-01-01')]).get('only')).toEqual([]);
  });
});

describe('countWords', () => {
  it('counts prose words, not markup, link targets or code', () => {
    const mdx = [
      '## A heading here',
      '',
      'Read our [quick SEO wins](/articles/quick-seo-wins) **today**.',
      '',
      '```',
      'User-agent: * Disallow: /admin/',
      '```',
      '',
      '- one item',
      '<Aside kind="note">Inside a component</Aside>',
    ].join('\n');
    expect(countWords(mdx)).toBe(3 + 6 + 2 + 3);
  });

  it('is zero for an empty body', () => {
    expect(countWords('')).toBe(0);
  });
});

describe('tableOfContents', () => {
  const h = (depth: number, text: string) => ({ depth, text, slug: text.toLowerCase() });

  it('lists the h2 sections of long articles only', () => {
    const headings = [
      h(2, 'One'),
      h(3, 'Sub'),
      h(2, 'Two'),
      h(2, 'Three'),
      h(4, 'X'),
      h(2, 'Four'),
    ];
    expect(tableOfContents(headings)).toEqual([
      { slug: 'one', text: 'One' },
      { slug: 'two', text: 'Two' },
      { slug: 'three', text: 'Three' },
      { slug: 'four', text: 'Four' },
    ]);
  });

  it('is empty for short articles', () => {
    const few = Array.from({ length: TOC_MIN_SECTIONS - 1 }, (_, i) => h(2, `S${i}`));
    expect(tableOfContents(few)).toEqual([]);
  });
});
