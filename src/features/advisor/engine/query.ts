/**
 * A question as the engine searches it: its words, each with the stems it is searched as and
 * its weight, and the kind of fact it asks for (an amount, a duration, a number, a list...),
 * which tells a sentence that answers it from one that only shares its words.
 */
import type { AdvisorDoc } from '../index/schema';
import { indexTerm, normalize, phraseAt, synonymsAt, terms, tokenize } from '../index/text';
import type { QueryWord, SectionSearch } from './search';

/** A question that asks for a yes or a no. */
export const YES_NO = /^(do|does|is|are|should|can|could|will|would|must|may|did|has|have)\b/i;
/** A sentence that answers one with a yes or a no. */
export const VERDICT_OPENING = /^(yes|no)\b/i;

/** The kinds of fact a question can ask for, each recognised by its wording. */
export type Aspect =
  | 'date'
  | 'frequency'
  | 'price'
  | 'discount'
  | 'duration'
  | 'count'
  | 'place'
  | 'person'
  | 'contact'
  | 'list';

const ASKS: [Aspect, RegExp][] = [
  ['frequency', /\bhow (often|frequently)\b|\bhow many times\b/],
  ['date', /\bwhen (did|was|were)\b|\bwhat (year|date|month)\b|\bsince when\b/],
  [
    'price',
    /\bhow much(?! (time|longer|work|effort|of))\b|\brun (us|me)\b|\b(cost\w*|pric\w*|charg\w*|fees?|rates?|budget\w*|afford\w*|expensive|cheap\w*|spend\w*|invest\w*|quot\w*|ballpark|dollars?|usd|discount\w*)\b/,
  ],
  [
    'discount',
    /\b(discount\w*|cheaper|reduced|coupon|percent off|(anything|something) off)\b|%\s?off\b/,
  ],
  [
    'duration',
    /\bhow long (does|will|would|did|do) [\w ]{1,30}? take\b|\bhow (long|soon|fast|quickly)\b|\b(from )?(start|beginning) to (finish|end)\b|\bhow much (time|longer)\b|\b(turnaround|timeline|timeframe)\b|\btake[sn]? (long|a while|(hours|days|weeks|months|years)\b)|\bwhen (will|can|do|would|does|should|could) (we|i|it|you)( (start|begin|see|notice))?\b/,
  ],
  // "How many...", "what numbers...", or a number of things the visitor has ("we have 40 people").
  ['count', /\bhow (many|big)\b|\b(numbers?|figures?|targets?|thresholds?)\b|\b\d+ [a-z]{3,}/],
  [
    'place',
    /\bwhere (are|is) (you|your)\b|\b(located|based|headquartered)\b|\b(near|close to) you\b|\b(in|outside) your (area|region|state)\b/,
  ],
  ['person', /\bwho\b/],
  // Not the visitor's own ("will you sell my email address?").
  ['contact', /(?<!\b(?:my|our) )\b(e-?mail|contact|reach|phone|get in touch|write to)\b/],
  [
    'list',
    /\b(what|which) (are (the|your|some|all|those|these)|kinds?|types?|formats?|services|options|steps)\b|\b(list|includ\w*|cover(s|ed)?)\b|\bwhat (do|does|would|will) (we|i|that|it|this) get\b/,
  ],
];

/**
 * What in a sentence answers each kind of question: a figure states it (1), a word about it
 * speaks of it (0.5: "quoted", "within").
 */
/** A numbered label opening an item: "Step 3,", "Win 5:", "Weeks 9-12:". */
const LABEL = /^\w+ \d+(\s?[-–]\s?\d+)?( and beyond)?[,:]/;

