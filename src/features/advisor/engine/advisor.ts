/**
 * The built-in advisor. A conversation is read (dialogue.ts: the questions of the last message,
 * the service in discussion, what a follow-up refers to), each question retrieves the sections
 * that answer it and the sentence that answers its aspect (rank.ts), and the reply is composed
 * from those sentences with links to their sections (compose.ts), or recommends the services
 * that fit a situation (recommend.ts). Below DECLINE_BELOW confidence it says the site does not
 * cover the question and offers a person (replies.ts). Pure: no Workers APIs, so the evaluation
 * in tests/advisor runs it directly on the built index.
 */
import type { ChatMessage } from '../contract';
import type { AdvisorDoc, AdvisorIndex } from '../index/schema';
import { priceSentence } from '../index/price';
import { answerPart, type PartAnswer } from './compose';
import { answerSources, asSentence, renderRest, sectionLink, speaker } from './render';
import { readConversation, type Part, type Reading } from './dialogue';
import { serviceNames, type ServiceNames } from './naming';
import { coverage, isGuide, rankSections, type Ranking } from './rank';
import { queryWords, VERDICT_OPENING } from './query';
import { comparisonReply } from './compare';
import { recommend } from './recommend';
import { declineReply, greeting, handoffReply, personOffer, thanks, type Firm } from './replies';
import { SectionSearch, type Unit } from './search';
import type { AdvisorReply } from './types';

/** An index made ready for questions, once per isolate. */
export interface Advisor extends Ranking, Firm {
  names: ServiceNames;
}

export function prepareAdvisor(index: AdvisorIndex): Advisor {
  return {
    index,
    search: SectionSearch.load(index.search, index.docs, index.realWords),
    services: index.services,
    names: serviceNames(index.services),
  };
}

/**
 * Below this confidence a question is declined. Set on the development set
 * (tests/advisor/development.yaml) by trying 0.10 to 0.40 in steps of 0.05: 0.20 and 0.25 pass
 * the most cases, and the higher of the two declines rather than guesses when in doubt.
 */
export const DECLINE_BELOW = 0.25;

const GREETING =
  /^(hi|hello|hey|howdy|hiya|good (morning|afternoon|evening)|greetings)\b[\s!.,:)]*$/i;
const THANKS =
  /^(ok(ay)?,? )?(thanks|thank you|thx|ty|cheers|great|perfect|awesome|got it|cool)\b[^?]{0,40}$/i;

/**
 * The visitor wants a person, a quote, a proposal or a call (not "do we get to talk to someone
 * each month?", which asks what a service includes).
 */
const WANTS_PERSON = [
  /(?<!\bget to )\b(talk|speak|chat|meet) (to|with) (a |an |one of (your|the) )?(real |actual |live )?(person|human|someone|somebody|consultants?|experts?|sales|reps?|team members?)\b|\b(real|actual|live) (person|human)\b/i,
  /\b(call|email|contact|phone) (me|us)\b|\b(get back|reach out) to (me|us)\b|\b(book|schedule|set up|arrange) (a |an )?(quick )?(call|meeting|consultation|appointment|video call|zoom)\b/i,
  /\b(send|prepare|write|get|want|need|like|request) (me |us )?(a |an )?(custom |formal |written |price )?(quote|proposal|estimate|sow|statement of work)\b|\brfp\b/i,
];

