/** A question's words as searched: their stems (a typo corrected, synonyms added) and rarity. */
import { askedText, indexTerm, phraseAt, synonymsAt, terms, tokenize } from '../corpus/text';
import type { QueryWord, SectionSearch } from './search';

/** Words before a noun: a word the site never uses after one of them names a thing. */
const BEFORE_NOUN =
  /^(a|an|the|our|your|my|their|any|some|this|that|these|those|for|of|in|on|about|with|per)$/;

/**
 * How much a word the site never uses says about what is asked: a name or an acronym ("WebFX",
 * "HIPAA") or a word after an article, possessive or preposition ("your hourly rate", "the
 * weather") names the thing asked about, so the site not knowing it matters; any other (a verb,
 * an adverb: "throws", "overnight") is incidental and weighs less.
 */
function unknownWeight(search: SectionSearch, original: string, tokens: string[], i: number) {
  const token = tokens[i];
  const named = new RegExp(`(?<=\\S\\s+)(?:[A-Z][\\w-]*|[A-Z]{2,})(?=\\W|$)`, 'g');
  const isName = [...original.matchAll(named)].some(
    (m) => m[0].toLowerCase().replace(/-/g, '') === token && m[0] !== 'I',
  );
  const after = BEFORE_NOUN.test(tokens[i - 1] ?? '');
  // A number the site never states ("we have 40 people") is the visitor's, not a topic.
  if (/^\d/.test(token)) return { idf: (search.unknownIdf * INCIDENTAL) / 2, name: false };
  // A month or a day of the week ("in March") says when, written with a capital as names are.
  if (CALENDAR.test(token)) return { idf: search.unknownIdf * INCIDENTAL, name: false };
  return { idf: search.unknownIdf * (isName || after ? 1 : INCIDENTAL), name: isName };
}

/** The months and the days of the week. */
const CALENDAR =
  /^(january|february|march|april|may|june|july|august|september|october|november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday)$/;
/** What an unknown word that names nothing weighs, beside one that names a thing. */
const INCIDENTAL = 0.4;

/** Two words the site uses (four letters or more) that make up one it never uses: "homepage". */
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
  const original = askedText(text);
  const tokens = tokenize(original);
  const synonyms = synonymsAt(tokens);
  const seen = new Set<string>();
  const words: QueryWord[] = [];
  let skip = 0;
  tokens.forEach((token, i) => {
    // The later words of a phrase the vocabulary knows ("food bank") belong to its first.
    if (skip-- > 0) return;
    skip = phraseAt(tokens, i) - 1;
    let own = skip > 0 ? null : indexTerm(token);
    const extra = synonyms[i].flatMap((s) => terms(s));
    if (own === null && extra.length === 0) return;
    if (own !== null && !search.knows(own)) own = search.correct(own) ?? own;
    // A compound the site writes as two words ("homepage"), unless the vocabulary knows it.
    const parts =
      own !== null && !search.knows(own) && !extra.length ? compoundOf(search, token) : undefined;
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
      const { idf, name } = unknownWeight(search, original, tokens, i);
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
