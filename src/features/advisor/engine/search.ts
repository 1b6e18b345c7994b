/**
 * Full-text search over the advisor's documents with MiniSearch (BM25+, field boosts, fuzzy
 * matching for typos). The build serialises the index; the chat function loads it once per
 * isolate. A question is expanded with the site's words for the visitor's (vocabulary.ts), and
 * synonyms weigh less than the words the visitor typed, so they widen a search without
 * outvoting it.
 */
import MiniSearch, { type SearchResult } from 'minisearch';
import type { AdvisorDoc } from '../index/schema';
import { BOOST, searchOptions as options } from '../index/search-options';
import { expandPhrases, queryTerms, tokenize } from '../index/text';

/** A synonym's weight beside a word the visitor typed; a word a phrase added weighs less still. */
const SYNONYM_WEIGHT = 0.6;
const ADDED_WEIGHT = 0.5;

/**
 * Words this common on the site (by inverse document frequency) say nothing about which
 * section answers, so coverage leaves them out.
 */
const MIN_IDF = 0.8;

/** The weight of an ordinary word, for comparing unknown words with known ones. */
const ORDINARY_WORD = 2.5;

/** One word of a question and the terms it is searched as. */
export interface QueryWord {
  word: string;
  /** Stemmed terms: the word's own first, then its synonyms'. */
  terms: string[];
  /** Added by a phrase of the vocabulary, not typed: it widens the search but is not required. */
  added?: boolean;
}

/**
 * The words of a question, each with its terms; stopwords dropped. Unless `phrases` is false,
 * the vocabulary's phrases add the site's words for them.
 */
export function questionWords(question: string, { phrases = true } = {}): QueryWord[] {
  const seen = new Set<string>();
  const words: QueryWord[] = [];
  const typed = tokenize(question).length;
  tokenize(phrases ? expandPhrases(question) : question).forEach((word, i) => {
    const terms = queryTerms(word);
    if (terms.length === 0 || seen.has(terms[0]!)) return;
    seen.add(terms[0]!);
    words.push(i >= typed ? { word, terms, added: true } : { word, terms });
  });
  return words;
}

export interface Hit {
  doc: AdvisorDoc;
  score: number;
  /** Share of the question's weight (by rarity) that the document matches, 0-1. */
  coverage: number;
}

export interface SearchOptions {
  limit?: number;
  /**
   * How much words a phrase added weigh beside typed ones (default ADDED_WEIGHT): more when
   * they state what the visitor is after ("where do we even begin": a place to start).
   */
  addedWeight?: number;
  /** Only documents this accepts. */
  filter?: (doc: AdvisorDoc) => boolean;
  /** Multiplies a document's score. */
  boost?: (doc: AdvisorDoc) => number;
}

/** A loaded index and its documents, ready for questions. */
export class AdvisorSearch {
  private readonly byId: Map<string, AdvisorDoc>;
  private readonly documentFrequency = new Map<string, number>();

  constructor(
    private readonly index: MiniSearch<AdvisorDoc>,
    readonly docs: readonly AdvisorDoc[],
  ) {
    this.byId = new Map(docs.map((d) => [d.id, d]));
  }

  /** Loads the index the build serialised. */
  static load(serialised: unknown, docs: readonly AdvisorDoc[]): AdvisorSearch {
    return new AdvisorSearch(
      MiniSearch.loadJS(serialised as Parameters<typeof MiniSearch.loadJS>[0], options),
      docs,
    );
  }

  /** How rare a term is: BM25's inverse document frequency. */
  idf(term: string): number {
    let df = this.documentFrequency.get(term);
    if (df === undefined) {
      df = this.index.search(term, { processTerm: (t) => t, fuzzy: false, prefix: false }).length;
      this.documentFrequency.set(term, df);
    }
    const n = this.index.documentCount;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }

