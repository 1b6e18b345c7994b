/**
 * The built-in advisor's replies, composed from the site's own words: prices, scopes and
 * periods only from the services' structured facts, everything else quoted from the section
 * that answers, with a link to that exact place.
 */
import { formatUsd } from '../../../lib/format';
import { formatUsdRange } from '../../../lib/services';
import type { ChatSource } from '../contract';
import type { Advisor } from './advisor';
import {
  CONTACT_URL,
  QUESTIONNAIRE_URL,
  type AdvisorDoc,
  type ServiceFacts,
} from '../index/schema';

/** What the built-in advisor answers, and what kind of answer it is. */
export interface AdvisorReply {
  content: string;
  sources: ChatSource[];
  /** Offer the hand-off to a person (the questionnaire and the email form). */
  handoff?: boolean;
  kind: 'answer' | 'recommend' | 'decline' | 'handoff' | 'smalltalk';
}

/** How a decline starts unless it says why; a second decline in a row offers the hand-off. */
export const DECLINE_LEAD = "I couldn't find that on our site, and I'd rather not guess.";
/** The line every decline offers a person with, so the next turn can tell it declined. */
export const DECLINE_OFFER = 'A person can help:';

export function bullets(list: readonly string[]): string {
  return list.map((item) => `- ${item}`).join('\n');
}

export function serviceLink(s: ServiceFacts): string {
  return `[${s.name}](${s.url})`;
}

export function serviceSource(s: ServiceFacts, url = s.url): ChatSource {
  return { title: s.name, url };
}

export function docSource(doc: AdvisorDoc): ChatSource {
  const title =
    doc.kind === 'article' && doc.title !== doc.page ? `${doc.page}: ${doc.title}` : doc.page;
  return { title: doc.kind === 'faq' ? doc.title : title, url: doc.url };
}

/** "starts at $3,500 (listed range $3,500-$8,000)", from the facts only. */
export function priceFacts(s: ServiceFacts): string | undefined {
  if (s.startingPrice === undefined) return undefined;
  const range = s.range ? ` (listed range ${formatUsdRange(s.range)})` : '';
  return `starts at **${formatUsd(s.startingPrice)}**${range}`;
}

const CONSULTATION = `[answer five short questions](${QUESTIONNAIRE_URL}) and we will reply within 24 hours`;

export function contactList(advisor: Advisor): string {
  return bullets(
    advisor.index.contacts.map(
      (c) => `**${c.label}**: [${c.email}](mailto:${c.email}). ${c.description}`,
    ),
  );
}

function salesContact(advisor: Advisor) {
  const { contacts } = advisor.index;
  return contacts.find((c) => /sales|consult/i.test(c.label)) ?? contacts[0];
}

export function greeting(advisor: Advisor): AdvisorReply {
  return {
    kind: 'smalltalk',
    sources: [],
    content: `Hello! I can answer questions about ${advisor.index.firm.name}: which service fits your situation, what it costs and includes, how long it takes, and what our guides say about SEO and AI search. What are you working on?`,
  };
}

export function thanks(): AdvisorReply {
  return {
    kind: 'smalltalk',
    sources: [],
    content: 'You are welcome! Is there anything else I can help you with?',
  };
}

/** The visitor asked for a person, a quote or a call. */
export function handoffReply(advisor: Advisor): AdvisorReply {
  const sales = salesContact(advisor);
  return {
    kind: 'handoff',
    handoff: true,
    sources: [{ title: 'Consultation questionnaire', url: QUESTIONNAIRE_URL }],
    content: [
      'Happy to put you in touch with a person.',
      `- The quickest way: ${CONSULTATION} with a recommendation and what it would cost.`,
      `- Or leave your email below and we will write to you.`,
      sales ? `- Or email ${sales.label} directly at [${sales.email}](mailto:${sales.email}).` : '',
    ]
      .filter(Boolean)
      .join('\n'),
  };
}

/**
 * Says plainly that the site does not answer this (or why the advisor will not), and where a
 * person can. `extra` goes between the reason and the offer (what the site does say).
 */
