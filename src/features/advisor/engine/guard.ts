/**
 * The guard on a language model's reply. Every sentence is read for the figures it states,
 * after Unicode normalisation (NFKC: "＄" is "$"; zero-width and other invisible characters
 * removed, so "$1\u200b500" is "$1500") and with number words read as numbers ("five grand",
 * "ninety percent", "two weeks"): amounts in any currency form ($99, 99$, US$, USD 99, 99 dollars,
 * 1.5k, 99 per month), any other currency (€, ₩, ₿, MXN, BTC, euros...), percentages, durations,
 * quantities with their unit ("20 pages"), other numbers and dates, and guarantees. Each must be
 * stated by the sections the reply was grounded in or by the firm's facts (every service's price,
 * range and scope); an amount must also belong to the service the sentence speaks of. A sentence
 * with anything else is not sent (server/chat.server.ts decides what stands instead).
 */
import type { ServiceFacts } from '../index/schema';
import { STOPWORDS, normalize, stem } from '../index/text';

/** What a sentence states that the guard checks. */
export type Claim =
  | { kind: 'money' | 'percent' | 'number'; value: number; at: number }
  | { kind: 'duration' | 'quantity'; value: number; unit: string; at: number }
  | { kind: 'currency' | 'guarantee'; text: string; at: number };

/** What the grounding states, as claims to compare with. */
export interface Stated {
  money: Set<number>;
  percents: Set<number>;
  /** "48 hour", "20 page": a value with its unit's stem. */
  measures: Set<string>;
  numbers: Set<number>;
  /** Each service's own amounts and the lower-case names it goes by. */
  services: { names: string[]; amounts: Set<number> }[];
}

const UNITS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
  dozen: 12,
};
const SCALES: Record<string, number> = { hundred: 100, thousand: 1000, million: 1e6, grand: 1000 };
const NUMBER_WORD = new RegExp(
  `\\b(?:(?:${Object.keys(UNITS).join('|')}|hundred|thousand|million|grand)(?:[\\s-]+(?:and[\\s-]+)?|\\b))+`,
  'gi',
);

/** "two thousand five hundred" -> 2500; null when the words are not a number. */
export function wordsToNumber(words: string): number | null {
  let total = 0;
  let current = 0;
  let any = false;
  for (const w of words.toLowerCase().split(/[\s-]+/)) {
    if (w === 'and' || w === '' || w === 'a') continue;
    if (w in UNITS) current += UNITS[w];
    else if (w in SCALES) {
      const scale = SCALES[w];
      if (scale === 100) current = (current || 1) * 100;
      else {
        total += (current || 1) * scale;
        current = 0;
      }
    } else return null;
    any = true;
  }
  return any ? total + current : null;
}

/**
 * Text with its figures made plain: normalised, thousands separators and invisible characters
 * removed, number words as digits ("one" only before a unit it counts), "1.5k" as 1500.
 */
export function plainFigures(text: string): string {
  return normalize(text)
    .replace(/(\d),(?=\d{3}\b)/g, '$1')
    .replace(NUMBER_WORD, (words, offset: number, whole: string) => {
      const trimmed = words.trim();
      const after = whole.slice(offset + words.length);
      if (
        /^(one|a)$/i.test(trimmed) &&
        !/^\s*(hour|day|week|month|year|percent|dollar)/i.test(after)
      ) {
        return words;
      }
      const value = wordsToNumber(trimmed);
      return value === null ? words : `${value}${/\s$/.test(words) ? ' ' : ''}`;
    })
    .replace(/\b(\d+(?:\.\d+)?)\s?([kK])\b/g, (_, n: string) =>
      String(Math.round(Number(n) * 1000)),
    )
    .replace(/\b(\d+(?:\.\d+)?)\s?(?:m|mn|million)\b/g, (_, n: string) => String(Number(n) * 1e6));
}

const CURRENCY_CODES =
  'eur|gbp|jpy|cny|rmb|inr|krw|mxn|cad|aud|nzd|chf|sek|nok|dkk|brl|zar|rub|try|hkd|sgd|btc|eth|xbt|usdt';
