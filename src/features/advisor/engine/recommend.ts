/**
 * Recommendations for a visitor who describes their situation: the one or two services whose
 * pages (who they are for, what they include, what they achieve) match it best, each with its
 * starting price, what the price includes, and the line of its page that shows why it fits.
 */
import type { Advisor } from './advisor';
import { units, wordHits } from './excerpt';
import type { AdvisorDoc, ServiceFacts } from '../index/schema';
import {
  CONSULTATION_LINE,
  priceFacts,
  serviceLink,
  serviceSource,
  type AdvisorReply,
} from './replies';
import { questionWords, type QueryWord } from './search';
import { joinList } from './service-replies';

/** A second service is suggested when it fits nearly as well as the first. */
const SECOND_CHOICE = 0.7;

interface Fit {
  service: ServiceFacts;
  score: number;
}

/**
 * The services that fit a situation, or undefined when nothing on their pages matches it.
 * `only` limits the choice (a question that names a service by a word: "do you work with
 * law enforcement?").
 */
export function recommend(
  advisor: Advisor,
  question: string,
  only?: ServiceFacts,
): AdvisorReply | undefined {
  const words = questionWords(question);
  const { fits, coverage } = rankServices(advisor, words, only);
  const [first, second] = fits;
  if (!first || (!only && coverage < 0.15)) return undefined;
  const picks = second && second.score >= first.score * SECOND_CHOICE ? [first, second] : [first];
  const parts = [
    only
      ? `Yes: that is what our **${only.name}** service is for.`
      : `From what you describe, I would start with ${picks.map((p) => `**${p.service.name}**`).join(' or ')}.`,
  ];
  for (const { service } of picks) {
    const price = priceFacts(service);
    const why = reasonsFor(advisor, service, words);
    const includes = service.scope?.length ? ` It includes ${joinList(service.scope)}.` : '';
    parts.push(
      `${serviceLink(service)} ${price ?? 'is quoted for each client'}. ${service.description} ${why}${includes}`.replace(
        /\s+/g,
        ' ',
      ),
    );
  }
  parts.push(`To confirm the fit and get a quote for your situation, ${CONSULTATION_LINE}.`);
  return {
    kind: 'recommend',
    sources: picks.map((p) => serviceSource(p.service)),
    content: parts.join('\n\n'),
  };
}

/**
 * Services ranked by how well their pages match the words: each service's best section, plus a
 * little for every other section that matches (the page answers them more than once). Also the
 * best coverage any section reached.
 */
export function rankServices(
  advisor: Advisor,
  words: QueryWord[],
  only?: ServiceFacts,
): { fits: Fit[]; coverage: number } {
  const hits = advisor.search.search(words, {
    limit: 30,
    // What the visitor is after ("where to begin") counts as much as what they typed.
    addedWeight: 1,
    filter: (d) => d.kind === 'service' && (!only || d.service === only.id),
  });
  const fits = new Map<string, Fit>();
  for (const h of hits) {
    const service = advisor.index.services.find((s) => s.id === h.doc.service);
    if (!service) continue;
    const fit = fits.get(service.id);
    if (!fit) fits.set(service.id, { service, score: h.score });
    else fit.score += h.score * 0.25;
  }
  return {
    fits: [...fits.values()].sort((a, b) => b.score - a.score),
    coverage: Math.max(0, ...hits.map((h) => h.coverage)),
  };
}

/**
 * The lines of a service's page that best match the visitor's words: why it fits them. The
 * second line must add words the first did not (a page often says one thing twice).
 */
function reasonsFor(advisor: Advisor, service: ServiceFacts, words: QueryWord[]): string {
  const docs = advisor.index.docs.filter(
    (d: AdvisorDoc) =>
      d.service === service.id && d.facet !== 'price' && d.facet !== 'requirements',
  );
  const lines = docs
    .flatMap((d) => units(d.text))
    .map((u) => ({ text: u.text, hits: wordHits(advisor.search, words, u.text) }))
    .filter((u) => u.text !== service.description);
  const chosen: string[] = [];
  const answered = words.map(() => false);
  for (let n = 0; n < 2; n++) {
    const gain = (u: (typeof lines)[number]) =>
      u.hits.reduce((sum, h, k) => sum + (answered[k] ? 0 : h), 0);
    const best = lines.filter((u) => !chosen.includes(u.text)).sort((a, b) => gain(b) - gain(a))[0];
    if (!best || gain(best) === 0 || (n > 0 && gain(best) < 10)) break;
    chosen.push(/[.!?]$/.test(best.text) ? best.text : `${best.text}.`);
    best.hits.forEach((h, k) => (answered[k] ||= h > 0));
  }
  return chosen.join(' ');
}
