/**
 * The figures a sentence states, read as a reader reads them: after Unicode normalisation (NFKC:
 * "＄" is "$", full-width digits are digits; invisible characters removed, so "$1\u200b500" is
 * "$1500"), with thousands separators dropped and number words read as numbers ("two grand",
 * "ninety percent", "two weeks"). What it finds: amounts of money in any form ($99, 99$, US$, USD
 * 99, 99 dollars, 1.5k, two grand, 99 per month), other currencies next to an amount (€5, 5 EUR,
 * 5 euros), percentages, durations and quantities with their unit, dates (a year, a day of a
 * month) and promises (guarantees, refunds, discounts, risk-free and free offers, waived fees,
 * price matches, half price as 50% off). A bare number ("Win 9", "a 301 redirect", "a 504
 * error") is not a claim: it names, it does not state a figure.
 */
import { STOPWORDS, normalize, stem } from '../corpus/text';

/** What a sentence states that the guard checks. `at` is where it starts in the plain text. */
export type Claim =
  | { kind: 'money'; value: number; period?: string; at: number }
  | { kind: 'percent' | 'date'; value: number; at: number }
  | {
      kind: 'duration' | 'quantity';
      value: number;
      to?: number;
      unit: string;
      /** Further words a quantity may count ("20 existing pages": page). */
      alts?: string[];
      /** Named unit first ("Weeks 1-2"): also says how long the span is. */
      span?: boolean;
      at: number;
    }
  | { kind: 'currency' | 'promise'; text: string; at: number };

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
 * Whether "grand" is money: in lower case, and not an adjective before a noun ("about two
 * grand", "a grand a month"; not "a Grand Rapids office" or "a grand total").
 */
function isGrand(words: string, after: string): boolean {
  return (
    /grand$/.test(words) &&
    /^(\s*$|\s*[^\s\w]|\s+(a|an|per|each|for|in|or|and|to|up|on|upfront|at|the|of|from|with|is|was|would|will|could|should|if|but|plus|max|tops)\b)/i.test(
      after,
    )
  );
}

/**
 * Text with its figures made plain: normalised, thousands separators and invisible characters
 * removed, number words as digits ("one" only before a unit it counts). "Grand" and "k" are
 * money ("two grand" and "2k" are "$2000"), as people use them of prices.
 */
export function plainFigures(text: string): string {
  return (
    normalize(text)
      .replace(/(\d),(?=\d{3}\b)/g, '$1')
      // "Half price" is 50% off.
      .replace(/\bhalf[- ](?:off|price)\b/gi, '50% off')
      // "A month or two" is 1-2 months, wherever it is said.
      .replace(/\b(?:a|an|one)\s+(hour|day|week|month|year)\s+or\s+two\b/gi, '1-2 $1s')
      // "Takes a week", "within an hour": one of the unit; not "twice a week" or "3 hours a day".
      .replace(
        /\b(takes?|took|taking|lasts?|lasting|runs?|spans?|within|in|for|about|around|roughly|after|over|under)\s+(?:a|an)\s+(?:full\s+)?(hour|day|week|month|year)\b/gi,
        '$1 1 $2',
      )
      .replace(/\b(\d+(?:\.\d+)?)\s?grand\b/gi, (m, n: string, offset: number, whole: string) =>
        isGrand(m, whole.slice(offset + m.length)) ? `$${Math.round(Number(n) * 1000)}` : m,
      )
      .replace(NUMBER_WORD, (words, offset: number, whole: string) => {
        const trimmed = words.trim();
        const after = whole.slice(offset + words.length);
        if (/grand$/i.test(trimmed) && !isGrand(trimmed, after)) return words;
        if (
          /^(one|a)$/i.test(trimmed) &&
          !/^\s*(hour|day|week|month|year|percent|dollar)/i.test(after)
        ) {
          return words;
        }
        const value = wordsToNumber(trimmed);
        if (value === null) return words;
        const money = /\bgrand$/i.test(trimmed) ? '$' : '';
        return `${money}${value}${/\s$/.test(words) ? ' ' : ''}`;
      })
      .replace(
        /\$?\b(\d+(?:\.\d+)?)\s?[kK]\b/g,
        (_, n: string) => `$${Math.round(Number(n) * 1000)}`,
      )
      .replace(/\b(\d+(?:\.\d+)?)\s?(?:m|mn|million)\b/g, (_, n: string) => String(Number(n) * 1e6))
  );
}

const CURRENCY_CODES =
  'eur|gbp|jpy|cny|rmb|inr|krw|mxn|cad|aud|nzd|chf|sek|nok|dkk|brl|zar|rub|try|hkd|sgd|btc|eth|xbt|usdt';
// cspell:ignore renminbi reais satoshis doesn aren didn shouldn wouldn couldn mustn needn wasn weren
/** Names of currencies; not those that are also plain English words ("won", "real"). */
const CURRENCY_WORDS =
  'euros?|pounds? sterling|quid|yen|yuan|renminbi|rupees?|pesos?|reais|francs?|rubles?|roubles?|krona|kronor|lira|bitcoins?|ether|satoshis?';
const AMOUNT = String.raw`\d+(?:\.\d+)?`;
/** Another currency than the dollar: a sign, a code or a name next to an amount. */
const FOREIGN = new RegExp(
  [
    String.raw`(?!\$)\p{Sc}\s?${AMOUNT}`,
    String.raw`${AMOUNT}\s?(?!\$)\p{Sc}`,
    String.raw`\b(?:${CURRENCY_CODES})\s?${AMOUNT}`,
    String.raw`${AMOUNT}\s?(?:${CURRENCY_CODES})\b`,
    String.raw`${AMOUNT}\s?(?:${CURRENCY_WORDS})\b`,
  ].join('|'),
  'giu',
);
const PER = String.raw`\s?(?:per|a|an|\/|each)\s?(month|mo|year|yr|week|wk|hour|hr|day)\b`;
const PERIOD = `(?:${PER})?`;
/** Words that price what follows them: "costs 1,250", "starts at 1250 a month". */
const PRICED = String.raw`\b(?:costs?|costing|priced at|price (?:is|of)|starts? at|starting at|(?:starts?|starting) from|fee (?:is|of)|runs?|comes? to|totals?)\s+(?:about|around|roughly|just|only|approximately)?\s*`;
/**
 * A number that is money: a dollar sign, code or word, a rate per period, or three digits or
 * more a price word leads to.
 */
const MONEY = new RegExp(
  [
    String.raw`(?:us)?\$\s?(${AMOUNT})${PERIOD}`,
    String.raw`(${AMOUNT})\s?\$${PERIOD}`,
    String.raw`\busd\s?(${AMOUNT})${PERIOD}`,
    String.raw`(${AMOUNT})\s?(?:usd|dollars?|bucks)\b${PERIOD}`,
    String.raw`(${AMOUNT})\s?(?:per|\/)\s?(month|mo|year|yr|week|wk|hour|hr|day)\b`,
    // Three digits or more after a word that prices them, not a count ("costs 3 hours").
    String.raw`${PRICED}(\d{3,}(?:\.\d+)?)(?:${PER}|(?![\s-]?(?:%|\d|[a-z])))`,
  ].join('|'),
  'gi',
);
const RANGE = String.raw`(\d+(?:\.\d+)?)(?:\s?%?\s?(?:-|–|to|or)\s?(\d+(?:\.\d+)?))?`;
const PERCENT = new RegExp(`${RANGE}\\s?(?:%|percent\\b|per cent\\b)`, 'gi');
const DURATION = new RegExp(
  `${RANGE}[\\s-]?(minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|yrs?)\\b`,
  'gi',
);
/** A span named unit first: "Weeks 1-2", "months 3 to 6". */
const SPAN =
  /\b(minutes?|hours?|days?|weeks?|months?|years?)\s(\d+)\s?(?:-|–|—|to|through|and|&)\s?(\d+)\b/gi;
/** A number and the word after it (skipping small words): "20 of your pages" -> 20 page. */
const QUANTITY = new RegExp(
  `${RANGE}[\\s-]+(?:(?:of|the|your|our|their|more|new|extra|additional|up|to)\\s+)*([a-z]{3,})(?:[\\s-]([a-z]{3,}))?(?:[\\s-]([a-z]{3,}))?`,
  'gi',
);
/** Words that name numbered things ("Win 9", "Step 3", "phases 2-3"): what follows is a label. */
const LABEL =
  /\b(wins?|steps?|phases?|stages?|parts?|items?|sections?|chapters?|points?|rules?|levels?|tiers?|questions?|tips?|options?|number|no\.)\s*$/i;
const MONTH_DAY =
  /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s(\d{1,2})(?:st|nd|rd|th)?\b/gi;
const YEAR = /\b(19\d\d|20\d\d)\b/g;
/**
 * A promise the firm would have to keep: its words, as the content would state them ("free", but
 * not "feel free", "free up", "close to free" or a person's being free: "the times you're free";
 * a price match, but not "that price matches what you describe").
 */
export const PROMISE =
  /\b(guarantee[ds]?|guaranteeing|promise[ds]?|refunds?|refunded|money[- ]back|risk[- ]free|no[- ]risk|discount(?:s|ed)?|free of charge|at no (?:extra )?(?:cost|charge)|no charge|100\s?% (?:success|satisfaction|results?)|complimentary|waive[sd]?|(?<!\b(?:the|that|this|its|your|starting|listed) )price[- ]match(?:es|ing)?|two[- ]for[- ]one|2[- ]for[- ]1)\b|\b\d+(?:\.\d+)?\s?%\s?off\b|(?<![-\w]|\bfeel |\b(?:you|we|they)(?:'re| are) |\bi(?:'m| am) |\b(?:close to|almost|nearly|practically) )\bfree\b(?! (?:up|to|from|of)\b)/gi;
/** How many words before a promise a negation or an "if" still reaches. */
const NEGATION_REACH = 9;
/** Words that undo a promise when they come shortly before it ("we can't guarantee"). */
const NEGATION =
  /\b(no|not|never|nobody|no one|none|cannot|can't|cant|won't|don't|doesn't|didn't|isn't|aren't|wasn't|weren't|shouldn't|wouldn't|couldn't|mustn't|needn't|without|neither|nor|unable|rather than|instead of)\b/i;
/** A negation that still states a bound: "no more than $99", "not over 20 pages". */
const BOUND =
  /\b(no|not|never)\s+(\w+\s+){0,2}(more|less|fewer|over|under|longer|shorter|above|below|beyond)\b|\bdoes(n't| not) exceed/i;
/** Advice to the visitor, not an offer of the firm: "ask any vendor for a guarantee". */
const ADVICE =
  /\b(ask|asking|request|look for|check|confirm|make sure|insist|get it in writing|be wary|beware|be careful)\b/i;
/**
 * A rule or a warning that faults a practice: "rules out", "isn't allowed", "a red flag",
 * "advises against", "not worth wasting money on".
 */
export const RULED_OUT =
  /\b(rule[sd]? out|not allowed|prohibit\w*|forbid\w*|violat\w*|penali[sz]\w*|red flags?|warn\w* (\w+ )?(against|about)|(advis|caution|recommend)\w* (\w+ )?against|be wary|bad idea|wast\w* (of )?(\w+ )?money)\b|n't allowed\b/i;
/** A practice faulted, more loosely: also "goes against the guidelines", "breaks the rules". */
const FAULTED = new RegExp(`${RULED_OUT.source}|\\b(against|break(s|ing)?|avoid)\\b`, 'i');
const FIRST_PERSON = /\b(we|we're|we'll|our|us|i|i'm|i'll)\b/i;

/** Where a clause ends: a semicolon or a colon, ", and" and the like, "but", "so", "which"... */
const CLAUSE_BREAK = /[;:]|,\s*(and|but|so|or)\b|\b(but|so|which|because|while|whereas)\b/gi;

/** The clause of `text` that `at` falls in, and its part from `at` on. */
function clauseOf(text: string, at: number): { clause: string; after: string } {
  let start = 0;
  let end = text.length;
  for (const m of text.matchAll(CLAUSE_BREAK)) {
    if (m.index + m[0].length <= at) start = m.index + m[0].length;
    else if (m.index >= at) {
      end = m.index;
      break;
    }
  }
  return { clause: text.slice(start, end), after: text.slice(at, end) };
}

/**
 * Whether what stands at `at` is part of a practice the sentence faults, not the firm's: its
 * clause opens on one ("offering 10% off for a review"), with neither "we" nor "I" before it,
 * and the sentence rules it out or warns against it ("...breaks the rules and the workshop is
 * free" faults nothing the workshop's being free is part of).
 */
export function faultedPractice(text: string, at: number): boolean {
  // The practice runs from its opening word to `at`, before any word that faults it.
  const practice = text.slice(0, at).split(/[,;:]/).at(-1) ?? '';
  return (
    /^\W*((so|and|but|because)\s+)?\w+ing\b/i.test(practice) &&
    !FAULTED.test(practice) &&
    !FIRST_PERSON.test(text.slice(0, at)) &&
    // Faulted before it ("rules out incentives, so offering...") or after it in its clause.
    (FAULTED.test(text.slice(0, at)) || FAULTED.test(clauseOf(text, at).after))
  );
}

/** The firm or the advisor as the one who acts: "we", "I". */
const SUBJECT = /\b(we|we're|we'll|we've|i|i'm|i'll)\b/i;
/** Words after a promise word that leave it the site's to state: "discounts as the site lists them". */
const AS_STATED =
  /^\W*(\w+\W+){0,2}as (the|our) (site|page|pages|content) (states?|lists?|gives?|shows?)/i;
/**
 * A negation just after a word, in its own clause: "refunds are not offered", "guarantees aren't
 * given"; not one after a comma or an "and" ("$9,999, and discounts are not offered").
 */
const NEGATED_AFTER =
  /^[^\w,;:]*((?!if\b|unless\b|when\b|because\b|that\b|which\b|who\b|and\b|but\b|or\b|so\b)\w+[^\w,;:]+){0,4}((is|are|was|were|be)\s+(not|never)|isn't|aren't|wasn't|weren't|can't be|cannot be|won't be|doesn't|don't|didn't|never)\b/i;

/**
 * The stem a unit is compared by. Words under four letters are not stemmed, so a four-letter
 * plural is made singular first: "2 days" and "a 2-day session" count the same unit.
 */
const unitStem = (word: string) => {
  const w = word.toLowerCase();
  return stem(/^[a-z]{3}s$/.test(w) && !w.endsWith('ss') ? w.slice(0, -1) : w);
};

const unitOf = (unit: string) =>
  unitStem(
    unit.replace(
      /^(min|hr|yr|wk)s?$/i,
      (u) =>
        ({ min: 'minute', hr: 'hour', yr: 'year', wk: 'week' })[
          u.toLowerCase().replace(/s$/, '')
        ] ?? u,
    ),
  );
const periodOf = (period: string | undefined) => (period ? unitOf(period) : undefined);

/**
 * Whether what comes at `at` in `text` is refused or only supposed rather than stated: a negation
 * shortly before it in its clause ("no ranking is promised", "we do not offer refunds") or, when
 * `supposed` counts, an "if" there ("if someone discussed a discount").
 */
export function negatedAt(text: string, at: number, end = at, supposed = true): boolean {
  // A clause runs to a semicolon, a colon or "but"; commas may list what one negation covers.
  const clause =
    text
      .slice(0, at)
      .split(/[;:]|\bbut\b/)
      .at(-1) ?? '';
  // ("Not only is it $1,250" states it.)
  const near = clause
    .split(/\s+/)
    .slice(-NEGATION_REACH)
    .join(' ')
    .replace(/\bnot only\b/gi, '');
  if (BOUND.test(`${near} ${text.slice(at, end + 12)}`)) return false;
  // "doesn't list the code you quoted or any 50% discount" (or "or a 50% discount"): "any" and
  // "or" carry the clause's negation.
  const carried = /\b(any|or)\s+(\S+\s+){0,2}$/i.test(near) && NEGATION.test(clause);
  return (
    NEGATION.test(near) ||
    carried ||
    (supposed && /\bif\b/i.test(near)) ||
    NEGATED_AFTER.test(text.slice(end, end + 40))
  );
}

/** Whether a promise at `at` is advice to the visitor ("ask for a refund policy in writing"). */
export function adviceAt(text: string, at: number): boolean {
  const clause =
    text
      .slice(0, at)
      .split(/[;:.]|\bbut\b/)
      .at(-1) ?? '';
  return ADVICE.test(clause.split(/\s+/).slice(-NEGATION_REACH).join(' '));
}

/** The claims of one sentence, its figures made plain first (see plainFigures). */
export function claimsOf(sentence: string): Claim[] {
  const text = plainFigures(sentence);
  const claims: Claim[] = [];
  const taken: [number, number][] = [];
  const take = (m: RegExpMatchArray) => taken.push([m.index!, m.index! + m[0].length]);
  const free = (at: number) => !taken.some(([a, b]) => at >= a && at < b);
  for (const m of text.matchAll(FOREIGN)) {
    claims.push({ kind: 'currency', text: m[0], at: m.index });
    take(m);
  }
  for (const m of text.matchAll(MONEY)) {
    if (!free(m.index)) continue;
    const groups = m.slice(1);
    const i = groups.findIndex((g) => g !== undefined);
    const period = periodOf(groups[i + 1]);
    claims.push({
      kind: 'money',
      value: Number(groups[i]),
      ...(period && { period }),
      at: m.index,
    });
    take(m);
  }
  for (const m of text.matchAll(PERCENT)) {
    if (!free(m.index)) continue;
    claims.push({ kind: 'percent', value: Number(m[1]), at: m.index });
    if (m[2] !== undefined) claims.push({ kind: 'percent', value: Number(m[2]), at: m.index });
    take(m);
  }
  for (const m of text.matchAll(SPAN)) {
    const unit = unitOf(m[1]);
    claims.push({
      kind: 'duration',
      value: Number(m[2]),
      to: Number(m[3]),
      unit,
      span: true,
      at: m.index,
    });
    take(m);
  }
  for (const m of text.matchAll(DURATION)) {
    if (!free(m.index)) continue;
    const to = m[2] === undefined ? {} : { to: Number(m[2]) };
    claims.push({ kind: 'duration', value: Number(m[1]), ...to, unit: unitOf(m[3]), at: m.index });
    take(m);
  }
  for (const m of text.matchAll(QUANTITY)) {
    // A year is a date, a number before a small word ("404 and 410") has no unit, and a code
    // names a thing rather than counting it ("a 301 redirect", "a 504 error").
    const near = text.slice(Math.max(0, m.index - 4), m.index + m[1].length + 2);
    // "a 301 or 308 redirect", "503 or 429 to crawlers": two codes offered, not a range of a
    // count, unless a plural follows them ("200 or 300 pages").
    const codes =
      !m[2] || (/^\d+\s?or\s?\d+/.test(m[0]) && [m[1], m[2]].every((n) => /^[1-5]\d\d$/.test(n)));
    const counted = /s$/i.test(m[3]) && new RegExp(`\\d[\\s-]+${m[3]}\\b`, 'i').test(m[0]);
    // "302 and 307 redirects": the last of two codes named together, before their plural.
    const preceding = text.slice(Math.max(0, m.index - 12), m.index);
    const code =
      (Number(m[1]) >= 100 && codes && !counted && !m[0].includes('-')) ||
      (/^[1-5]\d\d$/.test(m[1]) && /\dxx|\/|xx\b/i.test(near)) ||
      (/^(10[0-3]|20\d|30[0-8]|4[0-2]\d|451|50\d)$/.test(m[1]) &&
        /\b[1-5]\d\d,? (and|or) $/.test(preceding) &&
        !m[2]);
    // "Win 9", "steps 4-7": a number after the name of what it numbers is a label; "Three
    // things to know:" counts the reply's own list, not what the firm delivers.
    const label = LABEL.test(text.slice(Math.max(0, m.index - 16), m.index));
    const leadIn =
      /:\s*$/.test(text) && text.slice(m.index).replace(/\]\([^)]*\)/g, ']').length < 60;
    if (
      !free(m.index) ||
      /^(19|20)\d\d$/.test(m[1]) ||
      STOPWORDS.has(m[3].toLowerCase()) ||
      code ||
      label ||
      leadIn
    ) {
      continue;
    }
    const to = m[2] === undefined ? {} : { to: Number(m[2]) };
    const [unit, ...alts] = m
      .slice(3)
      .filter((w): w is string => w !== undefined && !STOPWORDS.has(w.toLowerCase()))
      .map(unitStem);
    claims.push({ kind: 'quantity', value: Number(m[1]), ...to, unit, alts, at: m.index });
    take(m);
  }
  for (const m of text.matchAll(MONTH_DAY)) {
    const at = m.index + m[0].length - m[1].length;
    if (free(at)) claims.push({ kind: 'date', value: Number(m[1]), at });
  }
  for (const m of text.matchAll(YEAR)) {
    if (free(m.index)) claims.push({ kind: 'date', value: Number(m[1]), at: m.index });
  }
  for (const m of text.matchAll(PROMISE)) {
    const before = text.slice(0, m.index);
    // A rule or a warning faults what is in its own clause: "Experts advise against waiting, and
    // the workshop is free" promises.
    const { clause } = clauseOf(text, m.index);
    // "Guaranteeing rankings is a red flag", "Offering a discount for reviews breaks the rules":
    // a practice named and faulted, not the firm's offer; so is one a rule or a warning faults
    // with neither "we" nor "I" before it ("Google's guidance rules out discounts for reviews"),
    // and one in a clause that names a practice the sentence faults ("...so offering 10% off").
    const practice =
      (/ing$/i.test(m[0]) && !/\b(we|we're|i|i'm)\s+(\w+\s+)?$/i.test(before)) ||
      (RULED_OUT.test(clause) && !SUBJECT.test(before)) ||
      faultedPractice(text, m.index);
    // "$4,500 before any discount", "discounts as the site lists them": no promise made.
    const hedged =
      /\bbefore (any )?$/i.test(before) || AS_STATED.test(text.slice(m.index + m[0].length));
    if (
      !negatedAt(text, m.index, m.index + m[0].length) &&
      !adviceAt(text, m.index) &&
      !practice &&
      !hedged
    ) {
      claims.push({ kind: 'promise', text: m[0].toLowerCase(), at: m.index });
    }
  }
  return claims;
}

/** A text cut into sentences and lines, as the guard reads and releases it. */
export function sentencesOf(text: string): string[] {
  return text.split(/(?<=[.!?:])\s+|\n/).filter((s) => s.trim());
}
