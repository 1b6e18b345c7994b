/**
 * Two services set side by side ("what's the difference between your SEO services and the
 * website optimization?", "the workshop or the data thing first?"): what their own pages say
 * about choosing between them, when one names the other, then each with its starting price, what
 * it is and what the price includes, from the services' facts.
 */
import { priceSentence } from '../index/price';
import type { ServiceFacts } from '../index/schema';
import { docSource, sectionLink } from './render';
import type { Part } from './dialogue';
import type { Ranking } from './rank';
import { joinList } from './recommend';
import { CONSULTATION_LINE } from './replies';
import type { Unit } from './search';
import type { AdvisorReply } from './types';

/** A sentence that leans on the one before it. */
const LEANS_BACK = /^(if|it|this|that|they|others|so|but|otherwise)\b/i;

/** The first two words of a service's name, as its pages mention it ("Discovery Workshop"). */
const shortName = (s: ServiceFacts) =>
  s.name
    .split(/\s+&?\s*/)
    .slice(0, 2)
    .join(' ');

export function comparisonReply(ranking: Ranking, part: Part): AdvisorReply {
  const [a, b] = part.compares!;
  // A sentence of one service's page that names the other: how the site tells them apart.
  const choosing: {
    unit: Unit;
    doc: (typeof ranking.search.sections)[number]['doc'];
    text: string;
  }[] = [];
  for (const [own, other] of [
    [a, b],
    [b, a],
  ] as const) {
    const named = shortName(other).toLowerCase();
    for (const section of ranking.search.sections) {
      if (section.doc.service !== own.id || section.doc.facet === 'price') continue;
      section.units.forEach((unit, i) => {
        if (!unit.text.toLowerCase().includes(named)) return;
        // "If you cannot yet, a Discovery Workshop..." needs the sentence before it.
        const before = section.units[i - 1];
        const leans = before && before.line === unit.line && LEANS_BACK.test(unit.text);
        const text = leans ? `${before.text} ${unit.text}` : unit.text;
        choosing.push({ unit, doc: section.doc, text });
      });
    }
  }
  // The sentences that best match the question, from a section about choosing between them first.
  const asked = new Set(part.words.flatMap((w) => w.terms));
  const score = (c: (typeof choosing)[number]) =>
    [...c.unit.terms].filter((t) => asked.has(t)).length +
    (c.doc.title.toLowerCase().includes(shortName(a).toLowerCase()) &&
    c.doc.title.toLowerCase().includes(shortName(b).toLowerCase())
      ? 2
      : 0);
  const advice = [...choosing].sort((x, y) => score(y) - score(x)).slice(0, 2);
  // Pages that do not mention each other: whom each is for, in its own words.
  const audiences = advice.length
    ? []
    : [a, b].flatMap((s) => (s.audience ? [s.audience.split(/(?<=\.)\s/)[0]] : []));
  const line = (s: ServiceFacts) => {
    const price =
      s.startingPrice === undefined
        ? 'It has no published starting price: it is quoted for each client.'
        : priceSentence(s);
    const scope = s.scope?.length ? ` The starting price includes ${joinList(s.scope)}.` : '';
    return `[${s.name}](${s.url}): ${s.description} ${price}${scope}`;
  };
  const sources = [
    ...advice.map((c) => docSource(c.doc)),
    ...[a, b].map((s) => ({ title: s.name, url: s.priceUrl ?? s.url })),
  ].filter((s, i, all) => all.findIndex((o) => o.url === s.url) === i);
  const content = [
    advice.length
      ? advice.map((c) => c.text).join(' ')
      : `${a.name} and ${b.name} are different services. ${audiences.join(' ')}`.trim(),
    [line(a), line(b)].map((l) => `- ${l}`).join('\n'),
    advice.length
      ? `Read more: ${[...new Set(advice.map((c) => sectionLink(c.doc)))].join(' and ')}.`
      : '',
    `To work out which fits you, ${CONSULTATION_LINE}.`,
  ]
    .filter(Boolean)
    .join('\n\n');
  return {
    kind: 'answer',
    declined: false,
    handoff: false,
    confidence: 0.8,
    sources: sources.slice(0, 4),
    content,
  };
}