// cspell:ignore renminbi reais satoshis doesn
const CURRENCY_WORDS =
  'euros?|pounds? sterling|quid|yen|yuan|renminbi|rupees?|won|pesos?|reais|reals?|francs?|rubles?|roubles?|krona|kronor|lira|bitcoins?|ether|satoshis?|crypto';
const FOREIGN = new RegExp(
  `(?!\\$)\\p{Sc}|\\b(?:${CURRENCY_CODES})\\b|\\d\\s?(?:${CURRENCY_WORDS})\\b|\\b(?:${CURRENCY_WORDS})\\s?\\d`,
  'giu',
);
/** A number that is money: a dollar sign or word, or a rate per period. */
const MONEY = new RegExp(
  [
    String.raw`(?:us)?\$\s?(\d+(?:\.\d+)?)`,
    String.raw`(\d+(?:\.\d+)?)\s?\$`,
    String.raw`\busd\s?(\d+(?:\.\d+)?)`,
    String.raw`(\d+(?:\.\d+)?)\s?(?:usd|dollars?|bucks)\b`,
    String.raw`(\d+(?:\.\d+)?)\s?(?:per|a|an|\/)\s?(?:month|mo|year|yr|week|hour|hr|day)\b`,
  ].join('|'),
  'gi',
);
const PERCENT = /(\d+(?:\.\d+)?)\s?(?:%|percent\b|per cent\b)/gi;
const DURATION =
  /(\d+(?:\.\d+)?)(?:\s?(?:-|–|to)\s?(\d+(?:\.\d+)?))?[\s-]?(minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|yrs?)\b/gi;
/** A number and the word after it (skipping small words): "20 of your pages" -> 20 page. */
const QUANTITY =
  /(\d+(?:\.\d+)?)(?:\s?(?:-|–|to)\s?(\d+(?:\.\d+)?))?[\s-]+(?:(?:of|the|your|our|their|more|new|extra|additional|up|to)\s+)*([a-z]{3,})/gi;
const NUMBER = /\d+(?:\.\d+)?/g;
const GUARANTEE =
  /\b(guarantee[ds]?|guaranteeing|promise[ds]?|risk[- ]free|money[- ]back|no[- ]risk|sure thing|100\s?% (?:success|satisfaction|results?))\b/i;
