/**
 * Retrieval within the best sections for one question: the sentence (or list item) that answers
 * it, then the others in order. Sentences are scored by the question's words they contain (or
 * their section's heading does), the rarer the more, by whether they state the kind of fact asked
 * for (an amount, a duration...) and by their section's standing.
 */
import type { ServiceFacts } from '../index/schema';
import type { Part, Reading } from './dialogue';
import { answersAspect, VERDICT_OPENING, YES_NO } from './query';
import { FACT_ASPECTS, phrases, stated, type RankedSection } from './rank';
import { terms } from '../index/text';
import type { Section, Unit } from './search';

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
  // "What is a soft 404?", "what does AEO mean?": the sentence that says what it is.
  const definition = DEFINITION_ASKED.test(part.text)
    ? lead.units.find((u) => defines(u.unit.text, part))
    : undefined;
  if (definition && definition !== lead.units[0]) {
    lead.units = [definition, ...lead.units.filter((u) => u !== definition)];
  }
  const rest = [...lead.units.slice(1), ...others.flatMap((s) => s.units)].map((u) => ({
    ...u,
    score: u.score * Math.sqrt((sections.find((r) => r.section === u.section)?.score ?? 0) / top),
  }));
  return [lead.units[0], ...rest.sort((a, b) => b.score - a.score)];
}

/** A question asking what something is or means. */
const DEFINITION_ASKED = /\bwhat(?:'s| is| are|s)\b|\bmean(?:s|ing)?\b|\bdefin/i;
/** A sentence saying what its subject is: "A soft 404 is...", "AEO means...". */
const DEFINING = /^(?:an? |the )?(.{1,40}?) (?:is|are|means|refers to|stands for)\b(?! not\b)/i;

/** Whether a sentence defines a term the question asks about (its rarest typed word). */
function defines(text: string, part: Part): boolean {
  const subject = DEFINING.exec(text)?.[1];
  if (!subject) return false;
  const said = new Set(terms(subject));
  const topic = [...part.words, ...part.context]
    .filter((w) => w.weight === 1 && !DEFINITION_ASKED.test(w.word))
    .sort((a, b) => b.idf - a.idf)[0];
  return topic !== undefined && topic.terms.some((t) => said.has(t));
}
