/**
 * Retrieval, shared by the built-in answer (quote.ts) and the model's prompt (grounding.ts): the
 * conversation is read once (read.ts), and each question gets its sections, best first, with how
 * sure the match is and the sentences of each that match best.
 */
import type { ChatMessage } from '../contract';
import { SERVICES_URL, type AdvisorDoc } from '../corpus/schema';
import { asksWho, FILLERS, normalize, pairsAlike, stemsOf, terms, wordPairs } from '../corpus/text';
import { readQuestions, visitorTerms, type Question, type Ranking } from './read';
import { docSource } from './render';
import type { Ask, QueryWord, Section, SectionSearch, Unit } from './search';

/** A section's standing for one question, with its sentences that match best (page order). */
export interface Match {
  section: Section;
  score: number;
  /** How sure it answers, 0-1 (sureness() weighed by SURE). */
  confidence: number;
  /** The units to quote, in the page's order. */
  quote: Unit[];
  /** Its unit that states the question best. */
  best?: Unit;
  /** The visitor asked for it by name: a choice clicked, or its heading typed. */
  named?: boolean;
}

/** A question with its best sections, best first; a message with its questions'. */
export type Retrieved = { question: Question; matches: Match[] };
export type Retrieval = { message: string; parts: Retrieved[] };

/** A question asking what something costs. */
export const PRICE =
  /\b(how much(?! (of|time)\b)|cost\w*|pric\w*|charg\w*|fees?|rates?|budget|afford\w*|expensive|cheap\w*|discount\w*|(?<!feel |\b(?:call|chat|consult\w*|audit|baseline)\b[^.?!]{0,20})free(?! (?:to|of|time|up|(?:first )?(?:call|chat|consult\w*|audit))\b)|ballpark|(run|set) (us|me)( back)?|what (does|do|would|will) [^.?!]{1,40}? run(?! (on|in|with|for|by|into|through|it|a|an|the)\b))\b|\$\s?\d/i;
/** Below this confidence (how well its sections match it) a question is declined. */
export const DECLINE_BELOW = 0.5;
/** Asking whether we work with organizations like the visitor's: "are we too small for you?" */
const FIT =
  /\btoo (?:small|big|large|tiny)\b|\b(?:a |the )?(?:good |right |great )?fit for (?:us|me|a|an|our|my|companies|businesses)\b|\bis (?:this|any of this|it|that) (?:for|right for|meant for|suitable for) (?:me|us|a|an|our|my)\b|\b(?:do|would|will|can) (?:you|u)(?: guys)? (?:only |still |also |even )?(?:work|deal) with (?:\w+ ){0,3}(?:firms?|compan(?:y|ies)|business(?:es)?|shops?|offices?|practices?|clinics?|contractors?|trades|agencies|organi[sz]ations?|nonprofits?|schools?|churches?|restaurants?|stores?|startups?|teams?|people like (?:us|me))\b/i;
const WHOM = /^(?:can you help|do you work with)\b/i; // an FAQ asking it of us
const WE_DO = /\b(?:what|offer|provide|help)\b/i;
const DOING = new Set(terms('offer provide services help firm business company small'));
/** Words that ask only what something costs ("what are your rates?"). */
const COSTS = /^(pric\w*|cost\w*|rates?|fees?|charg\w*)$/i;
/** A question asking how long something takes, and a figure of time that answers it. */
const HOW_LONG =
  /\bhow (long|soon|fast|quickly|many (hours|days|weeks|months))\b|\b(turnaround|timeline|timeframe)\b/i;
const TIME = /\b\d+(\s?[-–]\s?\d+)?[\s-](hours?|days?|weeks?|months?)\b/i;

/** How far some stems state a word: its own stem 1, one of the site's words for it 0.7. */
const says = (w: QueryWord, stems: ReadonlySet<string>) =>
  stems.has(w.terms[0]) ? 1 : w.terms.some((t) => stems.has(t)) ? 0.7 : 0;

/** Share of the words' weight (by rarity) that the stems state; a synonym counts 0.7. */
export function coverage(words: readonly QueryWord[], stems: ReadonlySet<string>): number {
  const total = words.reduce((n, w) => n + w.idf * w.weight, 0);
  const covered = words.reduce((n, w) => n + w.idf * w.weight * says(w, stems), 0);
  return total > 0 ? covered / total : 0;
}

