/**
 * Retrieval for one question: the sections that answer it, then, within the best of them, the
 * sentence that answers the asked aspect. Sections are ranked by BM25 weighed by how much of the
 * question they cover (rarer words count more); sentences by the question's words they contain
 * (or their section's heading does), by whether they state the kind of fact asked for (an
 * amount, a duration...) and by their section's standing. The confidence says how much of what
 * was typed the answering sentence and its section state.
 */
import type { AdvisorDoc, ServiceFacts } from '../index/schema';
import type { Part, Reading } from './dialogue';
import { answersAspect, VERDICT_OPENING, YES_NO, type Aspect } from './query';
import type { Hit, QueryWord, Section, SectionSearch, Unit } from './search';

/** A section's standing for one question. */
export interface RankedSection {
  section: Section;
  score: number;
  /** Share of the typed words' weight the section states. */
  coverage: number;
}

/** A unit's standing for one question. */
export interface RankedUnit {
  section: Section;
  unit: Unit;
  score: number;
}

/** How many of the best sections the answering sentence is looked for in. */
const SENTENCE_SECTIONS = 6;
/**
 * How much a word the section's heading states counts for each of its sentences: the heading
 * says what every sentence under it is about, though a sentence that says the word itself
 * says it more plainly.
 */
const HEADING = 0.75;

/**
 * The same among the sentences of one section, choosing the one that answers: its heading says
 * as much of each of them, so the words a sentence states itself tell them apart.
 */
const WITHIN_HEADING = 0.25;

/** What such a sentence's score is multiplied by. */
const SILENT = 0.5;

/** Aspects a sentence can show evidence of. */
export const FACT_ASPECTS: readonly Aspect[] = [
  'date',
  'frequency',
  'price',
  'discount',
  'duration',
  'count',
  'contact',
  'person',
  'place',
];

/** What an engine needs to rank: the search and the services' facts. */
export interface Ranking {
  search: SectionSearch;
  services: readonly ServiceFacts[];
}

/** How far a word is stated in a set of stems: its own stem fully, a synonym in part. */
function stated(w: QueryWord, stems: ReadonlySet<string>): number {
  if (stems.has(w.terms[0])) return 1;
  return w.terms.some((t) => stems.has(t)) ? 0.7 : 0;
}

/** What was asked (see Part.asked). */
export function askedWords(part: Part): QueryWord[] {
  return part.asked;
}

/** Share of the asked words' weight (by rarity) that `stems` states, 0-1. */
export function coverage(words: readonly QueryWord[], ...stems: ReadonlySet<string>[]): number {
  let total = 0;
  let covered = 0;
  for (const w of words) {
    total += w.idf;
    covered += w.idf * Math.max(0, ...stems.map((s) => stated(w, s)));
  }
  return total > 0 ? covered / total : 0;
}

/** Whether the visitor may be offered a service only for some (see ServiceFacts.onlyFor). */
export function eligible(service: ServiceFacts, reading: Reading): boolean {
  return !service.onlyFor?.length || service.onlyFor.some((t) => reading.asker.has(t));
}

/** A section about a service's restricted audience, which a visitor outside it is not offered. */
function restricted(doc: AdvisorDoc, ranking: Ranking, reading: Reading, part: Part): boolean {
  return ranking.services.some(
    (s) =>
      s.onlyFor?.length &&
      !eligible(s, reading) &&
      !(part.names && part.subject === s) &&
      (doc.service === s.id ||
        (!doc.service && s.onlyFor.some((t) => ranking.search.section(doc.id)?.head.has(t)))),
  );
}

/** How many of the best sections are weighed by whether they state the kind of fact asked. */
const ASPECT_RERANK = 20;

