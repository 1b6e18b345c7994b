/**
 * How the advisor's MiniSearch index is made: its fields, their boosts and how text becomes
 * terms. The build creates the index with these options and the engine loads it with the same,
 * so a word is cut and stemmed the same way on both sides.
 */
import MiniSearch from 'minisearch';
import type { AdvisorDoc } from './schema';
import { indexTerm, tokenize } from './text';

/** Fields searched, and how much a match in each counts. */
export const FIELDS = ['title', 'context', 'page', 'text', 'keywords', 'asks'] as const;
export const BOOST: Record<(typeof FIELDS)[number], number> = {
  title: 3,
  context: 1.5,
  page: 1,
  text: 1,
  keywords: 1,
  asks: 2,
};

export const searchOptions = {
  idField: 'id',
  fields: [...FIELDS],
  storeFields: [],
  tokenize,
  processTerm: (term: string) => indexTerm(term),
  searchOptions: { boost: BOOST },
};

/** A new index over `docs` (at build time). */
export function createSearchIndex(docs: readonly AdvisorDoc[]): MiniSearch<AdvisorDoc> {
  const index = new MiniSearch<AdvisorDoc>(searchOptions);
  index.addAll(docs);
  return index;
}