  /** Whether any section has the term, or (for longer terms) one within a typo of it. */
  knows(term: string): boolean {
    if (this.idf(term) < this.unknownIdf()) return true;
    if (term.length < 5 || /\d/.test(term)) return false;
    return this.index.search(term, { processTerm: (t) => t, fuzzy: 0.2, prefix: false }).length > 0;
  }

  private unknownIdf(): number {
    const n = this.index.documentCount;
    return Math.log(1 + (n + 0.5) / 0.5);
  }

  /**
   * A word's weight in coverage: the rarity of its rarest term the site uses; nothing for words
   * a phrase added (what the visitor typed is what must be matched), for words the site never
   * uses (they cannot be matched; `unknownShare` accounts for them) and for very common ones.
   */
  wordWeight(word: QueryWord): number {
    if (word.added) return 0;
    const known = word.terms.filter((t) => this.knows(t));
    if (known.length === 0) return 0;
    const idf = Math.max(...known.map((t) => this.idf(t)));
    return idf < MIN_IDF ? 0 : Math.min(idf, this.unknownIdf() - 0.5);
  }

  /**
   * How much of what the visitor typed the site never mentions, 0-1: each unknown word counts as
   * much as an ordinary word. A question mostly of unknown words is about something else.
   */
  unknownShare(words: readonly QueryWord[]): number {
    const typed = words.filter((w) => !w.added);
    const unknown = typed.filter((w) => !w.terms.some((t) => this.knows(t))).length;
    const known = typed.reduce((sum, w) => sum + Math.min(this.wordWeight(w), ORDINARY_WORD), 0);
    return unknown === 0 ? 0 : (unknown * ORDINARY_WORD) / (unknown * ORDINARY_WORD + known);
  }

  /** The documents that match a question, best first. */
  search(question: string | QueryWord[], options: SearchOptions = {}): Hit[] {
    const words = typeof question === 'string' ? questionWords(question) : question;
    if (words.length === 0) return [];
    const weights = new Map<string, number>();
    for (const { terms, added } of words) {
      terms.forEach((t, i) => {
        const weight =
          (i === 0 ? 1 : SYNONYM_WEIGHT) * (added ? (options.addedWeight ?? ADDED_WEIGHT) : 1);
        weights.set(t, Math.max(weights.get(t) ?? 0, weight));
      });
    }
    const wordWeight = words.map((w) => this.wordWeight(w));
    // Words a phrase added count only where they match: they state the visitor's intent in the
    // site's words ("no IT person": technical staff), but were not typed.
    const addedWeight = words.map((w) =>
      w.added ? Math.max(0, ...w.terms.filter((t) => this.knows(t)).map((t) => this.idf(t))) : 0,
    );
    const typedTotal = wordWeight.reduce((a, b) => a + b, 0);
    const results: SearchResult[] = this.index.search([...weights.keys()].join(' '), {
      processTerm: (t) => t,
      tokenize: (t) => t.split(' '),
      boostTerm: (term) => weights.get(term) ?? 1,
      fuzzy: (term) => (term.length >= 6 && !/\d/.test(term) ? 0.2 : false),
      prefix: false,
      boost: BOOST,
      filter: options.filter ? (r) => options.filter!(this.byId.get(r.id)!) : undefined,
    });
    const hits: Hit[] = [];
    for (const r of results) {
      const doc = this.byId.get(r.id);
      if (!doc) continue;
      const matched = new Set(r.queryTerms);
      let covered = 0;
      let total = typedTotal;
      words.forEach((w, i) => {
        if (!w.terms.some((t) => matched.has(t))) return;
        covered += wordWeight[i]! + addedWeight[i]!;
        total += addedWeight[i]!;
      });
      hits.push({
        doc,
        score: r.score * (options.boost?.(doc) ?? 1),
        coverage: total > 0 ? covered / total : 0,
      });
    }
    hits.sort((a, b) => b.score - a.score || a.doc.id.localeCompare(b.doc.id));
    return hits.slice(0, options.limit ?? 10);
  }
}