/** The sections that answer a question, best first. */
export function rankSections(ranking: Ranking, part: Part, reading: Reading): RankedSection[] {
  const words = [...part.words, ...part.context];
  // Words that ask for a kind of fact ("how long") say nothing of which section answers.
  const asked = askedWords(part).filter((w) => w.weight >= 0.5);
  const money = part.aspects.has('price') || part.aspects.has('discount');
  const cheapest = part.cheaper;
  const prior = (doc: AdvisorDoc): number => {
    let p = 1;
    if (doc.kind === 'faq' && !doc.url.startsWith('/articles/')) p *= 1.4;
    if (doc.id.endsWith('#takeaways') || doc.id.endsWith('#introduction')) p *= 0.6;
    if (doc.facet === 'overview') p *= 0.6;
    // Policy and other pages answer fewer of a prospect's questions than the FAQs and services
    // (the home page's blocks, such as the list of services, are not among them).
    if (doc.kind === 'page' && !doc.url.startsWith('/#')) p *= 0.85;
    if (doc.facet === 'price') p *= money ? 1.4 : 0.7;
    // The service the question names, or a follow-up's service in discussion, answers it.
    if (part.subject && !cheapest) {
      const about = part.names || part.followUp;
      const boost = part.names ? 1.6 : part.followUp ? 1.5 : part.faint ? 1.3 : 2;
      if (doc.service === part.subject.id) p *= boost;
      else if (doc.service && about) p *= 0.6;
    }
    if (restricted(doc, ranking, reading, part)) p *= 0.2;
    // A question asking for a list is answered by a section that lists; who we are and how to
    // reach us, by the team and the contact directory.
    if (part.aspects.has('list') && listing.has(doc.id)) p *= 1.5;
    if (part.aspects.has('person') && (doc.kind === 'team' || doc.kind === 'consultant')) p *= 2;
    if (part.aspects.has('contact') && doc.kind === 'contact') p *= 3;
    // "Do you do X?" is answered by the page of the service that does X, not a guide's advice.
    // A question about the firm itself is answered by its own pages, not a guide's advice.
    if (part.aboutUs && doc.url.startsWith('/articles/')) p *= 0.5;
    if (part.offering !== undefined) {
      if (doc.kind === 'service') p *= 1.5;
      else if (doc.url.startsWith('/articles/')) p *= 0.5;
    }
    return p;
  };
  const listing = new Set(
    ranking.search.sections
      .filter((s) => s.units.filter((u) => u.item).length >= 3)
      .map((s) => s.doc.id),
  );
  const ranked = ranking.search
    .search(words)
    .map((h: Hit) => {
      const cov = coverage(asked, h.section.all);
      // Words asked side by side that the section says side by side.
      const together = h.section.units.some((u) => phrases(part.words, u.sequence) > 0);
      return {
        section: h.section,
        score: h.score * prior(h.section.doc) * (0.2 + cov) * (together ? 1.3 : 1),
        coverage: cov,
      };
    })
    .sort((a, b) => b.score - a.score || a.section.doc.id.localeCompare(b.section.doc.id));
  // Among the best, a section that states the kind of fact asked ("how soon?": "within 24
  // hours") goes ahead of one that only shares the words.
  const wanted = FACT_ASPECTS.filter((a) => part.aspects.has(a));
  if (wanted.length) {
    const top = ranked.slice(0, ASPECT_RERANK);
    for (const r of top) {
      const evidence = Math.max(
        ...r.section.units.flatMap((u) =>
          wanted.map((a) => answersAspect(a, u.text, r.section.doc)),
        ),
      );
      r.score *= 0.8 + 0.4 * evidence;
    }
    ranked.splice(0, top.length, ...top.sort((a, b) => b.score - a.score));
  }
  if (part.cheaper) return cheapestFirst(ranking, part.cheaper, ranked);
  // What a service the question names costs is what its price section says.
  if (money && part.subject && part.names) return cheapestFirst(ranking, part.subject, ranked);
  return part.followUp ? followOn(part, reading, ranked) : ranked;
}

/**
 * The price section of `service` first: "anything cheaper?" (the service that starts lowest),
 * or the price of the service a question names.
 */
function cheapestFirst(
  ranking: Ranking,
  service: ServiceFacts,
  ranked: RankedSection[],
): RankedSection[] {
  const section = ranking.search.section(`${service.url}#price`);
  if (!section) return ranked;
  const top = ranked[0]?.score ?? 1;
  return [
    { section, score: top * 1.5, coverage: 1 },
    ...ranked.filter((r) => r.section !== section),
  ];
}

/** The least a page in discussion must state of a follow-up to answer it. */
const FOLLOW_UP_COVERAGE = 0.25;

/**
 * A follow-up is answered from what the conversation is about when that says anything about
 * it: the service in discussion ("how long is the support period?" after Data Insights: its 60
 * days, not the FAQ on support periods in general), else the page the last reply quoted ("how
 * long until Google crawls us again?" after the guide's section on 5xx errors). A section that
 * states none of the kind of fact asked for ("how much?") does not count.
 */