const ANSWERS: Partial<Record<Aspect, [RegExp, RegExp?]>> = {
  frequency: [
    /\b(daily|weekly|monthly|quarterly|yearly|annually|every (day|week|month|year)|each (day|week|month|year)|(once|twice) a)\b/i,
  ],
  date: [
    /\b(19|20)\d\d\b/,
    /\b(january|february|march|april|may|june|july|august|september|october|november|december)\b/i,
  ],
  price: [/\$\s?\d/, /\b(price[sd]?|quoted?|fee|billed|rates)\b/i],
  discount: [/\d\s?%/, /\bdiscount/i],
  duration: [
    /\b\d+(\s?(-|–|to)\s?\d+)?[\s-](hours?|days?|weeks?|months?|years?)\b|\b(weeks?|months?) \d|\b(one|two|three|four|five|six|eight|ten|twelve)[\s-](hours?|days?|weeks?|months?)\b/i,
    /\b(within|ongoing|monthly|weekly)\b/i,
  ],
  count: [/\d|\b(two|three|four|five|six|ten|twelve|fifteen|twenty)\b/i],
  contact: [/@/],
};

/**
 * The numbers of the figures of `aspect` a text states ("after 48 hours": 48): the visitor's
 * situation, which a sentence stating the same figure does not answer.
 */
export function statedFigures(text: string, aspect: Aspect): Set<string> {
  const figure = ANSWERS[aspect]?.[0];
  const out = new Set<string>();
  let rest = normalize(text);
  for (let m = figure?.exec(rest); figure && m; m = figure.exec(rest)) {
    for (const t of terms(m[0])) if (Number.isFinite(Number(t))) out.add(t);
    rest = rest.slice(m.index + m[0].length);
  }
  return out;
}

/** The kinds of fact a question asks for. */
export function aspectsOf(question: string): Set<Aspect> {
  const text = normalize(question).toLowerCase();
  return new Set(ASKS.filter(([, cue]) => cue.test(text)).map(([aspect]) => aspect));
}

/**
 * The stems of the words that say what kind of fact is asked ("cost", "soon", "numbers"), by
 * aspect: a sentence that states that kind of fact answers them without repeating them.
 */
export function cueStems(question: string): Map<Aspect, Set<string>> {
  const text = normalize(question).toLowerCase();
  const out = new Map<Aspect, Set<string>>();
  for (const [aspect, cue] of ASKS) {
    const global = new RegExp(cue.source, 'g');
    const stems = [...text.matchAll(global)].flatMap((m) => terms(m[0]));
    if (stems.length) out.set(aspect, new Set(stems));
  }
  return out;
}

/**
 * How far a unit of `doc` states the kind of fact `aspect` asks for: 1 with the figure, 0.5
 * when it speaks of it, 0 when it does not.
 */
export function answersAspect(aspect: Aspect, text: string, doc: AdvisorDoc): number {
  if (aspect === 'person') {
    if (doc.kind !== 'consultant' && doc.kind !== 'team') return 0;
    // The team's page, or a sentence that names people ("Alex Example (Founder)"), answers "who".
    return doc.kind === 'team' || /\b[A-Z][a-z]+ [A-Z][a-z]+\b/.test(text) ? 1 : 0.5;
  }
  if (aspect === 'place') return doc.kind === 'firm' ? 1 : 0;
  // "Step 3, Delivery: ..." numbers a step, and "a 2023 paper" dates one; neither counts anything.
  if (aspect === 'count') text = text.replace(LABEL, '').replace(/\b(19|20)\d\d\b/g, '');
  const [figure, word] = ANSWERS[aspect] ?? [];
  return figure?.test(text) ? 1 : word?.test(text) ? 0.5 : 0;
}

/** Words before a noun: a word the site never uses after one of them names a thing. */
const BEFORE_NOUN = new Set(
  'a an the our your my their any some this that these those for of in on about with per'.split(
    ' ',
  ),
);

/**
 * How much a word the site never uses says about what is asked: a name or an acronym ("WebFX",
 * "HIPAA") or a word after an article, possessive or preposition ("your hourly rate", "the
 * weather") names the thing asked about, so the site not knowing it matters; any other (a verb,
 * an adverb: "throws", "overnight") is incidental and weighs less.
 */