const NEGATION =
  /\b(no|not|never|nobody|no one|cannot|can't|cant|won't|don't|doesn't|isn't|without|neither|nor)\b/i;

const unitOf = (unit: string) =>
  stem(
    unit
      .toLowerCase()
      .replace(
        /^(min|hr|yr)s?$/,
        (u) => ({ min: 'minute', hr: 'hour', yr: 'year' })[u.replace(/s$/, '')] ?? u,
      ),
  );

/** The claims of one sentence, its figures made plain first. */
export function claimsOf(sentence: string): Claim[] {
  const text = plainFigures(sentence);
  const claims: Claim[] = [];
  const taken: [number, number][] = [];
  const take = (m: RegExpMatchArray) => taken.push([m.index!, m.index! + m[0].length]);
  const free = (at: number) => !taken.some(([a, b]) => at >= a && at < b);
  for (const m of text.matchAll(FOREIGN))
    claims.push({ kind: 'currency', text: m[0], at: m.index });
  for (const m of text.matchAll(MONEY)) {
    const value = Number(m.slice(1).find((g) => g !== undefined));
    claims.push({ kind: 'money', value, at: m.index });
    take(m);
  }
  for (const m of text.matchAll(PERCENT)) {
    if (!free(m.index)) continue;
    claims.push({ kind: 'percent', value: Number(m[1]), at: m.index });
    take(m);
  }
  for (const m of text.matchAll(DURATION)) {
    if (!free(m.index)) continue;
    const unit = unitOf(m[3]);
    claims.push({ kind: 'duration', value: Number(m[1]), unit, at: m.index });
    if (m[2]) claims.push({ kind: 'duration', value: Number(m[2]), unit, at: m.index });
    take(m);
  }
  for (const m of text.matchAll(QUANTITY)) {
    // A year is a date, and a number before a small word ("404 and 410") has no unit.
    if (!free(m.index) || /^(19|20)\d\d$/.test(m[1]) || STOPWORDS.has(m[3].toLowerCase())) {
      continue;
    }
    const unit = stem(m[3].toLowerCase());
    claims.push({ kind: 'quantity', value: Number(m[1]), unit, at: m.index });
    if (m[2]) claims.push({ kind: 'quantity', value: Number(m[2]), unit, at: m.index });
    take(m);
  }
  for (const m of text.matchAll(NUMBER)) {
    if (free(m.index)) claims.push({ kind: 'number', value: Number(m[0]), at: m.index });
  }
  const promise = GUARANTEE.exec(text);
  if (promise && !NEGATION.test(text)) {
    claims.push({ kind: 'guarantee', text: promise[0], at: promise.index });
  }
  return claims;
}

/** The names a service goes by, in lower case, for telling whose price a sentence states. */
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

/** What a text (the grounding sections and the firm's facts) states, and whose prices are whose. */
export function statedFacts(text: string, services: readonly ServiceFacts[]): Stated {
  const stated: Stated = {
    money: new Set(),
    percents: new Set(),
    measures: new Set(),
    numbers: new Set(),
    services: services.map((s) => ({
      names: serviceNamesOf(s),
      amounts: new Set([
        ...(s.startingPrice !== undefined ? [s.startingPrice] : []),
        ...(s.range ?? []),
      ]),
    })),
  };
  for (const s of stated.services) for (const v of s.amounts) stated.money.add(v);
  for (const sentence of text.split(/(?<=[.!?:])\s+|\n/)) {
    for (const c of claimsOf(sentence)) {
      if (c.kind === 'money') stated.money.add(c.value);
      if (c.kind === 'percent') stated.percents.add(c.value);
      if (c.kind === 'duration' || c.kind === 'quantity')
        stated.measures.add(`${c.value} ${c.unit}`);
      if ('value' in c) stated.numbers.add(c.value);
    }
  }
  return stated;
}

/** The service named last before `at` in a sentence (or first after it, when none before). */
function serviceAt(lower: string, at: number, stated: Stated) {
  let before: { pos: number; service: Stated['services'][number] } | undefined;
  let after: typeof before;
  for (const service of stated.services) {
    for (const name of service.names) {
      for (let i = lower.indexOf(name); i >= 0; i = lower.indexOf(name, i + 1)) {
        if (i < at && (!before || i > before.pos)) before = { pos: i, service };
        if (i > at && (!after || i < after.pos)) after = { pos: i, service };
      }
    }
  }
  return (before ?? after)?.service;
}

/**
 * Why a reply's text may not be sent, or null when every figure in every sentence is stated. A
 * sentence that names no service ("It starts at $750.") speaks of the last one named before it,
 * in `text` or in `before` (the part of the reply already sent).
 */
export function unstatedClaim(text: string, stated: Stated, before = ''): string | null {
  let last: Stated['services'][number] | undefined;
  for (const sentence of plainFigures(before).split(/(?<=[.!?:])\s+|\n/)) {
    const lower = sentence.toLowerCase();
    last = serviceAt(lower, lower.length, stated) ?? last;
  }
  for (const sentence of plainFigures(text).split(/(?<=[.!?:])\s+|\n/)) {
    const lower = sentence.toLowerCase();
    for (const c of claimsOf(sentence)) {
      switch (c.kind) {
        case 'currency':
          return `a currency the site does not quote (${c.text})`;
        case 'guarantee':
          return `a guarantee the site does not give (${c.text})`;
        case 'money': {
          if (!stated.money.has(c.value)) return `an amount the site does not state (${c.value})`;
          const owner = serviceAt(lower, c.at, stated) ?? last;
          if (owner && !owner.amounts.has(c.value)) {
            return `a price of another service (${c.value})`;
          }
          break;
        }
        case 'percent':
          if (!stated.percents.has(c.value))
            return `a percentage the site does not state (${c.value}%)`;
          break;
        case 'duration':
        case 'quantity':
          if (!stated.measures.has(`${c.value} ${c.unit}`)) {
            return `a ${c.kind} the site does not state (${c.value} ${c.unit})`;
          }
          break;
        case 'number':
          if (!stated.numbers.has(c.value)) return `a number the site does not state (${c.value})`;
      }
    }
    last = serviceAt(lower, lower.length, stated) ?? last;
  }
  return null;
}