function followOn(part: Part, reading: Reading, ranked: RankedSection[]): RankedSection[] {
  const wanted = FACT_ASPECTS.filter((a) => part.aspects.has(a));
  // "How long does it take?" types only the kind of fact it asks for: the discussion says what of.
  const onlyKind = !askedWords(part).some((w) => w.weight >= 0.5);
  const answers = (r: RankedSection) =>
    (onlyKind || r.coverage >= FOLLOW_UP_COVERAGE) &&
    (wanted.length === 0 ||
      r.section.units.some((u) => wanted.some((a) => answersAspect(a, u.text, r.section.doc) > 0)));
  const previous = reading.previousReply?.match(/\]\((\/[^)#\s]*)[^)\s]*\)/)?.[1];
  const subject = part.names ? undefined : part.subject;
  const inDiscussion = (r: RankedSection) =>
    subject
      ? r.section.doc.service === subject.id
      : previous !== undefined && r.section.doc.url.split('#')[0] === previous;
  // Of its sections, those that say what was asked first, the one stating most of it ahead.
  const figures = (r: RankedSection) =>
    answers(r)
      ? 1 +
        r.section.units.filter((u) =>
          wanted.some((a) => answersAspect(a, u.text, r.section.doc) === 1),
        ).length
      : 0;
  const own = ranked.filter(inDiscussion).sort((a, b) => figures(b) - figures(a));
  // A follow-up that turns to something the page in discussion barely covers ("we're a
  // charity, does that change anything?") is answered where that is covered.
  const best = Math.max(0, ...ranked.slice(0, 10).map((r) => r.coverage));
  const ownBest = Math.max(0, ...own.map((r) => r.coverage));
  // (Not when another question of the same message names the service: all of it is about that.)
  const named = reading.parts.some((p) => p.names && p.subject === subject);
  if (!own.some(answers) || (ownBest < best * 0.75 && !named)) return ranked;
  const top = ranked[0].score;
  return [
    ...own.map((r) => ({ ...r, score: r.score + top * (1 + figures(r) / 10) })),
    ...ranked.filter((r) => !own.includes(r)),
  ];
}

/**
 * What pairs of words typed next to each other (stop words aside) weigh where a sentence has
 * them within two words of each other.
 */
function phrases(words: readonly QueryWord[], sequence: readonly string[]): number {
  let bonus = 0;
  for (let i = 1; i < words.length; i++) {
    const [a, b] = [words[i - 1], words[i]];
    if (a.weight < 1 || b.weight < 1) continue;
    const at = sequence.flatMap((t, k) => (a.terms.includes(t) ? [k] : []));
    if (at.some((k) => sequence.slice(k + 1, k + 3).some((t) => b.terms.includes(t)))) {
      bonus += ((a.idf + b.idf) / 2) ** 1.5;
    }
  }
  return bonus;
}

/** Whether a unit was said in the advisor's last reply, which a follow-up should not repeat. */
function said(unit: Unit, reading: Reading): boolean {
  return reading.previousReply?.includes(unit.text.slice(0, 60)) ?? false;
}

/**
 * How well a unit answers the question on its own: the question's words it states (a word its
 * section's heading states counts half: the heading says what every sentence under it is about),
 * the rarer the more, whether it states the kind of fact asked for, and how directly (a short
 * sentence that states the asked words is a more direct answer than a long one).
 */
export function unitScore(
  part: Part,
  reading: Reading,
  section: Section,
  unit: Unit,
  local: ReadonlyMap<string, number> = new Map(),
  cheapest?: ServiceFacts,
  headingWeight = HEADING,
): number {
  let lexical = 0;
  for (const w of [...part.words, ...part.context]) {
    const here = stated(w, unit.terms);
    const heading = headingWeight * stated(w, section.head);
    // A word common on the site can still tell the sentences of these sections apart ("does
    // IndexNow work for Google?": the one sentence of the IndexNow section that names Google).
    const idf = (w.idf + (local.get(w.terms[0]) ?? w.idf)) / 2;
    lexical += w.weight * idf ** 1.5 * Math.max(here, heading);
  }
  // Words asked side by side and said side by side ("written report", "soft 404") say more
  // than the same words apart.
  lexical += phrases(part.words, unit.sequence);
  // "Anything cheaper?" is answered by the lowest starting price whatever its words.
  const lowest = cheapest && unit.text.includes(cheapest.name) && /\$\d/.test(unit.text);
  if (lowest) lexical = Math.max(lexical, 1);
  const wanted = FACT_ASPECTS.filter((a) => part.aspects.has(a));
  let factor = 1;
  if (wanted.length) {
    const evidence = Math.max(...wanted.map((a) => answersAspect(a, unit.text, section.doc)));
    factor = 0.6 + 1.4 * evidence;
  }
  const words = unit.text.split(/\s+/).length;
  if (words < 4 && !unit.item) factor *= 0.5;
  // A sentence introducing a list answers a question asking for one, and little else.
  if (unit.text.endsWith(':')) factor *= part.aspects.has('list') ? 1.3 : 0.8;
  if (said(unit, reading)) factor *= 0.5;
  // A price or discount for an audience the visitor is not part of ("nonprofits receive...").
  const money = part.aspects.has('price') || part.aspects.has('discount');
  if (money && [...reading.outside].some((t) => unit.terms.has(t))) factor *= 0.3;
  // "Anything cheaper?": the sentence that states the lowest starting price.
  if (lowest) factor *= 5;
  // A section states its point first.
  if (unit.index === 0) factor *= 1.15;
  // Among a section's sentences, one that states none of the words typed itself answers less
  // than its heading suggests ("Be clear about its reach.").
  if (headingWeight < HEADING && !part.words.some((w) => w.weight === 1 && stated(w, unit.terms)))
    factor *= SILENT;
  return lexical * factor * (1 + words / 20) ** -0.4;
}

/**
 * How rare each asked word is among the sentences of one section (the same formula as the
 * site-wide rarity, over those sentences): the word that only one sentence of the section has
 * tells which sentence answers.
 */
function localIdf(part: Part, units: readonly Unit[]): Map<string, number> {
  const n = units.length;
  const out = new Map<string, number>();
  for (const w of [...part.words, ...part.context]) {
    const t = w.terms[0];
    const df = units.filter((u) => u.terms.has(t)).length;
    if (df > 0) out.set(t, Math.log(1 + (n - df + 0.5) / (df + 0.5)));
  }
  return out;
}

/**
 * The units of the best sections, the answering one first. The answering section is the one
 * whose standing and best sentence together are best (a section the question names in its
 * heading keeps the lead over a lesser section with one sentence that repeats a word); then its
 * best unit; the others follow by their score, weighed by their section's standing.
 */
export function rankUnits(
  part: Part,
  reading: Reading,
  sections: readonly RankedSection[],
): RankedUnit[] {
  const top = sections[0]?.score ?? 1;
  const candidates = sections.slice(0, SENTENCE_SECTIONS);

  const cheapest = part.cheaper;
  // Sections are weighed by their sentences' scores with the words' rarity among all the best
  // sections' sentences; the answering sentence of the chosen section by their rarity among its
  // own sentences (below).
  const local = localIdf(
    part,
    candidates.flatMap((r) => r.section.units),
  );
  const scored = candidates.map((ranked) => {
    const units = ranked.section.units
      .map((unit) => ({
        section: ranked.section,
        unit,
        score: unitScore(part, reading, ranked.section, unit, local, cheapest),
      }))
      .sort((a, b) => b.score - a.score);
    return { ranked, units, best: units[0]?.score ?? 0 };
  });
  const bestUnit = Math.max(0, ...scored.map((s) => s.best));
  if (bestUnit === 0) return [];
  // A question about an amount, a duration or a number is answered by a section that states one.
  const wanted = FACT_ASPECTS.filter((a) => part.aspects.has(a));
  const states = (s: (typeof scored)[number]) =>
    wanted.length === 0 ||
    s.units.some(({ unit }) =>
      wanted.some((a) => answersAspect(a, unit.text, s.ranked.section.doc) === 1),
    );
  const standing = (s: (typeof scored)[number]) =>
    (s.ranked.score / top) * Math.sqrt(s.best / bestUnit) * (states(s) ? 1 : 0.6);
  const [chosen, ...others] = [...scored].sort((a, b) => standing(b) - standing(a));
  // Within the answering section, the sentence that has what its other sentences lack.
  const own = localIdf(part, chosen.ranked.section.units);
  const lead = {
    ...chosen,
    units: chosen.units
      .map((u) => ({
        ...u,
        score: unitScore(part, reading, u.section, u.unit, own, cheapest, WITHIN_HEADING),
      }))
      .sort((a, b) => b.score - a.score),
  };
  // A yes-or-no question answered by a section that opens with a yes or a no (an FAQ answer):
  // that opening is the direct answer, and the best sentence follows it.
  const verdict = lead.units.find((u) => u.unit.index === 0 && VERDICT_OPENING.test(u.unit.text));
  if (verdict && YES_NO.test(part.text) && verdict !== lead.units[0]) {
    lead.units = [verdict, ...lead.units.filter((u) => u !== verdict)];
  }
  const rest = [...lead.units.slice(1), ...others.flatMap((s) => s.units)].map((u) => ({
    ...u,
    score: u.score * Math.sqrt((sections.find((r) => r.section === u.section)?.score ?? 0) / top),
  }));
  return [lead.units[0], ...rest.sort((a, b) => b.score - a.score)];
}