function unknownWeight(
  search: SectionSearch,
  original: string,
  token: string,
  index: number,
  tokens: readonly string[],
): { idf: number; name: boolean } {
  const named = new RegExp(`(?<=\\S\\s+)(?:[A-Z][\\w-]*|[A-Z]{2,})(?=\\W|$)`, 'g');
  const isName = [...original.matchAll(named)].some(
    (m) => m[0].toLowerCase().replace(/-/g, '') === token && m[0] !== 'I',
  );
  const after = BEFORE_NOUN.has(tokens[index - 1] ?? '');
  // A number the site never states ("we have 40 people") is the visitor's, not a topic.
  if (/^\d/.test(token)) return { idf: (search.unknownIdf * INCIDENTAL) / 2, name: false };
  // A month or a day of the week ("in March") says when, written with a capital as names are.
  if (CALENDAR.test(token)) return { idf: search.unknownIdf * INCIDENTAL, name: false };
  return {
    idf: isName || after ? search.unknownIdf : search.unknownIdf * INCIDENTAL,
    name: isName,
  };
}

/** The months and the days of the week. */
const CALENDAR =
  /^(january|february|march|april|may|june|july|august|september|october|november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday)$/;

/** What an unknown word that names nothing weighs, beside one that names a thing. */
const INCIDENTAL = 0.4;

/**
 * The two words (of four letters or more) the site uses that a word it never uses is made of
 * ("homepage": home, page), if any.
 */
function compoundOf(search: SectionSearch, token: string): [string, string] | undefined {
  for (let i = 4; i <= token.length - 4; i++) {
    const [a, b] = [indexTerm(token.slice(0, i)), indexTerm(token.slice(i))];
    if (a && b && search.knows(a) && search.knows(b)) return [a, b];
  }
  return undefined;
}

/**
 * A text's words as query words of `weight`: stop words dropped, the rest stemmed, a typo of a
 * word the site uses corrected, and the site's words for it (synonyms) added as further terms.
 */
export function queryWords(search: SectionSearch, text: string, weight = 1): QueryWord[] {
  // A long quotation is an example ("'Best Plumber Grand Rapids - Smith Plumbing'"), not the topic.
  const original = normalize(text).replace(
    /(^|\s)["'‘“][^"'’”]+\s[^"'’”]+\s[^"'’”]+?["'’”](?=[\s.,;:!?)]|$)/g,
    '$1 ',
  );
  const tokens = tokenize(original);
  const synonyms = synonymsAt(tokens);
  const seen = new Set<string>();
  const words: QueryWord[] = [];
  let skip = 0;
  tokens.forEach((token, i) => {
    // The later words of a phrase the vocabulary knows ("food bank") belong to its first.
    if (skip > 0) {
      skip--;
      return;
    }
    skip = phraseAt(tokens, i) - 1;
    let own = skip > 0 ? null : indexTerm(token);
    const extra = synonyms[i].flatMap((s) => terms(s));
    if (own === null && extra.length === 0) return;
    if (own !== null && !search.knows(own)) own = search.correct(own) ?? own;
    // A compound the site writes as two words ("homepage": home page) is those two words.
    const parts = own !== null && !search.knows(own) ? compoundOf(search, token) : undefined;
    if (parts) {
      for (const part of parts.filter((t) => !seen.has(t))) {
        seen.add(part);
        words.push({ word: part, terms: [part], weight, idf: search.idf(part), known: true });
      }
      return;
    }
    const list = [...new Set([...(own === null ? [] : [own]), ...extra])];
    if (seen.has(list[0])) return;
    seen.add(list[0]);
    const known = list.filter((t) => search.knows(t));
    if (known.length === 0) {
      const { idf, name } = unknownWeight(search, original, token, i, tokens);
      words.push({ word: token, terms: list, weight, idf, known: false, ...(name && { name }) });
      return;
    }
    const idf =
      own !== null && search.knows(own)
        ? search.idf(own)
        : Math.max(...known.map((t) => search.idf(t)));
    words.push({ word: token, terms: list, weight, idf, known: true });
  });
  return words;
}

/** Words of `extra` not already in `words`, added at their own weight. */
export function mergeWords(words: QueryWord[], extra: readonly QueryWord[]): QueryWord[] {
  const have = new Set(words.map((w) => w.terms[0]));
  return [...words, ...extra.filter((w) => !have.has(w.terms[0]))];
}