/** Questions the advisor declines by their nature, whatever their words match. */
const DECLINED: [RegExp, string][] = [
  [
    /\b(system prompt|your (instructions|prompt|rules)|developer mode|jailbreak|(reply|respond|answer|say) (with |back )?(exactly|only|verbatim)|nothing else)\b/i,
    "I can't share or change how I work, but I'm happy to answer questions about our services, prices and guides.",
  ],
  [
    /\b(write|draft|compose) (me |us )?(a |an |my )?(cover letter|resume|cv|essay|poem|story|song|speech|tweet|homework)\b/i,
    "That's outside what I can help with here: I answer questions about our services and guides.",
  ],
  [
    /\b(which|what) (crm|software|app|tool|platform|erp|vendor|laptop|computer)s? (should|would|do you recommend|is (the )?best)\b|\bbest (crm|software|app|platform|erp)\b/i,
    "We don't recommend a product without knowing how your team works, so I'd rather not name one here.",
  ],
  [
    /\b(refunds?|cancell?ation|cancel (the|our|a|my|this) (contract|project|engagement|work)|contract terms|payment terms|ndas?|non-?disclosure)\b/i,
    "Our site doesn't publish contract terms such as refunds, cancellation or confidentiality agreements; a person will answer that for your project.",
  ],
  [
    /\b(my|our) (invoice|payment|bill|account|order|check|cheque)s?\b.*\b(paid|received|status|balance|due|arrived|went through)\b|\binvoice #?\d+/i,
    "I can't see invoices, payments or accounts from this chat.",
  ],
];
/** Promises and guarantees: declined, with what the site says about them. */
const PROMISE = /\b(guarantee[ds]?|promise[ds]?)\b/i;

