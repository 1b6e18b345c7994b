/**
 * The replies not quoted from a section: a greeting, thanks, a person, and saying plainly that
 * the site does not cover a question. Each offer of a person names the questionnaire, the mailbox
 * that fits the question best (src/site.config.ts's contacts) and the chat's hand-off form.
 */
import { QUESTIONNAIRE_URL, type AdvisorIndex, type ContactFacts } from '../corpus/schema';
import { queryWords } from './query';
import type { SectionSearch } from './search';
import type { AdvisorReply, ReplyKind } from './types';
import { terms } from '../corpus/text';

/** What the built-in replies need: the index's facts and its search. */
export interface Firm {
  index: AdvisorIndex;
  search: SectionSearch;
}

/** How a decline starts unless it says why. */
export const DECLINE_LEAD = "Our site doesn't cover that, so I'd rather not guess.";
export const CONSULTATION_LINE = `[answer five short questions](${QUESTIONNAIRE_URL}) and we'll reply within 24 hours`;
const QUESTIONNAIRE_SOURCE = { title: 'Consultation questionnaire', url: QUESTIONNAIRE_URL };
const about = (c: ContactFacts) => `${c.label} ${c.description}`;

/** The mailbox whose description shares the text's rarer words (invoices), else the scoping one. */
export function mailboxFor(firm: Firm, text: string): ContactFacts | undefined {
  const { contacts } = firm.index;
  const words = queryWords(firm.search, text).filter((w) => w.idf >= 2);
  const scored = contacts.map((c) => {
    const stems = new Set(terms(about(c)));
    const score = words.reduce((s, w) => s + (w.terms.some((t) => stems.has(t)) ? w.idf : 0), 0);
    return { c, score };
  });
  const best = scored.sort((a, b) => b.score - a.score)[0];
  const scoping = contacts.find((c) => /\b(sales|consult|project)/i.test(about(c)));
  return best && best.score > 0 ? best.c : (scoping ?? contacts[0]);
}

const mail = (c: ContactFacts) => `[${c.email}](mailto:${c.email})`;

/** The offer of a person: the questionnaire, the right mailbox, the others not `shown`, a form. */
export function personOffer(firm: Firm, text: string, shown = ''): string {
  const box = mailboxFor(firm, text);
  const why = box?.description.replace(/\.$/, '').toLowerCase();
  const email = box ? `, or email **${box.label}** at ${mail(box)} (${why})` : '';
  const others = firm.index.contacts.filter((c) => c !== box && !shown.includes(c.email));
  const rest = others.map((c) => `${c.label}, ${mail(c)}`).join('; ');
  const offer = `A person can help: ${CONSULTATION_LINE}${email}. You can also leave your email below and we'll write back.`;
  return others.length ? `${offer}\n\nOther addresses: ${rest}.` : offer;
}

/** A reply that quotes no section: sure of itself unless it declines. */
const unquoted = (kind: ReplyKind, content: string, handoff = false): AdvisorReply => ({
  kind,
  declined: kind === 'decline',
  handoff,
  confidence: kind === 'decline' ? 0 : 1,
  sources: kind === 'handoff' ? [QUESTIONNAIRE_SOURCE] : [],
  content,
});

/** Says plainly that the site does not answer this and offers a person: no pitch, no sources. */
export const declineReply = (firm: Firm, text: string) =>
  unquoted('decline', [DECLINE_LEAD, personOffer(firm, text)].join('\n\n'), true);

/** The visitor asked for a person, a quote or a call: after what the site says of it, if sure. */
export function handoffReply(firm: Firm, text: string, quoted?: AdvisorReply): AdvisorReply {
  const says = quoted?.kind === 'answer' && !quoted.declined ? quoted : undefined;
  const content = [
    'Happy to put you in touch with a person.',
    says?.content,
    personOffer(firm, text, says?.content),
    "I can't book calls or send quotes from this chat myself, but the person who writes back can.",
  ];
  const reply = unquoted('handoff', content.filter(Boolean).join('\n\n'), true);
  return says ? { ...reply, sources: [...says.sources, ...reply.sources] } : reply;
}

export const greeting = (firm: Firm) =>
  unquoted(
    'smalltalk',
    `Hello! I can answer questions about ${firm.index.firm.name}: which service fits your situation, what it costs and includes, how long it takes, and what our guides say about SEO and AI search. What are you working on?`,
  );

export const thanks = () =>
  unquoted('smalltalk', "You're welcome! Is there anything else I can help you with?");
