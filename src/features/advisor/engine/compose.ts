/**
 * Composing an answer from the ranked sentences: the sentence that answers each question first,
 * then what completes it (the next sentence when it carries the point on, the list a sentence
 * introduces or a list question asks for, and sentences that state what the question asked and
 * the first did not), quoted as the sections state them (render.ts puts them into words).
 */
import { partConfidence } from './confidence';
import type { Part, Reading } from './dialogue';
import { askedWords, coverage, type RankedSection } from './rank';
import { rankUnits, type RankedUnit } from './units';
import { answersAspect, VERDICT_OPENING, YES_NO, type Aspect } from './query';
import type { QueryWord, Section } from './search';

/** Aspects a second sentence with a figure helps answer. */
const FACTS: readonly Aspect[] = ['price', 'discount', 'duration', 'count'];

/** One question's answer: its sentences (the answering one first), sections and confidence. */
export interface PartAnswer {
  part: Part;
  sections: RankedSection[];
  lead?: RankedUnit;
  /**
   * The answering sentence in its paragraph, in the page's order: the sentence before it when
   * it leans on that one ("beyond that"), the lead, and the sentences after it that carry its
   * point on.
   */
  paragraph: RankedUnit[];
  /** Everything quoted, the lead first: the paragraph, then lists and further sentences. */
  units: RankedUnit[];
  confidence: number;
}

/** Fewer words than this make a sentence that says little on its own ("Prefer email?"). */
const FRAGMENT = 4;
/** Words a part's quotation runs to, lists aside. */
const WORD_BUDGET = 130;
/** Words the answering paragraph runs to. */
const PARAGRAPH_BUDGET = 90;
/** Words a section runs to that is quoted whole (an FAQ answer, a service's list of features). */
const SHORT_SECTION = 100;
/** List items quoted at most. */
const LIST_ITEMS = 12;
/** A sentence that leans on the one before it. */
const LEANS_BACK =
  /^(it|its|this|that|these|those|they|such|so|but|however|also|then|there|both|the same)\b|\b(beyond that|because of this|as a result)\b/i;
/** A sentence that gives a section's verdict, which a yes-or-no question asks for. */
const VERDICT =
  /\b(our (position|advice|view)|we recommend|the short answer|in short|bottom line|in practice|the lowest|not required|optional)\b/i;
/** How a step of a schedule starts: "Weeks 1-2: Assess.", "The following week." */
const SCHEDULE =
  /^(weeks?|months?|days?|phase|step) \d|^(before|within|the session|the following|the next|after|during|every month)\b/i;

const words = (text: string) => text.split(/\s+/).length;

/** The units of a list from `first` on, less the items about a service barred to the visitor. */
function listOf(section: Section, first: number, barred: readonly string[]): RankedUnit['unit'][] {
  const out = [];
  for (let i = first; section.units[i]?.item; i++) {
    const item = section.units[i];
    if (!barred.some((name) => item.text.includes(name))) out.push(item);
  }
  return out;
}

/** The first item of the list a unit belongs to. */
function listStart(section: Section, index: number): number {
  let i = index;
  while (i > 0 && section.units[i - 1].item) i--;
  return i;
}

/**
 * Chooses what to quote for one question, the answering unit first; `used` holds the sentences
 * that already answer an earlier question of the message, which this one does not repeat.
 */
