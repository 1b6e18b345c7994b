/**
 * The built-in reply: for each question, the best section's sentences in its own words under its
 * heading, linked, and a second section that scores close; a price asked of a named service first,
 * from its data; the likely sections as choices when the best is not clearly ahead. Below
 * DECLINE_BELOW, or for terms of payment no section states, it declines and offers a person.
 */
import { priceSentence } from '../corpus/price';
import { terms } from '../corpus/text';
import type { ServiceFacts } from '../corpus/schema';
import { docSource, sectionLink } from './render';
import { declineReply, personOffer, type Firm } from './replies';
import { DECLINE_BELOW, PRICE, type Match, type Retrieval, type Retrieved } from './retrieve';
import type { Section, Unit } from './search';
import type { AdvisorReply } from './types';

/** A second section is quoted when it scores at least this share of the best one. */
const SECOND = 0.2;
/**
 * Below this share of the kept sections' scores (a softmax), the reply offers the likely ones as
 * choices: cross-validated, the best answers 64% below it (one of the choices 85%), 94% above.
 */
export const CHOOSE_BELOW = 0.7;
/** A choice's least chance; choices offered at most; words a choice's text may have. */
export const LIKELY = 0.05;
const CHOICES = 3;
const SHORT = 40;
/** Terms no price answers (payment, rescheduling): a question (no demand) must find one named. */
const TERMS =
  /\b(discount\w*|installments?|financ\w*|payment plans?|refund\w*|money back|price[- ]?match\w*|match (?:it|(?:that|their|the|this|a) (?:price|quote|rate|offer|deal|bid))|bundle\w*|prepa(?:y|id)\w*|(?<=\bpa(?:y|id)\b[^.?!]{0,40})up ?front|deposits?|credit cards?|hourly|per hour|reschedul\w*|monthly payments|(?:split|spread) (?:the|our|a|that|this|it)(?: \w+)? (?:cost|fee|payment|bill|price|invoice)s?)\b/gi;
const ASKS = /\?\W*$|^(?:if\b.* )?(?:do|does|is|are|can|could|will|would|what|whats|how|any)\b/i;
const termsIn = (text: string) => new Set([...text.matchAll(TERMS)].flatMap((t) => terms(t[0])));
const statesTerms = (q: string, { doc }: Section) =>
  !ASKS.test(q) || [...termsIn(q)].every((w) => termsIn(doc.text).has(w));

/** A section's quotation: its paragraphs' sentences joined, its list items as a list. */
function quoted(section: Section, units: readonly Unit[]): string {
  const lines: string[] = [];
  units.forEach((u, i) => {
    const before = units[i - 1];
    if (u.item) lines.push(`- ${u.text}`);
    else if (before?.line === u.line && !before.item) lines[lines.length - 1] += ` ${u.text}`;
    else lines.push(...(before ? ['', u.text] : [u.text]));
  });
  const [first = '', ...rest] = lines;
  const opening = first.startsWith('- ') ? ['', first] : [` ${first}`];
  return [`**${sectionLink(section.doc)}**:${opening[0]}`, ...opening.slice(1), ...rest].join('\n');
}

/** A service's published price from its data under its price heading (or the section quoted). */
function priceFact(service: ServiceFacts, { section, quote }: Match): string {
  if (service.startingPrice === undefined) return quoted(section, quote);
  const scope = service.scope?.length
    ? ['The starting price includes:', ...service.scope.map((s) => `- ${s}`)]
    : [];
  // The price itself opens the reply on its own line; what it includes follows under its heading.
  const details = [...scope, ...(service.note ? ['', service.note] : [])].join('\n');
  return [priceSentence(service), `**${sectionLink(section.doc)}**: ${details}`].join('\n\n');
}

/** A choice's line: its section linked, its price, or its quote from the best on (SHORT words). */
function choiceLine({ section: { doc }, quote, best }: Match, services: readonly ServiceFacts[]) {
  const service = doc.facet === 'price' && services.find((s) => s.id === doc.service);
  let words = 0;
  const from = quote.slice(Math.max(0, best ? quote.indexOf(best) : 0));
  const brief = (u: Unit) => (words += u.words) <= SHORT && !u.item && !u.text.endsWith(':');
  const lines = from.filter((u, i) => brief(u) || i === 0); // no list, nor its lead-in, but first
  const text = (service && priceSentence(service)) || lines.map((u) => u.text).join(' ');
  return `- **${sectionLink(doc)}**${text ? `: ${text}` : ''}`;
}

/**
 * What one question's answer does with its sections: quotes the best (and a second close to it),
 * or, when the best is not clearly ahead or several were asked for by name, offers the likely
 * ones as choices, unless visitors ask this very question of one of them.
 */
