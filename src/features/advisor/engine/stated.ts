/**
 * What the model was sent, and what the visitor wrote, as figures and promises a reply's claims
 * are compared with (guard.ts): each text's amounts, percentages, durations and quantities (with
 * their units, and ranges apart from single values), dates, and the sentences that make a
 * promise; the facts of each service apart from those of content that belongs to no service.
 */
import type { ServiceFacts } from '../corpus/schema';
import { STOPWORDS, stem, tokenize } from '../corpus/text';
import { PROMISE, claimsOf, plainFigures, sentencesOf } from './figures';

/** Figures one text states. */
export interface Facts {
  /** Amounts, and amounts with their period ("99/month"). */
  money: Set<string>;
  percents: Set<number>;
  /** "48 hour", "20 page": a value stated on its own, with its unit's stem. */
  singles: Set<string>;
  /** "2-3 hour", "3-5 dashboard". */
  ranges: Set<string>;
  dates: Set<number>;
  /** Every value written, whatever its kind (for what the visitor wrote). */
  values: Set<number>;
  /** Units the text counts: a quantity of one of these is a claim. */
  units: Set<string>;
}

export const emptyFacts = (): Facts => ({
  money: new Set(),
  percents: new Set(),
  singles: new Set(),
  ranges: new Set(),
  dates: new Set(),
  values: new Set(),
  units: new Set(),
});

function addFacts(facts: Facts, text: string): void {
  for (const sentence of sentencesOf(text)) {
    for (const c of claimsOf(sentence)) {
      if ('value' in c) facts.values.add(c.value);
      if (c.kind === 'money') {
        facts.money.add(String(c.value));
        if (c.period) facts.money.add(`${c.value}/${c.period}`);
      } else if (c.kind === 'percent') facts.percents.add(c.value);
      else if (c.kind === 'date') facts.dates.add(c.value);
      else if (c.kind === 'duration' || c.kind === 'quantity') {
        facts.units.add(c.unit);
        if (c.to === undefined) facts.singles.add(`${c.value} ${c.unit}`);
        else {
          facts.values.add(c.to);
          facts.ranges.add(`${c.value}-${c.to} ${c.unit}`);
          // "Weeks 1-2" is also two weeks, and "the first 2 weeks";
          // and, as the end of a timeline, "about 12 weeks" in all for "Weeks 9-12".
          if (c.span) {
            facts.singles.add(`${c.to - c.value + 1} ${c.unit}`);
            facts.singles.add(`${c.to} ${c.unit}`);
          }
        }
      }
    }
    for (const n of plainFigures(sentence).match(/\d+(?:\.\d+)?/g) ?? []) {
      facts.values.add(Number(n));
    }
  }
}

/** A text the model was sent, and the service it belongs to, if any. */
export interface StatedSource {
  service?: string;
  text: string;
}

export interface ServiceEntry {
  facts: ServiceFacts;
  /** The lower-case names it goes by. */
  names: string[];
  /** Its published amounts. */
  amounts: Set<number>;
}

/** What the model was sent, as figures to compare a reply's claims with. */
export interface Stated {
  all: Facts;
  /** Facts stated by content that belongs to no service. */
  general: Facts;
  byService: Map<string, Facts>;
  services: ServiceEntry[];
  /** Sentences that make a promise (not refuse one): its kind, and the stems of their words. */
  promises: StatedPromise[];
}

/** The names a service goes by, in lower case, for telling whose figure a sentence states. */
function serviceNamesOf(s: ServiceFacts): string[] {
  const names = [s.name, ...s.aliases]
    .map((n) =>
      n
        .toLowerCase()
        .replace(/\s*(services?|&.*)$/, '')
        .trim(),
    )
    .filter((n) => n.length > 3);
  return [...new Set(names)];
}

/**
 * A promise the content makes: its kind, the stems of its sentence, and the words that say
 * whose it is (the "nonprofit" of "our nonprofit discount", the "nonprofits" of "discounts for
 * nonprofits").
 */