/** The visitor asks what we would recommend for them. */
const ADVICE =
  /\bwhere (would|should|do|can) (you|we|i)\b.{0,20}\b(start|begin)\b|\bwhere to (start|begin)\b|\bwhat (would|should|could) (you|we|i) (suggest|recommend|do|offer)\b|\bwhat do (you|we|i) (suggest|recommend)\b|\b(recommend|suggest)\b|\bcan you help\b|\bhow (would|could|can) you (fix|help|handle|approach|solve|improve)\b|\bwho (should|do|would) (we|i) (talk|speak) to\b|\bwhich (service|package|option)\b|\bwhat('s| is) the best\b|\bbest (use|option|fit|way)\b|\bwhat can you do\b|\bis (this|that) something you\b/i;

/** Answers the conversation's last user message from the site's content. */
export function answer(advisor: Advisor, messages: readonly ChatMessage[]): AdvisorReply {
  const reading = readConversation(advisor.search, advisor.names, messages);
  const text = reading.message;
  if (GREETING.test(text)) return greeting(advisor);
  if (THANKS.test(text)) return thanks();
  // "How soon does someone get back to me?" asks about a reply, not for one.
  const asksWhen = reading.parts.some((p) => p.aspects.has('duration'));
  if (!asksWhen && WANTS_PERSON.some((p) => p.test(text))) return handoffReply(advisor, text);
  const declined = DECLINED.find(([pattern]) => pattern.test(text));
  if (declined) return declineReply(advisor, text, { lead: declined[1] });
  if (PROMISE.test(text)) return promiseReply(advisor, reading);
  // Two services side by side, asked as one question.
  const compared = reading.parts.length === 1 ? reading.parts[0].compares : undefined;
  if (compared) return comparisonReply(advisor, reading.parts[0]);
  const used = new Set<Unit>();
  const answers = reading.parts.map((part) => {
    const ranked = rankSections(advisor, part, reading);
    let a = answerPart(part, reading, ranked, used);
    // A question about the firm is answered from its own pages, not a guide's advice to readers.
    if (part.aboutUs && a.lead && isGuide(a.lead.section.doc)) {
      a = answerPart(
        part,
        reading,
        ranked.filter((r) => !isGuide(r.section.doc)),
        used,
      );
    }
    if (!offered(advisor, part)) return { ...a, confidence: 0 };
    for (const u of a.units) used.add(u.unit);
    return a;
  });
  const wants = wantsRecommendation(reading);
  const bare = wants === 'bare' || wants === 'priced';
  if (wants && !answeredByFaq(answers) && (!bare || aboutFit(answers))) {
    const recommended = recommend(advisor, reading);
    const least = wants === 'bare' ? BARE_FIT : DECLINE_BELOW;
    if (recommended && recommended.confidence >= least) return recommended;
  }
  const answered = answers.filter((a) => a.lead && a.confidence >= DECLINE_BELOW);
  const confidence = answers.reduce((sum, a) => sum + a.confidence, 0) / answers.length;
  if (answered.length === 0) return declineReply(advisor, text, { confidence });
  return composeReply(advisor, reading, answered, answers.length - answered.length, confidence);
}

/**
 * A visitor describing their situation: they ask what we suggest ("asked"), they ask nothing
 * and only describe it ("told"), they ask a bare question after it ("bare": "There has to be
 * a better way?", "Is the tool broken?"), or what the work would cost or take ("priced": "How
 * much would it cost to fix that?"); the content decides the last two (aboutFit).
 */
function wantsRecommendation(reading: Reading): 'asked' | 'told' | 'bare' | 'priced' | undefined {
  if (ADVICE.test(reading.message)) return 'asked';
  if (reading.message.split(/\s+/).length < 10) return undefined;
  // A message that asks nothing ("Two dental offices, one front desk...") tells a situation.
  if (!reading.asks) return 'told';
  const own = /\b(we|we're|our|i|i'm|my|us)\b/i.test(reading.message);
  if (!own) return undefined;
  if (reading.statements.split(/\s+/).length < 12) return undefined;
  const fewWords = (p: Part) => p.words.filter((w) => w.idf >= 2 && w.weight === 1).length <= 2;
  if (reading.parts.every((p) => p.aspects.size === 0 && fewWords(p))) return 'bare';
  // "...invoices go out late. What would it cost to fix that?": what the work that fits costs.
  const aboutTheWork = (p: Part) =>
    !p.names && p.aspects.size > 0 && [...p.aspects].every((a) => WORK_FACTS.has(a));
  return reading.parts.every(aboutTheWork) ? 'priced' : undefined;
}

/** What a visitor asks of the work their situation needs: its cost and how long it takes. */
const WORK_FACTS = new Set(['price', 'duration']);

/**
 * Facets of a service page that say whom it fits, what it does and how the work goes, not what
 * it costs or needs from the client.
 */
const FIT_FACETS = new Set(['audience', 'overview', 'includes', 'results', 'engagement']);

/**
 * Whether a situation is best answered by which service fits: the section that answers it best
 * says whom a service is for or what it does (a guide or an FAQ answering it says it is a
 * question, not a search for help), or nothing answers it.
 */
function aboutFit(answers: readonly PartAnswer[]): boolean {
  const best = [...answers].sort((a, b) => b.confidence - a.confidence)[0];
  const doc = best?.lead?.section.doc;
  if (!doc || best.confidence < DECLINE_BELOW) return true;
  return doc.kind === 'service' && FIT_FACETS.has(doc.facet ?? '');
}

/**
 * How sure a recommendation must be for a situation with a bare question after it ("...Can you
 * send one over?"): the question may ask for something no service is, so the service's pages
 * must speak to the situation clearly.
 */
const BARE_FIT = 0.5;

/** How long a yes or a no said on its own before an answer is at most ("Yes, for most sites."). */
const SHORT_VERDICT = 20;

/** Whether a "do you build / offer X?" question asks for something a service page covers. */
function offered(advisor: Advisor, part: Part): boolean {
  if (part.offering === undefined) return true;
  const words = queryWords(advisor.search, part.offering);
  if (words.length === 0) return true;
  const ours = (d: AdvisorDoc) =>
    d.kind === 'service' || (d.kind === 'faq' && !d.url.startsWith('/articles/'));
  return advisor.search.search(words, ours).some((h) => coverage(words, h.section.all) >= 0.6);
}

/**
 * Whether one of the FAQs or guides answers the message squarely: FAQ answers are written for
 * the questions prospects ask about their situation ("we have no IT person, is that a
 * problem?"), the guides for the problems they meet ("a 500 error after a plugin update: where
 * do I start?").
 */
function answeredByFaq(answers: readonly PartAnswer[]): boolean {
  return answers.some((a) => {
    const doc = a.lead?.section.doc;
    const squarely = doc && a.confidence >= 0.6 && !doc.service;
    return squarely && (doc.kind === 'faq' || (isGuide(doc) && !a.part.aboutUs));
  });
}

/** The reply quoting each answered question's sentences, the answering ones first. */
function composeReply(
  advisor: Advisor,
  reading: Reading,
  answered: PartAnswer[],
  unanswered: number,
  confidence: number,
): AdvisorReply {
  const opening: string[] = [];
  const body: string[] = [];
  const alone = answered.length === 1;
  // Which service the opening, and apart from it the quotations below it, last spoke of.
  const nameOf = (id: string) => advisor.services.find((s) => s.id === id)?.name;
  const opens = speaker(nameOf);
  const quotes = speaker(nameOf);
  for (const a of answered) {
    const lead = a.lead!;
    const service = lead.section.doc.service;
    const listed = a.units.filter((u) => u.unit.item && u.section === lead.section).length > 1;
    // A list asked for opens with its introduction; an item that answers opens on its own.
    if (listed && lead.unit.item && a.part.aspects.has('list')) {
      // A list answers: its introduction opens, the whole list follows.
      opening.push(opens(service, lead.unit.intro ?? `${lead.section.doc.title}:`));
      body.push(quotes(service, renderRest(a, 'nothing', nameOf)));
      continue;
    }
    const first = a.paragraph[0].unit;
    const before = lead.section.units[first.index - 1];
    const yesNo =
      alone &&
      before?.line === first.line &&
      VERDICT_OPENING.test(before.text) &&
      before.text.length <= SHORT_VERDICT;
    const said = alone ? a.paragraph : [lead];
    const text = said
      .map((r) => (r.unit.item ? asSentence(r.section, r.unit) : r.unit.text))
      .join(' ');
    opening.push(`${yesNo ? `${before.text} ` : ''}${opens(service, text)}`);
    const rest = renderRest(a, alone ? 'paragraph' : 'lead', nameOf);
    if (rest) body.push(quotes(service, rest));
  }
  const single = answered.length === 1 ? answered[0] : undefined;
  const fit = single && fitLine(advisor, single);
  const links = [...new Set(answered.map((a) => sectionLink(a.lead!.section.doc)))];
  // Each question's answer opens on its own line when one of them introduces a list.
  const content = [
    opening.join(opening.some((o) => o.endsWith(':')) ? '\n' : ' '),
    ...body,
    fit,
    `Read more: ${links.join(' and ')}.`,
    unanswered
      ? `Our site doesn't cover the rest of your question, so I'd rather not guess. ${personOffer(advisor, reading.message)}`
      : '',
  ]
    .filter(Boolean)
    .join('\n\n');
  return {
    kind: 'answer',
    declined: unanswered > 0,
    handoff: unanswered > 0,
    confidence,
    sources: answerSources(answered),
    content,
  };
}

/**
 * For an answer about whom a service is for or what it is ("do you work with law
 * enforcement?"), its starting price, from the facts.
 */
function fitLine(advisor: Advisor, a: PartAnswer): string | undefined {
  const doc = a.lead!.section.doc;
  if (!doc.service || !['audience', 'overview', 'includes'].includes(doc.facet ?? '')) return;
  if (a.part.aspects.size > 0) return;
  const service = advisor.services.find((s) => s.id === doc.service);
  return service?.startingPrice !== undefined ? priceSentence(service) : undefined;
}

/** Promises and guarantees: we make none the site does not state; what the site says of them. */
function promiseReply(advisor: Advisor, reading: Reading): AdvisorReply {
  const part = reading.parts[0];
  const sections = rankSections(advisor, part, reading).filter((s) =>
    s.section.units.some((u) => PROMISE.test(u.text)),
  );
  const said = answerPart(part, reading, sections);
  const line = said.units.find((u) => PROMISE.test(u.unit.text));
  return declineReply(advisor, reading.message, {
    lead: "We don't make promises the work cannot keep.",
    ...(line && {
      extra: `${line.unit.text} (${sectionLink(line.section.doc)})`,
      sources: [{ title: line.section.doc.title, url: line.section.doc.url }],
    }),
  });
}