function pick(part: Retrieved, used: Set<Section>, before?: Retrieved) {
  const fresh = part.matches.filter((m) => !used.has(m.section));
  const best = fresh[0];
  const sure = Math.max(0, ...fresh.map((m) => m.confidence));
  const finds = (m: Match) => statesTerms(part.question.text, m.section);
  if (!best || sure < DECLINE_BELOW || !fresh.slice(0, CHOICES).some(finds)) return undefined;
  // A price asked after a question far from the site ("can you run our ads? what's the fee?").
  const far = before?.matches.every((m) => m.confidence < DECLINE_BELOW / 2);
  if (far && part.question.followUp && PRICE.test(part.question.text) && sure < 1) return undefined;
  // Several asked for by name ("do you do AI?" of three services): the visitor chooses.
  const named = fresh.filter((m) => m.named);
  if (named.length > 1) return { sure, quotes: [], choices: named.slice(0, CHOICES) };
  const total = fresh.reduce((n, m) => n + m.score, 0);
  const likely = fresh.filter((m) => m.score >= total * LIKELY).slice(0, CHOICES);
  if (!best.named && best.score < total * CHOOSE_BELOW && likely.length > 1) {
    const asked = fresh.find((m) => m.confidence === 1);
    return asked ? { sure, quotes: [asked], choices: [] } : { sure, quotes: [], choices: likely };
  }
  const close = (m: Match) => m.score >= best.score * SECOND && m.confidence >= DECLINE_BELOW;
  const second = fresh.find((m) => close(m) && m.section.doc.url !== best.section.doc.url);
  return { sure, quotes: second ? [best, second] : [best], choices: [] };
}

/** The price section of the service named, discussed, or whose overview is asked this question. */
function priceOf({ question: q, matches }: Retrieved, services: readonly ServiceFacts[]) {
  const doc = matches.find((m) => m.confidence === 1)?.section.doc;
  const asked = doc?.facet === 'overview' ? doc.service : '';
  const subject = PRICE.test(q.text) ? (q.subject ?? services.find((s) => s.id === asked)) : null;
  const m = matches.find(
    ({ section: s }) =>
      s.doc.service === subject?.id && s.doc.facet === 'price' && statesTerms(q.text, s),
  );
  return subject && m && m.confidence >= DECLINE_BELOW ? { subject, m } : undefined;
}

/** The reply to a conversation's last message, from what retrieval found. */
export function quoteReply(firm: Firm, retrieval: Retrieval): AdvisorReply {
  const used = new Set<Section>();
  const blocks: string[] = [];
  let fact: string | undefined;
  const sources: Section[] = [];
  const offered: Match[] = [];
  const unanswered: string[] = [];
  let sure = 0;
  // The first price asked opens the reply (its section not offered again); others are quoted.
  const { services } = firm.index;
  const parts = retrieval.parts.map((part) => ({ part, price: priceOf(part, services) }));
  for (const { part, price } of parts.sort((a, b) => +!!b.price - +!!a.price)) {
    if (price && !fact) {
      fact = priceFact(price.subject, price.m);
      used.add(price.m.section);
      sources.unshift(price.m.section);
      continue;
    }
    const picked = pick(part, used, retrieval.parts[retrieval.parts.indexOf(part) - 1]);
    if (!picked) {
      unanswered.push(part.question.text);
      continue;
    }
    sure += picked.sure;
    for (const m of picked.quotes) {
      used.add(m.section);
      sources.push(m.section);
      blocks.push(quoted(m.section, m.quote));
    }
    if (picked.choices.length) {
      for (const m of picked.choices) used.add(m.section);
      offered.push(...picked.choices);
      const asked = retrieval.parts.length > 1 ? `"${part.question.text}"` : 'this';
      const lead = `Several parts of the site could answer ${asked}; choose the one you mean:`;
      blocks.push([lead, ...picked.choices.map((m) => choiceLine(m, services))].join('\n'));
    }
  }
  if (!blocks.length && !fact) return declineReply(firm, retrieval.message);
  const answered = retrieval.parts.length - unanswered.length;
  // What a choice sends: an FAQ's question, or a section's heading.
  const choices = offered.slice(0, CHOICES).map((m) => docSource(m.section.doc).title);
  const rest = `Our site doesn't cover the rest of your question, so I'd rather not guess.`;
  const person = unanswered.length && `${rest} ${personOffer(firm, unanswered.join(' '))}`;
  const content = [fact, ...blocks, person].filter(Boolean).join('\n\n');
  return {
    kind: sources.length ? 'answer' : 'choices',
    declined: unanswered.length > 0,
    handoff: unanswered.length > 0,
    confidence: fact ? Math.max(sure / answered, 0.8) : sure / answered,
    // Sections it quotes come first among its sources; those it offers follow.
    sources: [...sources, ...offered.map((m) => m.section)].map((s) => docSource(s.doc)),
    content,
    ...(choices.length > 1 && { choices }),
  };
}
