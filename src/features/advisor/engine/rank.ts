/**
 * Retrieval for one question: the sections that answer it, best first (units.ts then finds the
 * answering sentence within the best of them). Sections are ranked by BM25 weighed by how much
 * of the question they cover (rarer words count more), by whether they state the kind of fact
 * asked for, and by what the conversation is about.
 */
import type { AdvisorDoc, ServiceFacts } from '../index/schema';
import type { Part, Reading } from './dialogue';
import { answersAspect, YES_NO, type Aspect } from './query';
import { terms } from '../index/text';
import type { Hit, QueryWord, Section, SectionSearch } from './search';

/** A section's standing for one question. */
export interface RankedSection {
  section: Section;
  score: number;
  /** Share of the typed words' weight the section states. */
  coverage: number;
}

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

/** A section of one of the guides (articles), which advise readers rather than speak of us. */
export const isGuide = (doc: AdvisorDoc) => doc.url.startsWith('/articles/');

/** What an engine needs to rank: the search and the services' facts. */
export interface Ranking {
  search: SectionSearch;
  services: readonly ServiceFacts[];
}

/** How far a word is stated in a set of stems: its own stem fully, a synonym in part. */
export function stated(w: QueryWord, stems: ReadonlySet<string>): number {
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

/** A "not" or "without" in a text. */
const NEGATION = /\b(not|no|without)\b|n't\b/i;

/** Whether a heading says "not" of a word the question asks ("does not include"). */
function negates(title: string, part: Part): boolean {
  const words = title.toLowerCase().split(/\s+/);
  return words.some(
    (w, i) =>
      NEGATION.test(w) &&
      terms(words.slice(i + 1, i + 2).join(' ')).some((t) =>
        part.words.some((q) => q.terms.includes(t)),
      ),
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
  // An open question for a list of what something has or does, asked without a "not".
  const openList = part.aspects.has('list') && !YES_NO.test(part.text) && !NEGATION.test(part.text);
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
    // "What does it include?" is not answered by what it does not include.
    if (openList && negates(doc.title, part)) p *= 0.3;
    // A question asking for a list is answered by a section that lists; who we are and how to
    // reach us, by the team and the contact directory.
    if (part.aspects.has('list') && listing.has(doc.id)) p *= 1.5;
    if (part.aspects.has('person') && (doc.kind === 'team' || doc.kind === 'consultant')) p *= 2;
    // (Not "can people email you questions after the training?": that asks about the service.)
    if (part.aspects.has('contact') && !part.subject && doc.kind === 'contact') p *= 3;
    // "Do you do X?" is answered by the page of the service that does X, not a guide's advice.
    // A question about the firm itself is answered by its own pages, not a guide's advice.
    if (part.aboutUs && isGuide(doc)) p *= 0.5;
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
  if (part.cheaper) return priceFirst(ranking, part.cheaper, ranked);
  // What a service the question names costs is what its price section says.
  if (money && part.subject && part.names) return priceFirst(ranking, part.subject, ranked);
  return part.followUp ? followOn(part, reading, ranked) : ranked;
}

/**
 * The price section of `service` first: "anything cheaper?" (the service that starts lowest),
 * or the price of the service a question names.
 */
function priceFirst(
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
export function phrases(words: readonly QueryWord[], sequence: readonly string[]): number {
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
