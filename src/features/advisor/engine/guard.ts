/**
 * The guard on a language model's reply: what the firm claims must be stated by the content the
 * model was sent or by the firm's facts. The firm's claims are its prices and fees (in any
 * currency form), discounts and other percentages, durations, quantities of what it delivers,
 * dates, and promises (guarantees, refunds, risk-free and free offers, discounts, waived fees,
 * price matches); figures.ts reads them.
 * What is not checked: a bare number ("Win 9", "a 301 redirect"), and a quantity of something
 * the content never counts ("two options"), unless "we" give ten or more of our own ("we have
 * served 500 clients").
 *
 * What the visitor wrote may be repeated as theirs (their team size, dates, error codes,
 * budget), but an amount, percentage or duration the visitor wrote is accepted only where the
 * sentence gives it back to them ("your $3,000 budget", "in the 4 weeks you mentioned", or in a
 * question or a refusal), and a promise never: "Yes, you'll get 50% off" is refused even when
 * the visitor asked for 50% off.
 *
 * An amount must also belong to the service the sentence speaks of (the one it names, or the
 * last one named before it), and a duration or quantity said of a service (by name, or by "it"
 * after its name) must be stated by that service's sources or by content that belongs to no
 * service. A sentence whose wrong amount belongs to a known service is corrected to that
 * service's published price; any other refused sentence is dropped. Whether the reply then stands is the caller's decision (stream.server.ts).
 */
import { priceSentence } from '../corpus/price';
import {
  claimsOf,
  faultedPractice,
  negatedAt,
  plainFigures,
  PROMISE,
  RULED_OUT,
  sentencesOf,
  type Claim,
} from './figures';
import {
  aroundOf,
  emptyFacts,
  meaningStems,
  promiseKind,
  type Facts,
  type ServiceEntry,
  type Stated,
} from './stated';

export { statedFacts, visitorFacts, type Stated, type StatedSource } from './stated';

/**
 * Where a service is named in `text`: one of its names as a name, at word boundaries and with
 * its words capitalized ("Data Insights", not "the data insights you want").
 */
function namedAt(text: string, name: string, from: number): number {
  const lower = text.toLowerCase();
  for (let i = lower.indexOf(name, from); i >= 0; i = lower.indexOf(name, i + 1)) {
    const bounded =
      !/\p{L}/u.test(text[i - 1] ?? '') && !/\p{L}/u.test(text[i + name.length] ?? '');
    const words = text.slice(i, i + name.length).split(/\s+/);
    if (bounded && words.every((w) => !/^\p{Ll}/u.test(w))) return i;
  }
  return -1;
}

/** The service named last before `at` in a sentence (or first after it, when none before). */
function serviceAt(text: string, at: number, stated: Stated): ServiceEntry | undefined {
  let before: { pos: number; service: ServiceEntry } | undefined;
  let after: typeof before;
  for (const service of stated.services) {
    for (const name of service.names) {
      for (let i = namedAt(text, name, 0); i >= 0; i = namedAt(text, name, i + 1)) {
        if (i < at && (!before || i > before.pos)) before = { pos: i, service };
        if (i > at && (!after || i < after.pos)) after = { pos: i, service };
      }
    }
  }
  return (before ?? after)?.service;
}

/** The services a sentence names. */
function servicesNamed(text: string, stated: Stated): ServiceEntry[] {
  return stated.services.filter((s) => s.names.some((n) => namedAt(text, n, 0) >= 0));
}

/** A figure held against something: "$5,000 is within reach", "covers", "is below". */
const COMPARED =
  /^\S+\s+(is|was|would be|should be|may be)?\s*(well\s+)?(within|enough|more than|less than|above|below|under|over|short of|covers?|fits?)\b/i;
const GIVEN_BACK =
  /\b(your|you (mentioned|said|asked|wrote|quoted|have|had|spend|spent|pay|paid|want|need|plan|budget(ed)?|got|received|saw|were (quoted|offered|told))|budget|quoted you|another (agency|firm|vendor|company))\b/i;

