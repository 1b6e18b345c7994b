/**
 * The site's sections, ready for questions: MiniSearch's BM25 ranking over the index the build
 * serialised (corpus/search-options.ts), and each section cut into the units a reply quotes
 * (sentences and list items), with the stems of their words, so a question can be matched
 * sentence by sentence as well as section by section.
 */
import MiniSearch, { type AsPlainObject } from 'minisearch';
import type { AdvisorDoc } from '../corpus/schema';
import { BOOST, searchOptions } from '../corpus/search-options';
import { typoEdits } from '../corpus/spelling';
import { terms, wordPairs } from '../corpus/text';

/** A sentence of a paragraph, or one list item. */
export interface Unit {
  text: string;
  item: boolean;
  /** Which line of the section's text it is on. */
  line: number;
  /** Its position among the section's units. */
  index: number;
  terms: ReadonlySet<string>;
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

/** A section that matches a question. */
export type Hit = { section: Section; score: number };

/** The sentences and list items of a section's text, in order. */
export function cutUnits(text: string) {
  const out: Omit<Unit, 'terms' | 'index'>[] = [];
  text.split('\n').forEach((raw, line) => {
    if (raw.startsWith('- ') || raw.startsWith('  - ')) {
      out.push({ text: raw.replace(/^\s*- /, '').trim(), item: true, line });
      return;
    }
    for (const sentence of raw.split(/(?<=[.!?])\s+(?=["'(]?[A-Z0-9$])/)) {
      if (sentence.trim()) out.push({ text: sentence.trim(), item: false, line });
    }
  });
  return out;
}

export class SectionSearch {
  readonly sections: readonly Section[];
  private readonly byId: Map<string, Section>;
  private readonly df = new Map<string, number>();
  private readonly corrections = new Map<string, string | null>();
  private readonly asked = new Map<Section, Ask[]>();

  constructor(
    private readonly index: MiniSearch<AdvisorDoc>,
    docs: readonly AdvisorDoc[],
    /** English words near the site's (corpus/spelling.ts), which are never read as typos. */
    private readonly realWords: ReadonlySet<string> = new Set(),
  ) {
    this.sections = docs.map((doc) => {
      const units = cutUnits(doc.text).map((u, index) => ({
        ...u,
        index,
        terms: new Set(terms(u.text)),
      }));
      const head = new Set(terms(`${doc.title} ${doc.context ?? ''}`));
      const all = new Set([...head, ...terms(`${doc.page} ${doc.keywords ?? ''}`)]);
      for (const u of units) for (const t of u.terms) all.add(t);
      for (const t of all) this.df.set(t, (this.df.get(t) ?? 0) + 1);
      return { doc, units, head, all };
    });
    this.byId = new Map(this.sections.map((s) => [s.doc.id, s]));
  }

  /** Loads the index the build serialised. */
  static load(serialised: unknown, docs: readonly AdvisorDoc[], realWords: readonly string[] = []) {
    const index = MiniSearch.loadJS<AdvisorDoc>(serialised as AsPlainObject, searchOptions);
    return new SectionSearch(index, docs, new Set(realWords));
  }

  /**
   * What a term the site never uses weighs: as much as a term only a few sections use. More
   * would let one unusual verb ("wraps up") outweigh the rest of a question the site answers.
   */
  get unknownIdf(): number {
    const n = this.sections.length;
    return Math.log(1 + (n - 2.5) / 3.5);
  }

  /** How rare a term is on the site: BM25's inverse document frequency. */
  idf(term: string): number {
    const df = this.df.get(term) ?? 0;
    const n = this.sections.length;
    return df === 0 ? this.unknownIdf : Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }

  /** The questions visitors ask of a section, as stems and word pairs, made when first needed. */
  asksOf(section: Section): readonly Ask[] {
    let asks = this.asked.get(section);
    if (!asks) {
      const ask = (a: string) => ({ terms: new Set(terms(a)), pairs: wordPairs(a) });
      asks = (section.doc.asks ?? '').split('\n').map(ask);
      this.asked.set(section, (asks = asks.filter((a) => a.terms.size + a.pairs.size > 0)));
    }
    return asks;
  }

  knows = (term: string) => this.df.has(term);

  /**
   * The term the site uses that an unknown word was most likely a typo of ("discovry", "serch"),
   * or undefined: one a letter off (two from eleven letters, corpus/spelling.ts) with the same
   * first letter, unless the word is a real English word the site does not use ("patients" is
   * not "patience", "lunch" not "launch").
   */
  correct(term: string): string | undefined {
    const edits = typoEdits(term);
    if (this.knows(term) || edits === 0 || this.realWords.has(term)) return undefined;
    let found = this.corrections.get(term);
    if (found === undefined) {
      const results = this.index.search(term, {
        fuzzy: edits,
        prefix: false,
        processTerm: (t) => t,
        tokenize: (t) => [t],
        fields: ['title', 'text'],
      });
      const counts = new Map<string, number>();
      for (const t of results.flatMap((r) => r.terms)) {
        if (t[0] === term[0]) counts.set(t, (counts.get(t) ?? 0) + 1);
      }
      found = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
      if (this.corrections.size < 10_000) this.corrections.set(term, found);
    }
    return found ?? undefined;
  }

  /**
   * The sections that match the words, best first, by BM25 with field boosts; a synonym
   * counts for less than the word itself, and each word by its weight.
   */
  search(words: readonly QueryWord[]): Hit[] {
    const weights = new Map<string, number>();
    for (const w of words) {
      w.terms.forEach((t, i) => {
        const weight = w.weight * (i === 0 ? 1 : SYNONYM_WEIGHT);
        weights.set(t, Math.max(weights.get(t) ?? 0, weight));
      });
    }
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
    return results.flatMap((r) => {
      const section = this.byId.get(r.id as string);
      return section ? [{ section, score: r.score }] : [];
    });
  }
}

/** A synonym's weight beside the word the visitor typed. */
export const SYNONYM_WEIGHT = 0.6;