export interface StatedPromise {
  kind: string;
  stems: Set<string>;
  holders: Set<string>;
  /** The meaningful words within three of it: what is free in "a free 30-minute assessment". */
  around: Set<string>;
}

/** Words near a promise that say nothing of whose it is. */
const NOT_HOLDERS =
  /^(get|gets|receive|receives|qualify|qualifies|offer|offers|give|gives|apply|applies|is|are|also|generally|typically)$/i;

/** The meaningful words within three words either side of a promise. */
export function aroundOf(sentence: string, at: number, term: string): Set<string> {
  const words = [
    ...tokenize(sentence.slice(0, at)).slice(-3),
    ...tokenize(sentence.slice(at + term.length)).slice(0, 3),
  ];
  return new Set(
    words
      .filter((w) => !STOPWORDS.has(w) && !/^\d/.test(w) && !NOT_HOLDERS.test(w))
      .map((w) => stem(w.toLowerCase())),
  );
}

/** Who a promise is for: meaningful words just before it, and the one after "for" or "to". */
function holdersOf(sentence: string, at: number, term: string): Set<string> {
  const before = tokenize(sentence.slice(0, at)).slice(-3);
  const after = /^\s*(?:for|to)\s+(?:all\s+)?([\p{L}-]+)/iu.exec(sentence.slice(at + term.length));
  return new Set(
    [...before, ...(after ? [after[1]] : [])]
      .filter((w) => !STOPWORDS.has(w) && !/^\d/.test(w) && !NOT_HOLDERS.test(w))
      .map((w) => stem(w.toLowerCase())),
  );
}

/** What a promise is, whatever its words: "money back" is a refund, "15% off" a discount. */
export function promiseKind(term: string): string {
  if (/guarantee|promise|100/.test(term)) return 'guarantee';
  if (/refund|money/.test(term)) return 'refund';
  if (/discount|off$|match|for[- ]/.test(term)) return 'discount';
  if (/risk/.test(term)) return 'risk';
  return 'free';
}

/** Stems of a sentence's words that carry meaning: no stop words, numbers or promise words. */
export function meaningStems(sentence: string): Set<string> {
  const words = tokenize(sentence.replace(PROMISE, ' '));
  return new Set(
    words.filter((w) => !STOPWORDS.has(w) && !/^\d/.test(w) && w.length > 2).map((w) => stem(w)),
  );
}

/** What the sources and the firm's published prices state. */
export function statedFacts(
  sources: readonly StatedSource[],
  services: readonly ServiceFacts[],
): Stated {
  const stated: Stated = {
    all: emptyFacts(),
    general: emptyFacts(),
    byService: new Map(),
    services: services.map((s) => ({
      facts: s,
      names: serviceNamesOf(s),
      amounts: new Set([
        ...(s.startingPrice !== undefined ? [s.startingPrice] : []),
        ...(s.range ?? []),
      ]),
    })),
    promises: [],
  };
  for (const source of sources) {
    addFacts(stated.all, source.text);
    if (source.service) {
      let facts = stated.byService.get(source.service);
      if (!facts) stated.byService.set(source.service, (facts = emptyFacts()));
      addFacts(facts, source.text);
    } else addFacts(stated.general, source.text);
    for (const sentence of sentencesOf(source.text)) {
      for (const c of claimsOf(sentence)) {
        if (c.kind === 'promise') {
          stated.promises.push({
            kind: promiseKind(c.text),
            stems: meaningStems(sentence),
            holders: holdersOf(plainFigures(sentence), c.at, c.text),
            around: aroundOf(plainFigures(sentence), c.at, c.text),
          });
        }
      }
    }
  }
  for (const s of stated.services) {
    for (const v of s.amounts) stated.all.money.add(String(v));
  }
  return stated;
}

/** What the visitor wrote: their figures, which a reply may give back to them. */
export function visitorFacts(turns: readonly string[]): Facts {
  const facts = emptyFacts();
  for (const turn of turns) addFacts(facts, turn);
  return facts;
}