export function declineReply(
  advisor: Advisor,
  { handoff = false, lead = DECLINE_LEAD, extra = '', sources = [] as ChatSource[] } = {},
): AdvisorReply {
  return {
    kind: 'decline',
    ...(handoff ? { handoff: true } : {}),
    sources: [...sources, { title: 'Consultation questionnaire', url: QUESTIONNAIRE_URL }],
    content: [
      lead,
      extra,
      `${DECLINE_OFFER} ${CONSULTATION}, or email the right team:`,
      contactList(advisor),
    ]
      .filter(Boolean)
      .join('\n\n'),
  };
}

export function contactReply(advisor: Advisor): AdvisorReply {
  return {
    kind: 'answer',
    sources: [{ title: 'Contact us', url: CONTACT_URL }],
    content: [
      advisor.index.contactIntro || 'You can reach the right team by email:',
      contactList(advisor),
      `Or ${CONSULTATION}.`,
    ].join('\n\n'),
  };
}

export function firmReply(advisor: Advisor): AdvisorReply {
  const doc = advisor.index.docs.find((d) => d.kind === 'firm');
  if (!doc) return declineReply(advisor);
  const [description, where] = doc.text.split('\n');
  return {
    kind: 'answer',
    sources: [docSource(doc)],
    content:
      `${where ?? ''} ${description ?? ''}\n\nMeet the team on [our consultants page](${doc.url}).`.trim(),
  };
}

export function teamReply(advisor: Advisor): AdvisorReply {
  const people = advisor.index.docs.filter((d) => d.kind === 'consultant');
  if (people.length === 0) return declineReply(advisor);
  // Name, title and the first sentence of each bio: the page has the rest.
  const line = (d: AdvisorDoc) =>
    `**${d.title}**. ${(d.text.split('\n')[1] ?? '').split(/(?<=\.)\s/)[0] ?? ''}`.trim();
  return {
    kind: 'answer',
    sources: [{ title: people[0]!.page, url: '/consultants' }],
    content: `You would work directly with our consultants:\n\n${bullets(people.map(line))}\n\nMore about each of them on [our consultants page](/consultants).`,
  };
}

/** Every published starting price, lowest first. */
export function priceListReply(advisor: Advisor): AdvisorReply {
  const priced = advisor.index.services
    .filter((s) => s.startingPrice !== undefined)
    .sort((a, b) => a.startingPrice! - b.startingPrice! || a.name.localeCompare(b.name));
  const quoted = advisor.index.services.filter((s) => s.startingPrice === undefined);
  const parts = [
    'Our services have published starting prices:',
    bullets(priced.map((s) => `${serviceLink(s)}: from ${formatUsd(s.startingPrice!)}`)),
  ];
  if (quoted.length) {
    parts.push(
      `${quoted.map(serviceLink).join(' and ')} ${quoted.length > 1 ? 'are' : 'is'} quoted for each client.`,
    );
  }
  parts.push(
    `Each service page lists what the price includes. For a quote that fits your project, ${CONSULTATION}.`,
  );
  return {
    kind: 'answer',
    sources: [...priced, ...quoted].slice(0, 8).map((s) => serviceSource(s)),
    content: parts.join('\n\n'),
  };
}

export const CONSULTATION_LINE = CONSULTATION;

/** Every service, with what it is and what it starts at (the home page's services section). */
export function serviceListReply(advisor: Advisor): AdvisorReply {
  const line = (s: ServiceFacts) => {
    const price =
      s.startingPrice === undefined
        ? 'quoted for each client'
        : `from ${formatUsd(s.startingPrice)}`;
    return `${serviceLink(s)} (${price}): ${s.summary ?? s.description}`;
  };
  return {
    kind: 'answer',
    sources: [{ title: 'Our services', url: '/#services' }],
    content: [
      `We offer ${advisor.index.services.length} services:`,
      bullets(advisor.index.services.map(line)),
      `Not sure which fits? Tell me about your situation, or ${CONSULTATION}.`,
    ].join('\n\n'),
  };
}
