/**
 * The names the evaluation sets (development.yaml, heldout.yaml) write their patterns with. A
 * case writes `${price.data}`, `${qty(90, days?)}` or `${page.training}#training-formats` inside
 * a `cite`, `section`, `facts`, `lead` or `forbid` entry, and expandPatterns() puts in what the
 * name stands for: a case-insensitive regular expression source (a path, for `page` and `guide`).
 * Written from the site's content and the specification, never from the advisor's code; see
 * README.md.
 */
import consultantsYaml from '../../src/content/consultants.yaml?raw';
import { site } from '../../src/site.config';
import { PRICED_SERVICES, amount } from '../fixtures/services';

// ---------------------------------------------------------------------------------------------
// Building blocks for fact patterns. Every pattern is a case-insensitive regular expression
// source; these keep the common shapes (prices, ranges, durations) consistent across cases.

/** Escapes text so it matches itself inside a regular expression source. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const numberWords: Record<number, string> = {
  2: 'two',
  3: 'three',
  4: 'four',
  5: 'five',
  6: 'six',
  7: 'seven',
  8: 'eight',
  10: 'ten',
  12: 'twelve',
  15: 'fifteen',
  16: 'sixteen',
  20: 'twenty',
  24: 'twenty[- ]four',
  25: 'twenty[- ]five',
  26: 'twenty[- ]six',
  30: 'thirty',
  40: 'forty',
  48: 'forty[- ]eight',
  60: 'sixty',
  90: 'ninety',
};

/** A number in digits or in words: num(6) matches "6" and "six". */
const num = (n: number) => (numberWords[n] ? `(?:${n}|${numberWords[n]})` : `${n}`);

/**
 * A dollar amount with or without its thousands comma: usd(4000) matches "$4,000" and "$4000",
 * also before a comma or period that ends a clause ("$4,000, with"), but not "$40,000" or
 * "$4,000,000".
 */
const usd = (amount: number) =>
  `\\$\\s?${String(amount).replace(/\B(?=(\d{3})+$)/g, ',?')}(?!,?\\d)`;

/** A quantity and its unit: qty(90, 'days?') matches "90 days", "90-day" and "ninety days". */
const qty = (n: number, unit: string) => `${num(n)}[\\s-]+${unit}`;

/** A range, then a unit when given: span(3, 5, 'dashboards?') matches "3-5 dashboards". */
const span = (from: number, to: number, unit?: string) =>
  `${num(from)}\\s*(?:-|–|—|to)\\s*${num(to)}${unit ? `[\\s-]+${unit}` : ''}`;

/** A percentage range: "20-30%", "20%-30%" or "20 to 30 percent". */
const percentRange = (from: number, to: number) =>
  `${from}\\s*%?\\s*(?:-|–|—|to)\\s*${to}\\s*(?:%|percent)`;

/** A reply that opens by agreeing, for questions the site gives no grounds to say yes to. */
const opensWithYes = '^\\W*(?:yes|yep|yeah|sure|absolutely|of course|definitely)\\b';

// ---------------------------------------------------------------------------------------------
// The firm's facts that are example data (contact addresses, region, consultants) come from
// where the site keeps them, so the set keeps working when the firm puts in its own.

/** The address of one of the contact directory's entries, as a pattern. */
const contactEmail = (label: string) => {
  const entry = site.contacts.find((contact) => contact.label === label);
  if (!entry) throw new Error(`No contact labelled "${label}" in src/site.config.ts`);
  return literal(entry.email);
};
const generalEmail = contactEmail('General Inquiries');
const salesEmail = contactEmail('Sales & Consulting');
const billingEmail = contactEmail('Billing & Support');
/** The privacy contact the privacy policy names (requests to see, correct or delete data). */
const privacyEmail = literal(site.privacy.email);