/** What a section's score is measured against: how strongly a typical question's must match. */
const HALF_SURE = 45;
/** What a typical question's words weigh (their rarity summed). */
const TYPICAL = 20;
/** The facets of a service's page, each a feature of its own. */
const FACETS =
  'overview includes price process results audience engagement formats requirements details';

/**
 * A section found for a question: `hit` is BM25 alone, `score` weighed by prior() and coverage,
 * `said` how well its best sentence states it (unitScore()), `alike` alike() and its facet's odds.
 */
type Candidate = { section: Section; score: number; hit: number; said: number; alike: number[] };

/** A stem as a word of weight 1 and the rarity given. */
const asWord = (t: string, idf = 1) => ({ word: t, terms: [t], weight: 1, idf, known: true });

/**
 * How closely the nearest of some questions visitors ask (those a section answers, or those the
 * site does not) is this one: by its words (the share of the question's words it uses times the
 * share of its words the question uses, by rarity), and by its word pairs (pairsAlike).
 */
function alike(search: SectionSearch, q: Question, own: QueryWord[], asks: readonly Ask[]) {
  const mine = new Set(own.flatMap((w) => w.terms));
  const pairs = wordPairs(q.text);
  const best = [0, 0];
  for (const ask of asks) {
    const words = [...ask.terms].map((t) => asWord(t, search.idf(t)));
    const form = asksWho(pairs) && !asksWho(ask.pairs) ? 0.8 : 1;
    best[0] = Math.max(best[0], form * coverage(own, ask.terms) * coverage(words, mine));
    best[1] = Math.max(best[1], pairsAlike(ask.pairs, pairs));
  }
  return best;
}

/** What is known of a section for a question, for its place among the others (ORDER). */
function features(q: Question, m: Candidate, top: Candidate, own: readonly QueryWord[]): number[] {
  const doc = m.section.doc;
  const words = m.section.units.reduce((n, u) => n + u.words, 0);
  const home = doc.kind === 'faq' && !doc.url.startsWith('/articles/');
  const heading = [...new Set(terms(doc.title.split(': ').at(-1)!))].map((t) => asWord(t));
  const mine = new Set(q.words.flatMap((w) => w.terms));
  return [
    Math.log(m.score / top.score),
    Math.log(m.hit / top.hit),
    coverage(own, m.section.all),
    coverage(own, m.section.head),
    Math.log(Math.max(1e-3, m.said / top.said)),
    +home,
    +(doc.kind === 'faq' && !home),
    +(doc.kind === 'article'),
    +(doc.kind === 'service'),
    +doc.url.startsWith('/privacy'),
    +['contact', 'firm', 'team', 'consultant'].includes(doc.kind),
    ...FACETS.split(' ').map((f) => +(doc.facet === f)),
    +(!!q.subject && doc.service === q.subject.id),
    +(!!q.subject && !!doc.service && doc.service !== q.subject.id),
    +(!q.subject && !!doc.service),
    +(!!q.page && doc.url.split('#')[0] === q.page),
    Math.log(1 + words / 100),
    +(PRICE.test(q.text) && doc.facet === 'price'),
    +(HOW_LONG.test(q.text) && TIME.test(doc.text)),
    +(q.toUs && doc.url.startsWith('/articles/')),
    +(q.situation && doc.kind === 'service'),
    +(doc.id.endsWith('#takeaways') || doc.id.endsWith('#introduction')),
    Math.max(0, ...m.section.units.map((u) => coverage(own, u.terms))),
    coverage(heading, mine),
    ...m.alike,
  ];
}

/** What is known of how surely a section answers, for SURE; `near`: nearness (candidates()). */
function sureness(q: Question, m: Candidate, own: readonly QueryWord[], near: number[]): number[] {
  const mass = own.reduce((n, w) => n + w.idf * w.weight, 0);
  const unknown = own.filter((w) => !w.known).reduce((n, w) => n + w.idf * w.weight, 0);
  // The more a question says, the more its best section must match.
  const half = HALF_SURE * Math.min(1, Math.max(0.4, mass / TYPICAL));
  return [
    Math.log(m.score / half),
    // A name the site never mentions ("WebFX", "HIPAA") is what the question is about.
    +q.asked.some((w) => w.name),
    coverage(own, m.section.all),
    coverage(q.asked, m.section.all),
    Math.max(0, ...m.section.units.map((u) => coverage(own, u.terms))),
    unknown / Math.max(1e-9, mass),
    Math.log(1 + mass),
    +q.situation,
    +q.followUp,
    +q.toUs,
    +(m.section.doc.kind === 'service'),
    Math.log(1 + own.length),
    m.alike[0],
    ...near,
    1,
  ];
}

