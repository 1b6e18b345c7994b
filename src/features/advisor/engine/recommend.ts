/**
 * Recommendations for a visitor who describes their situation: the one or two services whose
 * pages (who they are for, what they include, how they run, what they achieve) match it best,
 * each with its starting price and the sentences of its page that show why it fits. A service
 * only for some organizations (Nonprofit Support) is recommended only to a visitor who says they
 * are one.
 */
import { formatUsd } from '../../../lib/format';
import { rangeSentence } from '../index/price';
import type { ServiceFacts } from '../index/schema';
import { answerPart, type PartAnswer } from './compose';
import { docSource, sectionLink } from './render';
import type { Part, Reading } from './dialogue';
import { coverage, eligible, type RankedSection, type Ranking } from './rank';
import { mergeWords, queryWords } from './query';
import { CONSULTATION_LINE } from './replies';
import type { AdvisorReply } from './types';

/** A second service is suggested when it fits nearly as well as the first. */
const SECOND_CHOICE = 0.75;
/** How well a service the visitor names must fit, beside the best, to be recommended first. */
const NAMED_FIT = 0.5;
/** The least share of the visitor's words the service's best sections must state together. */
const MIN_FIT = 0.25;

interface Fit {
  service: ServiceFacts;
  score: number;
  sections: RankedSection[];
}

/** Services ranked by their best matching sections (the best counts most). */
export function rankServices(ranking: Ranking, part: Part, reading: Reading): Fit[] {
  const words = [...part.words, ...part.context];
  const fits = new Map<string, Fit>();
  const hits = ranking.search.search(
    words,
    (d) => d.kind === 'service' && d.facet !== 'price' && d.facet !== 'requirements',
  );
  for (const h of hits) {
    const service = ranking.services.find((s) => s.id === h.section.doc.service);
    if (!service || !eligible(service, reading)) continue;
    const cov = coverage(words, h.section.all);
    // Whom a service is for says most about fit; its overview says least that is specific.
    const facet = h.section.doc.facet;
    const weight = facet === 'audience' ? 1.5 : facet === 'overview' ? 0.6 : 1;
    const ranked = { section: h.section, score: h.score * weight * (0.2 + cov), coverage: cov };
    const fit = fits.get(service.id);
    if (!fit) fits.set(service.id, { service, score: ranked.score, sections: [ranked] });
    else {
      fit.score += ranked.score * (fit.sections.length === 1 ? 0.35 : 0.1);
      fit.sections.push(ranked);
    }
  }
  // How much of the situation a service's best few sections speak to weighs as much as how
  // strongly they match: a long page that repeats a few of the words is not the better fit.
  for (const fit of fits.values()) {
    const spoken = coverage(words, ...fit.sections.slice(0, 3).map((s) => s.section.all));
    fit.score *= spoken ** FIT_POWER;
  }
  return [...fits.values()].sort((a, b) => b.score - a.score);
}

/** How steeply a service's fit falls with the share of the situation its pages leave unsaid. */
const FIT_POWER = 2;

const priceOf = (s: ServiceFacts) =>
  s.startingPrice === undefined
    ? 'with no published starting price (it is quoted for each client)'
    : `starting at ${formatUsd(s.startingPrice)}`;

/** "a, b and c" */
export function joinList(list: readonly string[]): string {
  const items = list.map((i) =>
    i.replace(/\.$/, '').replace(/^[A-Z](?=[a-z])/, (c) => c.toLowerCase()),
  );
  return items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** The reply recommending the services that fit, or undefined when none matches enough. */
export function recommend(ranking: Ranking, reading: Reading): AdvisorReply | undefined {
  // The visitor's words, and what a short follow-up refers to ("is that something you do?").
  const typed = mergeWords(
    queryWords(ranking.search, reading.message),
    reading.parts.flatMap((p) => p.context),
  );
  const whole: Part = {
    text: reading.message,
    words: typed,
    context: [],
    asked: typed,
    aspects: new Set(),
    cues: new Map(),
    names: false,
    followUp: false,
    aboutUs: false,
  };
  // A service the visitor names ("we're thinking about AI training") is the one they mean,
  // when what they describe fits it nearly as well (one word of a name may be a topic: "I run
  // operations").
  const ranked = rankServices(ranking, whole, reading);
  const naming = reading.parts.find((p) => p.names || p.faint);
  const named = ranked.find(
    (f) =>
      f.service === naming?.subject &&
      (naming.names || f.score >= (ranked[0]?.score ?? 0) * NAMED_FIT),
  );
  const fits = named ? [named, ...ranked.filter((f) => f !== named)] : ranked;
  const [first, second] = fits;
  // How much of the situation the service's page speaks to, over its best few sections.
  const fit = first ? coverage(typed, ...first.sections.slice(0, 3).map((s) => s.section.all)) : 0;
  if (!first || fit < MIN_FIT) return undefined;
  const picks = second && second.score >= first.score * SECOND_CHOICE ? [first, second] : [first];
  const reasons = picks.map((fit) => answerPart(whole, reading, fit.sections));
  // What the service is, then the sentence of its page closest to the situation.
  const why = (a: PartAnswer, service: ServiceFacts) => {
    const what = service.summary ?? service.description;
    const closest = a.units.map((u) => u.unit.text).find((t) => !what.includes(t));
    return closest ? `${what} ${closest}` : what;
  };
  const name = (s: ServiceFacts) => `[${s.name}](${s.url})`;
  const parts = [
    `From what you describe, I'd start with ${name(first.service)}, ${priceOf(first.service)}. ${why(reasons[0], first.service)}`,
  ];
  // A visitor who asked what it costs gets the listed range as well.
  if (first.service.range && reading.parts.some((p) => p.aspects.has('price'))) {
    parts.push(rangeSentence({ ...first.service, range: first.service.range }));
  }
  if (first.service.scope?.length) {
    parts.push(`The starting price includes ${joinList(first.service.scope)}.`);
  }
  if (picks[1]) {
    parts.push(
      `${name(picks[1].service)} may fit as well, ${priceOf(picks[1].service)}. ${why(reasons[1], picks[1].service)}`,
    );
  }
  const cited = reasons.flatMap((a) => (a.lead ? [a.lead.section.doc] : []));
  parts.push(`Read more: ${cited.map(sectionLink).join(' and ')}.`);
  parts.push(`To confirm the fit and get a quote for your situation, ${CONSULTATION_LINE}.`);
  const sources = [
    ...cited.map(docSource),
    ...picks.map((p) => ({ title: p.service.name, url: p.service.priceUrl ?? p.service.url })),
  ].filter((s, i, all) => all.findIndex((o) => o.url === s.url) === i);
  return {
    kind: 'recommend',
    declined: false,
    handoff: false,
    confidence: Math.min(1, fit * 1.5),
    sources,
    content: parts.join('\n\n').replace(/ {2,}/g, ' '),
  };
}
