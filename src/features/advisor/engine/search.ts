/**
 * The site's sections, ready for questions: MiniSearch's BM25 ranking over the index the build
 * serialised (corpus/search-options.ts), each section cut into the units a reply quotes
 * (sentences and list items) with their stems, to match a question sentence by sentence too.
 */
import MiniSearch, { type AsPlainObject } from 'minisearch';
import type { AdvisorDoc, AdvisorIndex } from '../corpus/schema';
import { BOOST, searchOptions } from '../corpus/search-options';
import { swaps, typoEdits } from '../corpus/spelling';
import { terms, termsAndPairs, textUnits, type TextUnit } from '../corpus/text';

/** A sentence of a paragraph, or one list item, with its position, stems and word count. */
export interface Unit extends TextUnit {
  /** Its position among the section's units. */
  index: number;
  terms: ReadonlySet<string>;
  words: number;
}

/** A section with its units and the stems of its heading and context. */
export interface Section {
  doc: AdvisorDoc;
  units: readonly Unit[];
  /** Stems of the title and context: what the whole section is about. */
  head: ReadonlySet<string>;
  /** Stems of everything searched in it. */
  all: ReadonlySet<string>;
}

/** One word of a question: the stems it is searched as (its own first) and its weight. */
export interface QueryWord {
  word: string;
  terms: string[];
  /** 1 for what the visitor typed in this question; less for words taken from the context. */
  weight: number;
  /** How rare its rarest known term is (BM25's inverse document frequency), or UNKNOWN_IDF. */
  idf: number;
  /** Whether any section uses one of its terms. */
  known: boolean;
  /** An unknown word written as a name or an acronym ("WebFX", "HIPAA", "Detroit"). */
  name?: boolean;
}

/** A question visitors ask of a section: its stems, and its word pairs (corpus/text.ts). */
export type Ask = { terms: ReadonlySet<string>; pairs: ReadonlySet<string> };

/** What the search reads of the built index: its documents and search index, and its lists. */
type Built = Pick<AdvisorIndex, 'search' | 'docs'> & Partial<AdvisorIndex>;

/** Questions as stems and word pairs, those with neither left out. */
const asksIn = (questions: readonly string[]): Ask[] =>
  questions.map((ask) => termsAndPairs(ask)).filter((a) => a.terms.size + a.pairs.size > 0);

export class SectionSearch {
  readonly sections: readonly Section[];
  /** The questions visitors ask that the site does not answer, by topic. */
  readonly declines: readonly (readonly Ask[])[];
  private readonly byId: Map<string, Section>;
  private readonly df = new Map<string, number>();
  private readonly corrections = new Map<string, string | null>();
  private readonly asked = new Map<Section, Ask[]>();
  private readonly index: MiniSearch<AdvisorDoc>;
  /** English words near the site's (corpus/spelling.ts), which are never read as typos. */
  private readonly realWords: ReadonlySet<string>;

  /** Loads the index the build serialised. */
  constructor(built: Built) {
    this.index = MiniSearch.loadJS<AdvisorDoc>(built.search as AsPlainObject, searchOptions);
    this.realWords = new Set(built.realWords);
    this.sections = built.docs.map((doc) => {
      const units = textUnits(doc.text).map((u, index) => ({
        ...u,
        index,
        terms: new Set(terms(u.text)),
        words: u.text.split(/\s+/).length,
      }));
      const head = new Set(terms(`${doc.title} ${doc.context ?? ''}`));
      const all = new Set([...head, ...terms(`${doc.page} ${doc.keywords ?? ''}`)]);
      for (const u of units) for (const t of u.terms) all.add(t);
      for (const t of all) this.df.set(t, (this.df.get(t) ?? 0) + 1);
      return { doc, units, head, all };
    });
    this.byId = new Map(this.sections.map((s) => [s.doc.id, s]));
    this.declines = (built.declines ?? []).map(asksIn);
  }

  /**
   * What a term the site never uses weighs: as much as a term only a few sections use. More
   * would let one unusual verb ("wraps up") outweigh the rest of a question the site answers.
   */
  get unknownIdf(): number {
    return Math.log(1 + (this.sections.length - 2.5) / 3.5);
  }