/** What features() weigh in a section's place, fitted on the development set (tests/advisor). */
export const ORDER = [
  1.176, 2.052, -0.254, -0.651, -0.906, 0.815, -0.417, -0.434, -0.292, -0.055, -0.263, -0.713,
  1.014, -0.486, 0.046, -0.595, 0.372, 0.665, 0.264, 0.031, -0.89, 0.12, -0.181, -0.231, 0.355,
  -0.286, 0.578, 0.044, -1.572, -0.224, -0.748, 1.405, -0.63, 2.856, 4.134, 2.543,
];

/** What sureness() weighs in a confidence, fitted alike; its bias evens false declines and answers. */
export const SURE = [
  0.814, -0.491, 0.132, 0.003, 0.155, -0.121, -0.234, 0.091, 0.391, -0.466, 0.217, 0.471, 0.788,
  1.002, -1.156, -1.112, -0.51, -0.625,
];

/** A linear model's value: the features weighed, each held within -8 and 8. */
export const weigh = (x: readonly number[], w: readonly number[]) =>
  x.reduce((n, v, j) => n + Math.max(-8, Math.min(8, v)) * w[j], 0);

/** Per question, sections considered and kept; words quoted whole, or of a longer one; items. */
const POOL = 16;
export const KEEP = 8;
const WHOLE = 90;
const BUDGET = 70;
const ITEMS = 10;