/** Any consultant's name from src/content/consultants.yaml. */
const consultantName = [...consultantsYaml.matchAll(/^\s*name:\s*(['"]?)(.+?)\1\s*$/gm)].map(
  (match) => literal(match[2]),
);
if (consultantName.length === 0) throw new Error('No consultant names in consultants.yaml');

const region = [literal(site.address.region), `\\b${literal(site.address.regionCode)}\\b`];

// ---------------------------------------------------------------------------------------------
// Services: how a reply may name each one, its page and its published starting price. Prices are
// the specification's requirements, read from its pricing table (tests/fixtures/services.yaml),
// so the set checks them.

const service = {
  workshop: 'discovery workshop',
  websiteOptimization: 'AI website optimi[sz]ation',
  operations: 'operations consult',
  training: 'AI strategy (?:&|and) training',
  data: 'data insights',
  nonprofit: 'nonprofit support',
  implementation: 'AI implementation',
  seo: 'SEO services',
};

const page: Record<keyof typeof service, string> = {
  workshop: '/services/discovery-workshop',
  websiteOptimization: '/services/ai-website-optimization',
  operations: '/services/operations-consulting',
  training: '/services/ai-strategy-training',
  data: '/services/data-insights',
  nonprofit: '/services/nonprofit-support',
  implementation: '/services/ai-implementation-consulting',
  seo: '/services/seo',
};

/** Each priced service's starting price, under its name in `page`. */
const price: Record<string, string> = Object.fromEntries(
  PRICED_SERVICES.map(({ slug, price: printed }) => {
    const key = Object.keys(page).find((k) => page[k as keyof typeof page] === `/services/${slug}`);
    if (!key) throw new Error(`No name in patterns.ts for the service page /services/${slug}`);
    return [key, usd(amount(printed))];
  }),
);

/**
 * SEO Services publish no starting price: they are billed monthly and quoted after an initial
 * review. $2,500 is AI Website Optimization & SEO Guidance's price, so "SEO" followed by $2,500
 * in one clause (in any currency form) is the wrong service's price.
 */
const seoPricedAt2500 =
  "\\bSEO(?! guidance)(?:(?!optimi|\\bnot?\\b|n[’']t\\b)[^.;\\n]){0,40}(?:\\$\\s?2,?500|USD\\s*2,?500|2,?500\\s*(?:USD|dollars)|two thousand(?: and)? five hundred)";

/** Data Insights starts at $4,000; $750 is the Discovery Workshop's price. */
const dataInsightsAt750 = `data insights(?:(?!\\bnot?\\b|n[’']t\\b|discovery|workshop)[^.;\\n]){0,40}${price.workshop}`;

const guide = {
  serverErrors: '/articles/server-errors-guide',
  quickWins: '/articles/quick-seo-wins-small-businesses',
  // Cited at page level, for facts each article states as a whole (definitions, crawler names),
  // so reorganising their sections does not move the answer.
  aiSearch: '/articles/ai-search-evolution',
  aiCitation: '/articles/ai-citation-guide',
};

// ---------------------------------------------------------------------------------------------
// What `${...}` may name in a set file.

/** Patterns and paths by name; a list is a set of alternatives (any one matches). */
const VALUES: Record<string, string | readonly string[] | Readonly<Record<string, string>>> = {
  service,
  page,
  price,
  guide,
  opensWithYes,
  seoPricedAt2500,
  dataInsightsAt750,
  generalEmail,
  salesEmail,
  billingEmail,
  privacyEmail,
  consultantName,
  region,
};

/** The building blocks above, with the kinds of their arguments ('?' marks an optional one). */
const FUNCTIONS: Record<string, { params: string[]; make: (...args: any[]) => string }> = {
  num: { params: ['number'], make: num },
  usd: { params: ['number'], make: usd },
  qty: { params: ['number', 'text'], make: qty },
  span: { params: ['number', 'number', 'text?'], make: span },
  percentRange: { params: ['number', 'number'], make: percentRange },
};

/** `${name}`, `${name.key}` or `${name(arg, ...)}`; arguments are whole numbers or plain text. */
const REFERENCE = /\$\{(\w+)(?:\.(\w+)|\(([^()]*)\))?\}/g;

/** What one reference stands for. */
function resolve(name: string, key?: string, args?: string): string | readonly string[] {
  if (args !== undefined) {
    const helper = FUNCTIONS[name];
    if (!helper) throw new Error(`unknown building block ${name}()`);
    const values = args.split(',').map((a) => a.trim());
    const required = helper.params.filter((p) => !p.endsWith('?')).length;
    if (values.length < required || values.length > helper.params.length) {
      throw new Error(`${name}() takes ${helper.params.join(', ')}`);
    }
    return helper.make(
      ...values.map((value, i) => {
        if (!helper.params[i].startsWith('number')) return value;
        if (!/^\d+$/.test(value)) throw new Error(`${name}() wants a whole number, not "${value}"`);
        return Number(value);
      }),
    );
  }
  const value = VALUES[name];
  if (value === undefined) throw new Error(`unknown name ${name}`);
  if (typeof value === 'string' || Array.isArray(value)) {
    if (key !== undefined) throw new Error(`${name} has no keys`);
    return value as string | readonly string[];
  }
  const table = value as Readonly<Record<string, string>>;
  if (key === undefined || !(key in table)) {
    throw new Error(`${name} takes one of the keys ${Object.keys(table).join(', ')}`);
  }
  return table[key];
}

/**
 * Puts in what each `${...}` in `template` stands for. A name that stands for a list of
 * alternatives (consultantName, region) must be the whole entry, and gives that list.
 */
export function expandPatterns(template: string): string | string[] {
  const whole = new RegExp(`^${REFERENCE.source}$`).exec(template);
  if (whole) {
    const value = resolve(whole[1], whole[2], whole[3]);
    return typeof value === 'string' ? value : [...value];
  }
  return template.replace(REFERENCE, (ref, name: string, key?: string, args?: string) => {
    const value = resolve(name, key, args);
    if (typeof value !== 'string') throw new Error(`${ref} is a list: use it as a whole entry`);
    return value;
  });
}
