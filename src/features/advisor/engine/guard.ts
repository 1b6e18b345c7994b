/**
 * The guard on a language model's reply: it may quote only the prices and discounts the site
 * states, each with the service it belongs to. Amounts are read in every form a model writes
 * them ($2,500, $2.5k, 2500 USD, US$2,500, "two thousand five hundred dollars"); any other
 * currency, an amount the site never states, a known price attached to the wrong service, or a
 * discount the site does not offer fails the reply, and the built-in answer is given instead.
 */
import type { AdvisorIndex } from '../index/schema';

export interface StatedFacts {
  /** Every dollar amount the content states. */
  amounts: Set<number>;
  /** Every percentage the content states. */
  percents: Set<number>;
  /** Each service's own amounts and the lower-case names it goes by. */
  services: { names: string[]; amounts: Set<number> }[];
}

/** The prices and percentages the site states, from the index. */
export function statedFacts(index: AdvisorIndex): StatedFacts {
  const amounts = new Set<number>();
  const percents = new Set<number>();
  for (const doc of index.docs) {
    for (const { value } of moneyMentions(doc.text)) amounts.add(value);
    for (const p of percentMentions(doc.text)) percents.add(p);
  }
  const services = index.services.map((s) => {
    const own = new Set<number>([
      ...(s.startingPrice !== undefined ? [s.startingPrice] : []),
      ...(s.range ?? []),
    ]);
    for (const v of own) amounts.add(v);
    const names = [s.name, ...s.aliases]
      .map((n) =>
        n
          .toLowerCase()
          .replace(/\s*(services?|&.*)$/, '')
          .trim(),
      )
      .filter((n) => n.length > 3);
    return { names: [...new Set(names)], amounts: own };
  });
  return { amounts, percents, services };
}

/** Why a reply may not be shown, or null when every price and discount in it is the site's. */
export function unstatedClaim(text: string, facts: StatedFacts): string | null {
  if (FOREIGN_CURRENCY.test(text)) return 'a currency the site does not quote';
  // A sentence that names no service ("It starts at $750.") speaks of the last one named.
  let last: StatedFacts['services'][number] | undefined;
  for (const sentence of text.split(/(?<=[.!?\n])\s+/)) {
    const lower = sentence.toLowerCase();
    for (const { value, at } of moneyMentions(sentence)) {
      if (!facts.amounts.has(value)) return `an amount the site does not state (${value})`;
      const owner = serviceBefore(lower, at, facts) ?? last;
      if (owner && !owner.amounts.has(value)) return `a price of another service (${value})`;
    }
    last = serviceBefore(lower, lower.length, facts) ?? last;
    if (/\b(discount|off|reduc|sav|cheaper|price|rate|cost)/.test(lower)) {
      for (const p of percentMentions(sentence)) {
        if (!facts.percents.has(p)) return `a percentage the site does not state (${p}%)`;
      }
    }
  }
  return null;
}

const FOREIGN_CURRENCY =
  /[€£¥₹]|\b(eur|euros?|gbp|pounds? sterling|yen|jpy|cad|aud|inr|rupees?|chf|francs?)\b/i;

/** The service named last before `at` in a sentence (or first after it, when none before). */
function serviceBefore(lower: string, at: number, facts: StatedFacts) {
  let best: { pos: number; service: StatedFacts['services'][number] } | undefined;
  let after: typeof best;
  for (const service of facts.services) {
    for (const name of service.names) {
      for (let i = lower.indexOf(name); i >= 0; i = lower.indexOf(name, i + 1)) {
        if (i < at && (!best || i > best.pos)) best = { pos: i, service };
        if (i > at && (!after || i < after.pos)) after = { pos: i, service };
      }
    }
  }
  return (best ?? after)?.service;
}

const NUMBER = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?`;
const SCALE = String.raw`\s?(k|thousand|m|million)\b`;

/** Dollar amounts in a text, with where they stand. */
export function moneyMentions(text: string): { value: number; at: number }[] {
  const found: { value: number; at: number }[] = [];
  const patterns = [
    // $2,500 / US$2.5k / $2,000-6,000 (the second number of a range takes the dollar sign too)
    new RegExp(
      String.raw`(?:us)?\$\s?(${NUMBER})(?:${SCALE})?(?:\s?(?:-|–|to)\s?\$?(${NUMBER})(?:${SCALE})?)?`,
      'gi',
    ),
    // 2,500 USD / 2500 dollars / 2.5k dollars
    new RegExp(String.raw`\b(${NUMBER})(?:${SCALE})?\s?(?:usd|dollars?|bucks)\b`, 'gi'),
    // USD 2,500
    new RegExp(String.raw`\busd\s?(${NUMBER})(?:${SCALE})?`, 'gi'),
  ];
  for (const pattern of patterns) {
    for (const m of text.matchAll(pattern)) {
      found.push({ value: amount(m[1]!, m[2]), at: m.index });
      if (m[3]) found.push({ value: amount(m[3], m[4]), at: m.index });
    }
  }
  for (const m of text.matchAll(NUMBER_WORDS)) {
    const value = wordsToNumber(m[1]!);
    if (value !== null) found.push({ value, at: m.index });
  }
  return found;
}

function amount(number: string, scale?: string): number {
  const n = Number(number.replace(/,/g, ''));
  const s = scale?.toLowerCase();
  return Math.round(
    n * (s === 'k' || s === 'thousand' ? 1000 : s === 'm' || s === 'million' ? 1e6 : 1),
  );
}

/** Percentages in a text: "20-30%" gives 20 and 30; "ninety percent" gives 90. */
export function percentMentions(text: string): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(
    /(\d+(?:\.\d+)?)(?:\s?(?:-|–|to)\s?(\d+(?:\.\d+)?))?\s?(?:%|percent\b|per cent\b)/gi,
  )) {
    out.push(Number(m[1]));
    if (m[2]) out.push(Number(m[2]));
  }
  for (const m of text.matchAll(PERCENT_WORDS)) {
    const value = wordsToNumber(m[1]!);
    if (value !== null) out.push(value);
  }
  return out;
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
};
const WORD = String.raw`(?:${Object.keys(UNITS).join('|')}|hundred|thousand|million|and|a)`;
const PERCENT_WORDS = new RegExp(
  String.raw`\b(${WORD}(?:[\s-]+${WORD})*)\s(?:percent|per cent)\b`,
  'gi',
);
const NUMBER_WORDS = new RegExp(
  String.raw`\b(${WORD}(?:[\s-]+${WORD})*)\s+(?:us\s)?(?:dollars?|bucks|usd)\b`,
  'gi',
);

/** "two thousand five hundred" -> 2500; null when the words are not a number. */
export function wordsToNumber(words: string): number | null {
  let total = 0;
  let current = 0;
  let any = false;
  for (const w of words.toLowerCase().split(/[\s-]+/)) {
    if (w === 'and' || w === '') continue;
    // "a hundred", "a thousand": the multiplier below counts it as one.
    if (w === 'a') continue;
    if (w in UNITS) {
      current += UNITS[w]!;
      any = true;
    } else if (w === 'hundred') {
      current = (current || 1) * 100;
      any = true;
    } else if (w === 'thousand' || w === 'million') {
      total += (current || 1) * (w === 'thousand' ? 1000 : 1e6);
      current = 0;
      any = true;
    } else return null;
  }
  return any ? total + current : null;
}