/** How a section's kind and place weigh for a question. */
function prior(doc: AdvisorDoc, q: Question, ranking: Ranking, visitor: ReadonlySet<string>) {
  let p = 1;
  if (doc.kind === 'faq' && !doc.url.startsWith('/articles/')) p *= 1.5;
  if (doc.id.endsWith('#takeaways') || doc.id.endsWith('#introduction')) p *= 0.6;
  if (doc.facet === 'overview' || doc.url === SERVICES_URL) p *= 0.4;
  if (doc.facet === 'price') p *= PRICE.test(q.text) ? 1.4 : 1;
  // "Who is it for?" asks of a service's audience; "who would do our SEO?" of the team.
  if (doc.facet === 'audience' && !/\bwho\b/i.test(q.text)) p *= 0.6;
  if (/^(?:\w+ )?who'?s?\b(?!.*\bfor\b)/i.test(q.text) && doc.kind === 'consultant') p *= 4;
  if (HOW_LONG.test(q.text) && TIME.test(doc.text)) p *= 1.4;
  if (q.toUs && doc.url.startsWith('/articles/')) p *= 0.6;
  if (q.situation && doc.kind === 'service') p *= 1.4;
  if (q.subject && doc.service === q.subject.id) p *= q.followUp ? 1.8 : 1.6;
  else if (q.subject && doc.service) p *= 0.6;
  // (Not a guide for "could you do that for us?": that asks about the firm's work.)
  const guide = q.page?.startsWith('/articles/') && q.toUs;
  if (q.page && !guide && doc.url.split('#')[0] === q.page) p *= 1.5;
  // A service only for some organizations, for a visitor who neither is one nor names it.
  const only = ranking.services.find((s) => s.id === doc.service)?.onlyFor;
  if (only?.length && q.subject?.id !== doc.service && !only.some((t) => visitor.has(t))) p *= 0.2;
  return p;
}

/** How well a unit states the question's words: rarer words count more, its heading half. */
function unitScore(q: Question, section: Section, unit: Unit): number {
  let score = 0;
  for (const w of q.words)
    score += w.weight * w.idf ** 1.5 * Math.max(says(w, unit.terms), 0.6 * says(w, section.head));
  const first = unit.index === 0 ? 1.5 : 1; // a section states its point first
  return first * score * (unit.words < 4 && !unit.item ? 0.5 : 1) * (1 + unit.words / 20) ** -0.4;
}

/** The unit of a section that states the question best. */
function bestUnit(q: Question, section: Section): Unit | undefined {
  const scores = section.units.map((u) => unitScore(q, section, u));
  return section.units[scores.indexOf(Math.max(...scores))];
}

/** A plan's step by its time ("Weeks 1-2: Assess."); its last group is empty for a bare time. */
const STEP = /^(weeks?|months?|days?) \d+(-\d+)?( and beyond| onward)?[:.]\s*(\S*)/i;

/** The units of a section to quote for a question, in the page's order. */
function toQuote(q: Question, section: Section): Unit[] {
  const { units } = section;
  if (units.reduce((n, u) => n + u.words, 0) <= WHOLE) return [...units];
  // How long, of a plan set out by time: each step's first sentence (the next after a bare time).
  const step = (u?: Unit) => (u && units[u.index - 1]?.line !== u.line ? STEP.exec(u.text) : null);
  if (HOW_LONG.test(q.text) && units.filter(step).length > 1)
    return units.filter((u) => step(u) || step(units[u.index - 1])?.[4] === '');
  const best = bestUnit(q, section);
  if (!best) return [];
  const chosen = new Set<Unit>([best]);
  // A sentence that introduces a list, or an item of one: the list.
  const listFrom = best.text.endsWith(':') ? best.index + 1 : best.item ? best.index : -1;
  if (listFrom >= 0) {
    let start = listFrom;
    while (best.item && start > 0 && units[start - 1].item) start--;
    const intro = units[start - 1];
    if (intro && !intro.item) chosen.add(intro);
    for (let i = start; units[i]?.item && i < start + ITEMS; i++) chosen.add(units[i]);
  } else {
    // The sentences after it in its paragraph, while they fit.
    let [words, i] = [best.words, best.index + 1];
    for (; i < units.length; i++) {
      const next = units[i];
      if (next.item || next.line !== best.line || words + next.words > BUDGET) break;
      chosen.add(next);
      words += next.words;
    }
    // A list the next paragraph introduces ("We offer 8 services:"), when the paragraph ends.
    const intro = units[i];
    if (intro && intro.line !== best.line && intro.text.endsWith(':') && units[i + 1]?.item) {
      chosen.add(intro);
      for (let j = i + 1; units[j]?.item && j <= i + ITEMS; j++) chosen.add(units[j]);
    }
  }
  return units.filter((u) => chosen.has(u));
}

/** How closely a question must match one visitors ask of a section to be it (alike()). */
const SAME_ASK = 0.8;
const SAME_WORDS = 0.9;

/** Sections visitors ask this very question of, which a search may miss: "what can you do?" */
function askedAs(search: SectionSearch, q: Question) {
  const mine = new Set(q.words.flatMap((w) => w.terms));
  // As typed, and without its fillers ("what exactly do you do"). (Pairs alike are about as many.)
  const near = (pairs: ReadonlySet<string>) => (a: Ask) =>
    2 * Math.min(a.pairs.size, pairs.size) >= SAME_ASK * (a.pairs.size + pairs.size) &&
    [...a.terms].every((t) => mine.has(t)) &&
    pairsAlike(a.pairs, pairs) >= SAME_ASK;
  const ways = [wordPairs(q.text), wordPairs(q.text, FILLERS)].map(near);
  return search.sections.filter((s) => search.asksOf(s).some((a) => ways.some((n) => n(a))));
}

/** The sections found for one question (at most POOL), with their features() and sureness(). */
export function candidates(ranking: Ranking, q: Question, visitor: ReadonlySet<string>) {
  const own = q.words.filter((w) => w.weight >= 0.5);
  const tokens = [...q.asked.map((w) => w.terms[0]), ...wordPairs(q.text)];
  const facets = ranking.search.facetOdds(tokens);
  const pool = ranking.search
    .search(q.words)
    .map((h) => ({
      section: h.section,
      hit: h.score,
      score:
        h.score * prior(h.section.doc, q, ranking, visitor) * (0.2 + coverage(own, h.section.all)),
    }))
    .sort((a, b) => b.score - a.score || a.section.doc.id.localeCompare(b.section.doc.id))
    .slice(0, POOL);
  // A section visitors ask this very question of is considered, level with the best found.
  const askedOf = askedAs(ranking.search, q);
  const asked = askedOf
    .filter((section) => !pool.some((m) => m.section === section))
    .map((section) => ({ ...(pool[0] ?? { hit: 1, score: 1 }), section }));
  const found = [...pool, ...asked].map((m) => {
    // (Never nothing: a section asked this very question may state none of its words.)
    const said = Math.max(1e-9, ...m.section.units.map((u) => unitScore(q, m.section, u)));
    const facet = facets.get(m.section.doc.facet ?? '') ?? 0;
    const asks = ranking.search.asksOf(m.section);
    return { ...m, said, alike: [...alike(ranking.search, q, own, asks), facet] };
  });
  // How much of the question a section's asks use; how near the declines come (none, wordless).
  const { declines } = ranking.search;
  const topic = Math.max(0, ...declines.map((asks) => coverage(own, stemsOf(asks))));
  const away = own.length ? alike(ranking.search, q, own, declines.flat()) : [0, 0];
  const near = (s: Section) => [coverage(own, stemsOf(ranking.search.asksOf(s))), topic, ...away];
  // A section stating the question in one sentence goes ahead of one sharing its words across many.
  const said = Math.max(1e-9, ...found.map((m) => m.said));
  const list = found.map((m) => ({ ...m, score: m.score * Math.sqrt(m.said / said) }));
  const best = Math.max(...list.map((m) => m.score));
  const top = { ...list[0], score: best, hit: Math.max(...found.map((m) => m.hit)), said };
  // (A question of one word is not one visitors ask for that word: "working", "working with".)
  const sameWords = own.length > 1 ? SAME_WORDS : Infinity;
  return list.map((m) => ({
    section: m.section,
    best,
    order: features(q, m, top, own),
    sure: sureness(q, m, own, near(m.section)),
    same: m.alike[1] >= SAME_ASK || m.alike[0] >= sameWords || askedOf.includes(m.section),
  }));
}

/** The sections that answer one question, best first. */
function rank(ranking: Ranking, q: Question, visitor: ReadonlySet<string>): Match[] {
  return candidates(ranking, q, visitor)
    .map((m) => ({ ...m, score: m.best * Math.exp(weigh(m.order, ORDER)) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, KEEP)
    .map((m) => ({
      section: m.section,
      score: m.score,
      // A question (nearly) one visitors ask of the section is one it answers.
      confidence: m.same ? 1 : 1 / (1 + Math.exp(-weigh(m.sure, SURE))),
      quote: toQuote(q, m.section),
      best: bestUnit(q, m.section),
    }));
}

/**
 * The sections asked for by name or form: the one named by the whole message (a choice clicked, a
 * heading typed); unless visitors ask this question of one, whom a service or an FAQ says we help
 * (FIT, WHOM), overviews of services asked if we offer, or, after nothing, the list (prices, work).
 */
function askedFor({ search }: Ranking, q: Question, whole: string, matches: readonly Match[]) {
  const named = search.sections.filter((s) => docSource(s.doc).title.toLowerCase() === whole);
  if (named.length || matches.some((m) => m.confidence === 1)) return named.slice(0, 1);
  const [top] = matches;
  const sure = top?.section.doc.facet === 'audience' && top.confidence >= DECLINE_BELOW;
  if (FIT.test(q.text) && !sure) {
    const fit = search.sections.filter((s) => s.doc.facet === 'audience' || WHOM.test(s.doc.title));
    const found = [...search.search(q.words).map((h) => h.section), ...fit];
    return [...new Set(found)].filter((s) => fit.includes(s)).slice(0, q.subject ? 1 : 3);
  }
  const offered = q.offered?.map((s) => s.id) ?? [];
  const alone = !q.subject && !q.page && q.words.every((w) => w.weight === 1);
  const costs = q.asked.length && q.asked.every((w) => COSTS.test(w.word));
  const ours = q.toUs && WE_DO.test(q.text) && q.words.every((w) => DOING.has(w.terms[0]));
  return search.sections.filter(({ doc }) =>
    offered.length
      ? offered.includes(doc.service ?? '') && doc.facet === 'overview'
      : alone && (costs || ours) && doc.url === SERVICES_URL,
  );
}

/** Reads the conversation once and retrieves each question's sections. */
export function retrieve(ranking: Ranking, messages: readonly ChatMessage[]): Retrieval {
  const { message, questions } = readQuestions(ranking, messages);
  const visitor = visitorTerms(ranking, messages);
  const whole = questions.length === 1 ? normalize(message).trim().toLowerCase() : '';
  return {
    message,
    parts: questions.map((question) => {
      const matches = rank(ranking, question, visitor);
      const named = askedFor(ranking, question, whole, matches);
      if (!named.length) return { question, matches };
      // What was asked for by name opens the answer, whatever the conversation was about.
      const score = matches[0]?.score ?? 1;
      const own = named.map((section) => {
        const [quote, best] = [toQuote(question, section), bestUnit(question, section)];
        return { section, score, confidence: 1, named: true, quote, best };
      });
      return { question, matches: [...own, ...matches.filter((m) => !named.includes(m.section))] };
    }),
  };
}