  /** How rare a term is (BM25's idf); a number of one or two digits ("50% off") is common. */
  idf(term: string): number {
    const df = this.df.get(term) ?? 0;
    const n = this.sections.length;
    const idf = df === 0 ? this.unknownIdf : Math.log(1 + (n - df + 0.5) / (df + 0.5));
    return df > 0 && /^\d\d?$/.test(term) ? Math.min(1, idf) : idf;
  }

  /** The questions visitors ask of a section, as stems and word pairs, made when first needed. */
  asksOf(section: Section): readonly Ask[] {
    let asks = this.asked.get(section);
    if (!asks) this.asked.set(section, (asks = asksIn((section.doc.asks ?? '').split('\n'))));
    return asks;
  }

  knows = (term: string) => this.df.has(term);

  /**
   * How likely each facet of a service's page (its price, its process...) is what some stems and
   * word pairs ask: a naive Bayes over the questions visitors ask of each facet, all services'.
   */
  facetOdds(tokens: readonly string[]): Map<string, number> {
    const { facets, size } = (this.facets ??= this.countFacets());
    const logs = new Map<string, number>();
    for (const [facet, count] of facets) {
      const n = count.get('') ?? 0;
      let log = 0;
      for (const t of tokens) log += Math.log(((count.get(t) ?? 0) + 0.5) / (n + 0.5 * size));
      logs.set(facet, log / Math.sqrt(Math.max(1, tokens.length)));
    }
    const top = Math.max(...logs.values());
    const sum = [...logs.values()].reduce((a, l) => a + Math.exp(l - top), 0);
    return new Map([...logs].map(([f, l]) => [f, Math.exp(l - top) / sum]));
  }

  /** How often each facet's questions use each stem and word pair ('' all of them). */
  private facets?: { facets: Map<string, Map<string, number>>; size: number };
  private countFacets() {
    const facets = new Map<string, Map<string, number>>();
    for (const section of this.sections.filter((s) => s.doc.facet)) {
      const count = facets.get(section.doc.facet!) ?? new Map<string, number>();
      facets.set(section.doc.facet!, count);
      for (const t of this.asksOf(section).flatMap((a) => [...a.terms, ...a.pairs]))
        for (const key of [t, '']) count.set(key, (count.get(key) ?? 0) + 1);
    }
    return { facets, size: new Set([...facets.values()].flatMap((c) => [...c.keys()])).size - 1 };
  }

  /**
   * The site's term an unknown word is most likely a typo of ("serch", "buisness"), if any: two
   * neighboring letters swapped, or one letter off (two from eleven, corpus/spelling.ts) with the
   * same first letter; never for a real word the site does not use ("patients", "trial").
   */
  correct(term: string): string | undefined {
    if (this.knows(term) || this.realWords.has(term)) return undefined;
    const swapped = swaps(term).find((t) => this.knows(t));
    if (swapped || typoEdits(term) === 0) return swapped;
    let found = this.corrections.get(term);
    if (found === undefined) {
      const results = this.index.search(term, {
        fuzzy: typoEdits(term),
        prefix: false,
        processTerm: (t) => t,
        tokenize: (t) => [t],
        fields: ['title', 'text'],
      });
      const counts = new Map<string, number>();
      for (const t of results.flatMap((r) => r.terms))
        if (t[0] === term[0]) counts.set(t, (counts.get(t) ?? 0) + 1);
      found = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
      if (this.corrections.size < 10_000) this.corrections.set(term, found);
    }
    return found ?? undefined;
  }

  /** Sections matching the words, best first: BM25, a synonym weighing less than the word. */
  search(words: readonly QueryWord[]): { section: Section; score: number }[] {
    const weights = new Map<string, number>();
    for (const w of words)
      w.terms.forEach((t, i) => {
        const weight = w.weight * (i === 0 ? 1 : SYNONYM_WEIGHT);
        weights.set(t, Math.max(weights.get(t) ?? 0, weight));
      });
    const known = [...weights.keys()].filter((t) => this.knows(t));
    if (known.length === 0) return [];
    const results = this.index.search(known.join(' '), {
      processTerm: (t) => t,
      tokenize: (t) => t.split(' '),
      boostTerm: (term) => weights.get(term) ?? 1,
      fuzzy: false,
      prefix: false,
      boost: BOOST,
    });
    // (The search index and the documents are one build's: every result is a section.)
    return results.map((r) => ({ section: this.byId.get(r.id as string)!, score: r.score }));
  }
}

/** A synonym's weight beside the word the visitor typed. */
export const SYNONYM_WEIGHT = 0.6;
