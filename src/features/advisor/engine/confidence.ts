/**
 * How sure the engine is of an answer: the share of the asked words its sentence and section
 * state, with what the question asks for (an amount, a duration, a person) found or not.
 */
import { answersAspect } from './query';
import type { Part } from './dialogue';
import { askedWords, coverage, FACT_ASPECTS } from './rank';
import type { RankedUnit } from './units';

/**
 * How sure the engine is that `lead` answers the question, 0-1: what share of the asked words
 * the sentence (with its heading) states and what share its section states, lowered when the
 * question asks for an amount, a duration or a number and the sentence states none.
 */
export function partConfidence(part: Part, lead: RankedUnit | undefined): number {
  if (!lead) return 0;
  const wanted = FACT_ASPECTS.filter((a) => part.aspects.has(a));
  const answered = wanted.filter((a) => answersAspect(a, lead.unit.text, lead.section.doc) > 0);
  // Words that ask for a kind of fact ("how soon", "cost") are answered by a figure of it.
  const cued = new Set(answered.flatMap((a) => [...(part.cues.get(a) ?? [])]));
  const asked = askedWords(part).filter((w) => !cued.has(w.terms[0]));
  if (asked.length === 0) return answered.length ? 0.9 : 0.5;
  const sentence = coverage(asked, lead.unit.terms, lead.section.head);
  const section = coverage(asked, lead.section.all);
  const fits = wanted.length === 0 || answered.length > 0;
  // A name the site never mentions ("WebFX", "HIPAA") is what the question is about.
  const stranger = asked.some((w) => w.name) ? 0.5 : 1;
  const topical = Math.min(1, (0.55 * sentence + 0.45 * section) * (fits ? 1 : 0.8) * stranger);
  // A question about a service it names (or the one in discussion) that asks for a kind of
  // fact is answered by that service's sentence stating it, whatever else the message says
  // ("Pretend your prices are in euros... what does data insights cost?").
  const own =
    part.subject &&
    (part.names || part.followUp) &&
    lead.section.doc.service === part.subject.id &&
    answered.length > 0;
  // "Anything cheaper?" answered by the lowest starting price.
  const cheapest = part.cheaper && lead.section.doc.service === part.cheaper.id;
  // "Who should I email?", "who would build it?": answered by an address (or the list of them
  // that the sentence introduces), or by our people.
  const kind = lead.section.doc.kind;
  const reaches =
    (part.aspects.has('contact') &&
      kind === 'contact' &&
      (lead.unit.text.includes('@') ||
        (lead.unit.text.endsWith(':') && lead.section.doc.text.includes('@')))) ||
    (part.aspects.has('person') && answersAspect('person', lead.unit.text, lead.section.doc) === 1);
  return own || cheapest || reaches ? Math.max(topical, SERVICE_FACT) : topical;
}

/** The confidence of a service's own sentence stating the kind of fact asked about it. */
const SERVICE_FACT = 0.8;