export function answerPart(
  part: Part,
  reading: Reading,
  sections: RankedSection[],
  used: ReadonlySet<RankedUnit['unit']> = new Set(),
): PartAnswer {
  const ranked = rankUnits(part, reading, sections).filter((r) => !used.has(r.unit));
  const best = ranked[0];
  if (!best || best.score <= 0) {
    return { part, sections, paragraph: [], units: [], confidence: 0 };
  }
  // A question only about how long something takes ("how long does it take?"), answered by one
  // step of a schedule, is answered by the schedule from its first step.
  const whole = part.aspects.has('duration') && !askedWords(part).some((w) => w.weight >= 0.5);
  const schedule = whole ? scheduleOf(best.section) : [];
  const lead =
    schedule.includes(best.unit) && schedule[0] !== best.unit
      ? { ...best, unit: schedule[0] }
      : best;
  const { section, unit } = lead;
  const asked = askedWords(part);
  const chosen: RankedUnit[] = [lead];
  const has = (u: RankedUnit['unit']) => chosen.some((c) => c.unit === u);
  const add = (u: RankedUnit['unit'], from = section) => {
    if (!has(u)) chosen.push({ section: from, unit: u, score: 0 });
  };
  const missingFrom = (units: RankedUnit['unit'][]) =>
    asked.filter((w) => !units.some((u) => u.terms.has(w.terms[0])));

  // The paragraph: the sentence before when the lead leans on it or it states what the lead
  // does not; the sentences after, while they fit.
  const paragraph: RankedUnit[] = [lead];
  const before = section.units[unit.index - 1];
  if (before && !before.item && before.line === unit.line && !unit.item) {
    const states = missingFrom([unit]).some((w) => before.terms.has(w.terms[0]));
    if (LEANS_BACK.test(unit.text) || states) {
      paragraph.unshift({ section, unit: before, score: 0 });
      add(before);
    }
  }
  let budget = paragraph.reduce((n, r) => n + words(r.unit.text), 0);
  const faq = section.doc.kind === 'faq';
  for (let i = unit.index + 1; i < section.units.length; i++) {
    const next = section.units[i];
    if (next.item || (!faq && next.line !== unit.line)) break;
    // A short answering sentence always keeps the one after it, which says what it means.
    const short = i === unit.index + 1 && words(unit.text) < 15;
    if (!short && budget + words(next.text) > (faq ? WORD_BUDGET : PARAGRAPH_BUDGET)) break;
    paragraph.push({ section, unit: next, score: 0 });
    add(next);
    budget += words(next.text);
  }

  // A list the answer introduces, or a list question's list, is quoted whole; a list right
  // after the paragraph when its items state what was asked.
  const afterParagraph = paragraph[paragraph.length - 1].unit.index + 1;
  const following = section.units[afterParagraph];
  const wantsList = part.aspects.has('list') && section.units.some((u) => u.item);
  // A list asked for is quoted whole; otherwise without a service barred to the visitor.
  const barred = wantsList ? [] : reading.barred;
  if (unit.item && (wantsList || unit.text.endsWith(':'))) {
    const items = listOf(section, listStart(section, unit.index), barred);
    for (const item of items.slice(0, LIST_ITEMS)) add(item);
  } else if (following?.item || FACTS.some((a) => part.aspects.has(a))) {
    // The list after the paragraph, or the section's list of figures for a question about them.
    const start = following?.item ? afterParagraph : section.units.findIndex((u) => u.item);
    const list = start >= 0 ? listOf(section, start, barred) : [];
    // An item relevant to the question: it states a rarer word asked, or (for a sentence that
    // introduces figures) the kind of fact asked.
    const relevant = list.filter(
      (item) =>
        asked.some((w) => w.idf >= 2 && item.terms.has(w.terms[0])) ||
        (!unit.item &&
          [...part.aspects].some((a) => answersAspect(a, item.text, section.doc) === 1)),
    );
    const last = paragraph[paragraph.length - 1].unit.text;
    // What a service costs comes with what its starting price includes.
    const scope = part.aspects.has('price') && section.doc.facet === 'price' && !unit.item;
    if ((following?.item && (last.endsWith(':') || wantsList)) || scope) {
      for (const item of list.slice(0, LIST_ITEMS)) add(item);
    } else if (relevant.length >= 2) {
      // Not a list question: only the items that state what was asked.
      for (const item of relevant.slice(0, LIST_ITEMS)) add(item);
    }
  }
  budget = chosen.reduce((n, r) => n + (r.unit.item ? 0 : words(r.unit.text)), 0);

  // A question about how long something takes, answered by a section that runs week by week,
  // gets the whole schedule: the opening sentence of each step.
  if (part.aspects.has('duration')) {
    const steps = scheduleOf(section);
    if (steps.length) {
      for (const u of steps) {
        // A step named by a label only ("Before the session.") goes on to what happens in it,
        // unless that is already quoted.
        const next = section.units[section.units.indexOf(u) + 1];
        const label = words(u.text) <= 4 && next?.line === u.line ? next : undefined;
        if (label && has(label)) continue;
        add(u);
        if (label) add(label);
      }
    }
  }
  // Other sentences of the section that state the rarer words asked, in the page's order.
  const rare = asked.filter((w) => w.idf >= 2 && w.weight >= 0.5);
  for (const u of section.units) {
    if (has(u) || u.item || u.text.endsWith(':') || words(u.text) < FRAGMENT) continue;
    if (!rare.some((w) => u.terms.has(w.terms[0]))) continue;
    if (budget + words(u.text) > WORD_BUDGET) break;
    add(u);
    budget += words(u.text);
  }

  // A yes-or-no question gets the section's verdict.
  if (YES_NO.test(part.text)) {
    const verdict = section.units.find((u) => !has(u) && !u.item && VERDICT.test(u.text));
    if (verdict && budget + words(verdict.text) <= WORD_BUDGET) {
      add(verdict);
      budget += words(verdict.text);
    }
  }
  // A question about an amount, a duration or a number gets a second sentence that states one,
  // when one nearly as good says it another way ("generally 20-30% off" beside "up to 30%").
  if (FACTS.some((a) => part.aspects.has(a))) {
    const second = ranked
      .slice(1, 8)
      .find(
        (r) =>
          r.score >= lead.score * 0.5 &&
          !has(r.unit) &&
          !r.unit.text.endsWith(':') &&
          FACTS.some(
            (a) => part.aspects.has(a) && answersAspect(a, r.unit.text, r.section.doc) === 1,
          ),
      );
    if (second) {
      chosen.push(second);
      budget += words(second.unit.text);
    }
  }
  // A short section is one answer, written to be read whole: it is quoted whole.
  const total = section.units.reduce((n, u) => n + words(u.text), 0);
  if (total <= SHORT_SECTION) {
    for (const u of section.units) if (!(u.item && barred.some((b) => u.text.includes(b)))) add(u);
    budget = total;
  }
  // Sentences that state what the question asked and the chosen ones do not. A word asking
  // for a kind of fact ("how long does it take") is answered once a chosen sentence states one.
  const cued = (w: QueryWord) =>
    [...part.cues].some(
      ([a, stems]) =>
        stems.has(w.terms[0]) &&
        chosen.some((c) => answersAspect(a, c.unit.text, c.section.doc) === 1),
    );
  const open = (w: QueryWord) =>
    !cued(w) && !chosen.some((c) => c.unit.terms.has(w.terms[0]) || c.section.head.has(w.terms[0]));
  const leadGain = gain(asked, lead);
  // Only from the lead's own page: a sentence elsewhere that shares a word is rarely about it.
  const page = section.doc.url.split('#')[0];
  const near = new Set(
    sections
      .slice(0, 3)
      .map((s) => s.section)
      .filter((s) => s.doc.url.split('#')[0] === page),
  );
  for (let round = 0; round < 2; round++) {
    const missing = asked.filter(open);
    if (missing.length === 0) break;
    const best = ranked
      .filter(
        (r) =>
          near.has(r.section) &&
          !has(r.unit) &&
          !r.unit.text.endsWith(':') &&
          words(r.unit.text) >= FRAGMENT,
      )
      .map((r) => ({ r, g: gain(missing, r) }))
      .filter(({ r, g }) => g >= leadGain * 0.3 && budget + words(r.unit.text) <= WORD_BUDGET)
      .sort((a, b) => b.g - a.g)[0];
    if (!best) break;
    chosen.push(best.r);
    budget += words(best.r.unit.text);
  }
  // A lead that only says yes or no is as sure as the sentences of its paragraph that say why.
  const verdict = VERDICT_OPENING.test(unit.text);
  const confidence = Math.max(
    ...(verdict ? paragraph : [lead]).map((r) => partConfidence(part, r)),
  );
  return { part, sections, lead, paragraph, units: chosen, confidence };
}

/** The opening sentences of a section's steps when it runs as a schedule (three or more). */
function scheduleOf(section: Section): RankedUnit['unit'][] {
  const steps = section.units.filter(
    (u, i) => !u.item && section.units[i - 1]?.line !== u.line && SCHEDULE.test(u.text),
  );
  return steps.length >= 3 ? steps : [];
}

/** What a unit adds of `missing`: the rarity of the words it states. */
function gain(missing: readonly QueryWord[], r: RankedUnit): number {
  return missing.reduce(
    (sum, w) => sum + (r.unit.terms.has(w.terms[0]) ? w.idf : 0) * (w.weight >= 0.8 ? 1 : 0.3),
    0,
  );
}

/** Share of the asked words a whole answer states, for comparing answers. */
export function answerCoverage(answer: PartAnswer): number {
  return coverage(
    askedWords(answer.part),
    ...answer.units.map((u) => u.unit.terms),
    ...answer.units.map((u) => u.section.head),
  );
}