/** The visitor, as the one who offers it to their own customers: "you can run a 10% promotion". */
const PROMOTION = /^\S+\s+(?:\w+\s+)?(?:off|promotion|discount|sale|deal|coupon)\b/i;
const OWN_OFFER =
  /\byou(?:'re| are)?\s+(?:still\s+)?(?:free to|welcome to|can|could|may)\s+(?:\w+\s+)?(?:run|offer|give|hold|advertise|promote)\b/i;
/** A figure followed by its refutation: "$150, which isn't what the site states". */
const REFUTED =
  /^\S+\s*(?:\w+\s+)?(?:which|that)\s+(?:is|was)(?:n't|n’t|\s+not)\s+(?:what|a price|the price|a figure)\b/i;

/** A sentence that opens on a pronoun for the service just named: "It costs ...". */
const OPENS_ON_IT = /^\W*(it|its|it's|this|that)\b/i;
/** A sentence that says of something what the sentence before said: "The same goes for...". */
const SAME_GOES = /^\W*the same (goes|applies|is true|holds)\b/i;

/** Words that put a service below a budget before it ("fits your $3,000"), or after it. */
const FITS_BEFORE =
  /\b(within|under|below|less than|up to|at most|fits?(?: in| into| within)?|covers?|affords?|enough for)\s+(?:your\s+|the\s+|that\s+|this\s+)?$/i;
const FITS_AFTER =
  /^\S+\s+(?:budget\s+)?(?:is\s+|was\s+|would be\s+|will\s+)?(?:well\s+)?(within reach|enough|covers?|fits|gets you|pays? for)\b/i;
const SHORT_AFTER =
  /^\S+\s+(?:budget\s+)?(?:is\s+|was\s+|would be\s+|will\s+)?(?:well\s+)?(short of|not enough|below|under)\b/i;

/** The clause of `text` that `at` falls in: from the punctuation before it to the next. */
const clauseAt = (text: string, at: number) =>
  `${text.slice(0, at).split(/[,;:]/).at(-1)}${text.slice(at).split(/[,;:.!?]/)[0]}`;

/**
 * Whether a figure the visitor wrote is given back to them at `at`: their own words ("your"),
 * or asked about, refused or faulted rather than stated as the firm's.
 */
function givenBack(text: string, at: number): boolean {
  const near = text.slice(Math.max(0, at - 30), at + 30);
  // Inside quotation marks: the visitor's words, quoted back.
  const quoted = (text.slice(0, at).match(/["“”«»]/g) ?? []).length % 2 === 1;
  // Weighed against the firm's prices: "$5,000 is within reach of Operations Consulting".
  const weighed = COMPARED.test(text.slice(at, at + 40));
  // Asked rather than stated: "I can't tell whether that offer is worth $300".
  const asked = /\bwhether\b[^,;:]*$/i.test(text.slice(Math.max(0, at - 60), at));
  return (
    // The visitor's own offer to their customers: "you're free to run a 10% promotion".
    (OWN_OFFER.test(text.slice(0, at).split(/[,;:]/).at(-1) ?? '') &&
      PROMOTION.test(text.slice(at))) ||
    // Refuted: "it says the package costs $150, which isn't what the site states".
    REFUTED.test(text.slice(at)) ||
    GIVEN_BACK.test(near) ||
    quoted ||
    weighed ||
    asked ||
    // Faulted as a practice: "a 10% discount for a review isn't allowed", "rules out
    // incentives, so offering 10% off for a review could cost you".
    RULED_OUT.test(clauseAt(text, at)) ||
    faultedPractice(text, at) ||
    /\?\s*$/.test(text) ||
    negatedAt(text, at)
  );
}

/**
 * A figure used as a yardstick: "starting prices within $3,000", "the others start above
 * $3,000". Which side of it the sentence puts what it speaks of, or null.
 */
function yardstickAt(text: string, at: number): 'below' | 'above' | null {
  const before = text.slice(Math.max(0, at - 24), at);
  // After it too: "your $3,000 budget covers the workshop", "$3,000 is enough for it".
  const after = text.slice(at, at + 48);
  if (FITS_BEFORE.test(before) || FITS_AFTER.test(after)) return 'below';
  if (/\b(over|above|beyond|more than|exceeds?|exceeding)\s*$/i.test(before)) return 'above';
  return SHORT_AFTER.test(after) ? 'above' : null;
}

/** The firm speaking of its own work: "we", "our", "us". */
const FIRM_SPEAKS = /\b(we|we'll|we'd|we're|our|ours|us)\b/i;

/**
 * Whether a duration the visitor wrote is spoken of as theirs ("for a two-day retreat", "instead
 * of three days of manual work"), not promised as the firm's: "we will have it live in 4 weeks"
 * or "the workshop is done within 2 days" is a delivery time, and must be stated.
 */
function visitorsPlan(
  c: Extract<Claim, { unit: string }>,
  text: string,
  visitor: Facts,
  owner: ServiceEntry | undefined,
): boolean {
  const values = c.to === undefined ? [c.value] : [c.value, c.to];
  if (!values.every((v) => visitor.values.has(v))) return false;
  const deadline =
    /\b(in|within|by|over|after|takes?|lasts?)\s+(about\s+|around\s+|just\s+|the\s+|your\s+)?$/i;
  const due = deadline.test(text.slice(Math.max(0, c.at - 24), c.at));
  const ours = FIRM_SPEAKS.test(text) || owner?.names.some((n) => namedAt(text, n, 0) >= 0);
  // Their deadline given back as ours is still a promise: "we can deliver it in the 2 weeks you
  // need" (not when asked or refused).
  if (due && ours && !/\?\s*$/.test(text) && !negatedAt(text, c.at)) return false;
  return givenBack(text, c.at) || !due || !ours;
}

/** Hours in a unit of time whose length is fixed (not months or years). */
const HOURS: Record<string, number> = { minute: 1 / 60, hour: 1, day: 24, week: 168 };

/**
 * Whether a figure with a unit is stated by `facts`: as written or in another unit of time, or as
 * a range's end after "up to" or "at least"; a quantity also anywhere within a stated range ("two
 * or three of the 3-5 processes" is not, "4 of the 3-5 processes" is), and counted in any of the
 * words after it ("20 of your existing pages").
 */
function measured(facts: Facts, c: Extract<Claim, { unit: string }>, text: string): boolean {
  const units = [c.unit, ...(c.alts ?? [])];
  const ranges = [...facts.ranges].flatMap((r) => {
    const m = /^([\d.]+)-([\d.]+) (.+)$/.exec(r)!;
    return units.includes(m[3]) ? [{ from: Number(m[1]), to: Number(m[2]) }] : [];
  });
  if (c.to !== undefined) {
    return (
      ranges.some((r) => r.from === c.value && r.to === c.to) ||
      units.some(
        (u) => facts.singles.has(`${c.value} ${u}`) && facts.singles.has(`${c.to} ${u}`),
      ) ||
      (c.kind === 'quantity' && ranges.some((r) => r.from <= c.value && c.to! <= r.to))
    );
  }
  if (units.some((u) => facts.singles.has(`${c.value} ${u}`))) return true;
  // The same time in another unit: "within a day" for "within 24 hours", "a week" for "7 days".
  const hours = (value: number, unit: string) => value * (HOURS[unit] ?? NaN);
  const same = (x: string) =>
    hours(Number(x.split(' ')[0]), x.split(' ')[1]) === hours(c.value, c.unit);
  if (c.kind === 'duration' && [...facts.singles].some(same)) return true;
  // "two of the processes": some of what the content counts, no more than its most.
  if (c.kind === 'quantity' && /^\S+\s+of\s+(the|your|our|those|these)\b/i.test(text.slice(c.at))) {
    const most = Math.max(
      ...ranges.map((r) => r.to),
      ...[...facts.singles].flatMap((x) => {
        const [v, u] = x.split(' ');
        return units.includes(u) ? [Number(v)] : [];
      }),
    );
    if (c.value <= most) return true;
  }
  if (c.kind === 'quantity' && ranges.some((r) => r.from <= c.value && c.value <= r.to)) {
    return true;
  }
  // "up to 3 hours" for a 2-3 hour session; "at least 2" for its start.
  const before = text.slice(Math.max(0, c.at - 16), c.at);
  if (/\b(up to|at most|no more than|as many as|as long as|maximum of)\s*$/i.test(before)) {
    return ranges.some((e) => e.to === c.value);
  }
  if (/\b(at least|from|as few as|minimum of|starting at)\s*$/i.test(before)) {
    return ranges.some((e) => e.from === c.value);
  }
  return false;
}

/** What the reply said before the sentence being judged. */
interface Said {
  /**
   * The services named in the last sentence that named any: a sentence that names none may
   * speak of any of them ("The workshop suits nonprofits too. It starts at $750.").
   */
  recent: ServiceEntry[];
  /** A published discount was stated, so "your discount" may refer back to it. */
  discount: boolean;
  /** The sentence before, for one that opens on a pronoun for what it named ("It's free."). */
  before?: string;
}

/** Why one claim is not the firm's to make, or null when it is stated. */
function problemOf(
  c: Claim,
  text: string,
  owner: ServiceEntry | undefined,
  stated: Stated,
  visitor: Facts,
  said: Said = { recent: [], discount: false },
): string | null {
  const theirs = (v: number) => visitor.values.has(v) && givenBack(text, c.at);
  // A figure denied is not claimed ("there is no 50% discount"), unless the denial is a bound
  // ("no more than $99").
  const figureEnd = c.at + (/^\S+/.exec(text.slice(c.at))?.[0].length ?? 0);
  // An amount or a percentage in an "if" is still one ("if you book now it costs $1,250").
  const supposed = c.kind !== 'money' && c.kind !== 'percent';
  if (c.kind !== 'currency' && c.kind !== 'promise' && negatedAt(text, c.at, figureEnd, supposed)) {
    return null;
  }
  switch (c.kind) {
    case 'currency':
      return `a currency the site does not quote (${c.text})`;
    case 'promise': {
      // Backed by a promise of the same kind said of the same thing: two words in common besides
      // the promise, or every word of a short claim ("Nonprofits get a discount"; not "startups
      // get a discount").
      const kind = promiseKind(c.text);
      // The discount stated earlier in the reply, referred back to: "your discount would be
      // reflected in the quote" (a figure in the sentence is checked on its own).
      // So does a sentence that opens on it: "It's generally 20-30% off standard rates."
      const referred =
        /\b(your|the|that|this|its|their)\s+(\w+\s+)?$/i.test(
          text.slice(Math.max(0, c.at - 24), c.at),
        ) ||
        /\b(your|the|that|this|its|their)\s+(\w+\s+)?discount\b/i.test(text) ||
        /^\W*(it|that|this)('s|\s+is)\s+(\w+\s+)?(\d+\s?[-–]\s?)?$/i.test(text.slice(0, c.at));
      if (kind === 'discount' && said.discount && referred) return null;
      const stems = meaningStems(text);
      // The published discount restated names whom it is for ("your nonprofit discount would be
      // reflected in the quote"); "a discount for booking this month" does not.
      const holders = stated.promises.flatMap((p) => (p.kind === kind ? [...p.holders] : []));
      if (kind === 'discount' && holders.length) {
        return holders.some((h) => stems.has(h))
          ? null
          : `a promise the site does not make (${c.text})`;
      }
      // Something free is the thing next to the word ("try the free audit"), or the one the
      // sentence before named, for "It's free" (two of its words in the content's sentence).
      if (kind === 'free') {
        const around = aroundOf(text, c.at, c.text);
        const it = OPENS_ON_IT.test(text) ? [...meaningStems(said.before ?? '')] : [];
        const free = stated.promises.some(
          (p) =>
            p.kind === kind &&
            ([...around].some((w) => p.around.has(w)) ||
              it.filter((w) => p.stems.has(w)).length >= 2),
        );
        return free ? null : `a promise the site does not make (${c.text})`;
      }
      const backed = stated.promises.some((p) => {
        if (p.kind !== kind) return false;
        const shared = [...stems].filter((w) => p.stems.has(w)).length;
        // Named as the only one, it needs one word of it.
        const only = /\bonly\b/i.test(text.slice(0, c.at));
        return shared > 0 && (only || shared >= Math.min(2, stems.size));
      });
      return backed ? null : `a promise the site does not make (${c.text})`;
    }
    case 'money': {
      // The visitor's amount as a yardstick: true of the service the sentence names, if any.
      const side = visitor.values.has(c.value) && yardstickAt(text, c.at);
      if (side) {
        const named = owner && servicesNamed(text, stated).includes(owner);
        const price = owner?.facts.startingPrice;
        const holds =
          !named ||
          (price !== undefined && (side === 'below' ? price <= c.value : price > c.value));
        return holds ? null : `a comparison the site does not support (${c.value})`;
      }
      const key = c.period ? `${c.value}/${c.period}` : String(c.value);
      if (!stated.all.money.has(key)) {
        return theirs(c.value) ? null : `an amount the site does not state (${key})`;
      }
      if (!owner) return null;
      const candidates = servicesNamed(text, stated).length ? [owner] : [owner, ...said.recent];
      const ours = candidates.some(
        (s) => s.amounts.has(c.value) || stated.byService.get(s.facts.id)?.money.has(key),
      );
      return ours || theirs(c.value) ? null : `a price of another service (${c.value})`;
    }
    case 'percent':
      return stated.all.percents.has(c.value) || theirs(c.value)
        ? null
        : `a percentage the site does not state (${c.value}%)`;
    case 'date':
      return stated.all.dates.has(c.value) || visitor.values.has(c.value)
        ? null
        : `a date the site does not state (${c.value})`;
    case 'quantity':
      if (![c.unit, ...(c.alts ?? [])].some((u) => stated.all.units.has(u))) {
        // A count of the firm's own the content never gives: "we have served 500 clients".
        const ours = /\b(we|we've|we're)\s+(\w+\s+){0,3}$/i.test(text.slice(0, c.at));
        return ours && c.value >= 10 && !visitor.values.has(c.value)
          ? `a count the site does not give (${c.value} ${c.unit})`
          : null;
      }
      if (visitor.values.has(c.value)) return null;
    // A quantity of something the content counts is checked as a duration is.
    // falls through
    case 'duration': {
      // Held to a service's own facts when the sentence names it or opens on a pronoun for the
      // one just named ("It includes 90 days of support"); a sentence that does neither may speak
      // of any service the reply has been discussing.
      const named =
        owner && (owner.names.some((n) => namedAt(text, n, 0) >= 0) || OPENS_ON_IT.test(text));
      const facts = named
        ? [stated.byService.get(owner.facts.id), stated.general].filter((f) => f !== undefined)
        : [stated.all];
      if (facts.some((f) => measured(f, c, text))) return null;
      if (c.kind === 'duration' && visitorsPlan(c, text, visitor, owner)) return null;
      return `a ${c.kind} the site does not state (${c.value}${c.to ? `-${c.to}` : ''} ${c.unit})`;
    }
  }
}

/** What the guard makes of one sentence. */
export interface SentenceVerdict {
  /** Why it was refused; absent when it stands as written. */
  problem?: string;
  /** What stands instead: the sentence, its correction, or '' when it is dropped. */
  text: string;
}

/**
 * Reads a reply sentence by sentence, in order, remembering the service in discussion and the
 * prices already corrected (a correction is said once).
 */
export function replyGuard(stated: Stated, visitor: Facts) {
  let last: ServiceEntry | undefined;
  // Whether the sentence before refused a promise ("nobody can promise a number one position").
  let refused = false;
  const said: Said = { recent: [], discount: false };
  const corrected = new Set<string>();
  return (sentence: string): SentenceVerdict => {
    const plain = plainFigures(sentence);
    let problem: string | null = null;
    let owner: ServiceEntry | undefined;
    const claims = claimsOf(sentence);
    const promised = claims.some((c) => c.kind === 'promise');
    // "The same goes for a guaranteed place in an AI answer" refuses it as the sentence before did
    // (in its own clause: not "..., which we always give").
    const same = refused && SAME_GOES.test(plain) ? plain.search(/[,;:]|\b(but|which)\b|$/) : -1;
    refused = !promised && plain.search(PROMISE) >= 0;
    for (const c of claims.filter((c) => c.kind !== 'promise' || c.at > same)) {
      owner = serviceAt(plain, c.at, stated) ?? last;
      problem = problemOf(c, plain, owner, stated, visitor, said);
      if (problem) break;
    }
    last = serviceAt(plain, plain.length, stated) ?? last;
    said.before = plain;
    const named = servicesNamed(plain, stated);
    if (named.length) said.recent = named;
    if (
      !problem &&
      claims.some((c) => c.kind === 'promise' && promiseKind(c.text) === 'discount')
    ) {
      said.discount = true;
    }
    if (!problem) return { text: sentence };
    // A wrong price is corrected only in a sentence about the service: one that names it or
    // begins with a pronoun for it ("It costs ..."); any other is dropped.
    const about = owner && (named.includes(owner) || OPENS_ON_IT.test(plain)) ? owner : undefined;
    const wrongPrice =
      problem.startsWith('a price of another service') || problem.startsWith('an amount');
    if (!about || !wrongPrice || corrected.has(about.facts.id)) return { problem, text: '' };
    const fix = priceSentence(about.facts);
    if (!fix) return { problem, text: '' };
    corrected.add(about.facts.id);
    const [, lead, , tail] = /^(\s*(?:[-*+]\s+|\d+\.\s+)?)([\s\S]*?)(\s*)$/.exec(sentence)!;
    return { problem, text: `${lead}${fix}${tail}` };
  };
}

/** Why a whole text may not be sent as the firm's words, or null when every claim is stated. */
export function unstatedClaim(
  text: string,
  stated: Stated,
  visitor: Facts = emptyFacts(),
): string | null {
  const check = replyGuard(stated, visitor);
  for (const sentence of sentencesOf(text)) {
    const verdict = check(sentence);
    if (verdict.problem) return verdict.problem;
  }
  return null;
}
