/**
 * The built-in advisor: reads what a prospect asks (intents.ts), resolves what a follow-up
 * refers to (subject.ts), finds the sections that answer (search.ts) and composes the reply
 * (replies.ts, service-replies.ts, excerpt.ts). Pure: no Workers APIs, so the evaluation in
 * tests/advisor runs it directly on the built index.
 */
import type { ChatMessage } from '../contract';
import { notOfferedReply, outOfScopeReply } from './decline';
import { rankServices, recommend } from './recommend';
import { excerpt } from './excerpt';
import {
  askedCapability,
  askedFacet,
  askedFacetWords,
  asksAboutFirm,
  asksComparison,
  asksContact,
  asksDiscount,
  asksList,
  asksPrice,
  asksAdvice,
  asksServiceList,
  describesProblem,
  focus,
  isFollowUp,
  outOfScope,
  smallTalk,
  wantsPerson,
} from './intents';
import type { AdvisorDoc, AdvisorIndex, ServiceFacts } from '../index/schema';
import {
  DECLINE_OFFER,
  contactReply,
  declineReply,
  docSource,
  firmReply,
  greeting,
  handoffReply,
  priceFacts,
  priceListReply,
  serviceListReply,
  serviceLink,
  teamReply,
  thanks,
  type AdvisorReply,
} from './replies';
import { AdvisorSearch, questionWords, type Hit, type QueryWord } from './search';
import {
  comparisonReply,
  discountReply,
  facetReply,
  overviewReply,
  priceReply,
} from './service-replies';
import {
  earlierService,
  namedService,
  namedServices,
  partlyNamed,
  previousQuestion,
  serviceNames,
  type ServiceNames,
} from './subject';

/** An index made ready for questions, once per isolate. */
export interface Advisor {
  index: AdvisorIndex;
  search: AdvisorSearch;
  names: ServiceNames[];
}

export function prepareAdvisor(index: AdvisorIndex): Advisor {
  return {
    index,
    search: AdvisorSearch.load(index.search, index.docs),
    names: serviceNames(index.services),
  };
}

/** A hit answers a question only when it matches most of what the question is about. */
const MIN_COVERAGE = 0.35;
/**
 * The site's FAQ answers are written for prospects' questions, so they win close calls; key
 * takeaways and introductions summarise a whole article, so the section that explains a point
 * wins over them.
 */
const FAQ_BOOST = 1.3;
const SUMMARY_WEIGHT = 0.4;

/** Answers the conversation's last user message from the site's content. */
export function answer(advisor: Advisor, messages: readonly ChatMessage[]): AdvisorReply {
  const question = lastUserText(messages);
  const talk = smallTalk(question);
  if (talk === 'greeting') return greeting(advisor);
  if (talk === 'thanks') return thanks();
  if (wantsPerson(question)) return handoffReply(advisor);

  const reply = answerQuestion(advisor, messages, question);
  if (reply.kind === 'decline' && previousWasDecline(messages)) {
    return { ...reply, handoff: true };
  }
  return reply;
}

function answerQuestion(
  advisor: Advisor,
  messages: readonly ChatMessage[],
  question: string,
): AdvisorReply {
  const scope = outOfScope(question);
  if (scope) return outOfScopeReply(advisor, scope, question);
  const asked = focus(question);
  const facet = askedFacet(asked);
  const price = asksPrice(question);
  const named =
    namedService(advisor.names, question) ??
    (price || facet ? namedService(advisor.names, question, { topicNames: true }) : undefined);
  const thing = named ? undefined : askedCapability(question);
  if (thing && !offered(advisor, thing)) return notOfferedReply(advisor);
  const followUp = !named && isFollowUp(question);
  // A question mostly about things the site never mentions is about something else.
  const unknown = advisor.search.unknownShare(questionWords(question));
  if (!named && (followUp ? unknown >= 0.6 : unknown >= 0.5)) return declineReply(advisor);
  const subject =
    named?.service ?? (followUp ? earlierService(advisor.names, messages) : undefined);

  if (asksServiceList(asked) && !named) return serviceListReply(advisor);
  if (asksContact(asked) && named?.by !== 'name') return contactReply(advisor);
  const about = !subject ? asksAboutFirm(asked) : undefined;
  if (about === 'team') return teamReply(advisor);
  if (about === 'firm') return firmReply(advisor);

  if (asksDiscount(question)) {
    const discount = discountReply(advisor, subject ?? partlyNamed(advisor.names, question));
    if (discount) return discount;
  }
  // Two services compared ("the workshop first, or straight to operations consulting?").
  // In a comparison one distinctive word names a service ("the workshop or implementation?").
  const comparing = asksComparison(question) || / or /i.test(question);
  const both = namedServices(advisor.names, question, { nameWords: comparing }).filter(
    (n) => n.by === 'name',
  );
  if (both.length >= 2 && comparing) {
    return comparisonReply(advisor, both[0]!.service, both[1]!.service, question);
  }
  if (subject && (price || facet)) {
    if (price && !(facet && facet !== 'includes')) return priceReply(subject, advisor, question);
    if (facet) return facetReply(subject, facet, advisor, question);
  }
  if (subject && named?.by === 'keyword') {
    // Named by a word that points to it. A question about it ("do we need a data warehouse for
    // the dashboards?") gets its page's answer; else the FAQ answer when one fits ("do you work
    // with nonprofits?"); else why the service fits ("do you work with law enforcement?").
    const fit = asksAdvice(asked) || (!asked.includes('?') && describesProblem(question));
    const own = fit ? undefined : aboutService(advisor, subject, question);
    if (own) return own;
    const faq = siteFaq(advisor, question);
    if (faq) return answerFrom(advisor, faq, questionWords(question), question);
    return recommend(advisor, question, subject) ?? overviewReply(subject, advisor);
  }
  if (subject && (named?.by === 'name' || followUp)) {
    if (!asksComparison(question)) {
      return aboutService(advisor, subject, question) ?? overviewReply(subject, advisor);
    }
  }
  // A question about one part of a service that does not name it ("how many dashboards?"),
  // unless an FAQ answers it squarely ("what happens to our data once the project is over?").
  const strongFaq = !subject ? siteFaq(advisor, question, 0.55) : undefined;
  if (strongFaq) return answerFrom(advisor, strongFaq, questionWords(question), question);
  if (facet && !subject && !price && !answeredElsewhere(advisor, question)) {
    const service = serviceFor(advisor, asked);
    if (service) return facetReply(service, facet, advisor, question);
  }
  const situation = !subject && isSituation(question);
  // Asked what we recommend or where to start: the services that fit.
  if (!subject && asksAdvice(asked)) {
    const recommended = recommend(advisor, question);
    if (recommended) return recommended;
  }
  // The home and audit FAQs answer prospects' own questions: when one matches well, it answers.
  const faq = !subject ? siteFaq(advisor, question) : undefined;
  if (faq) return answerFrom(advisor, faq, questionWords(question), question);
  if (!subject && describesProblem(question)) {
    const recommended = recommend(advisor, question);
    if (recommended) return recommended;
  }
  if (price && !subject) {
    return (situation && recommend(advisor, question)) || priceListReply(advisor);
  }
  return (
    retrieve(advisor, messages, question) ??
    // A visitor describing their situation, whose words no section answers as such, gets the
    // services that fit it.
    (situation ? recommend(advisor, question) : undefined) ??
    declineReply(advisor)
  );
}

/**
 * A question about a named service that asks more than its name ("are we locked in after the
 * discovery workshop?"): the section of its page, or an FAQ answer, that covers the rest.
 */
function aboutService(
  advisor: Advisor,
  service: ServiceFacts,
  question: string,
): AdvisorReply | undefined {
  const names = new Set(advisor.names.find((n) => n.service === service)?.names.flat());
  const words = questionWords(question).filter(
    (w) => !w.terms.some((t) => names.has(t)) && (w.added || advisor.search.wordWeight(w) > 0),
  );
  if (words.length === 0) return undefined;
  // Its own page first; an FAQ answer only when it speaks of this service.
  const mentions = (d: AdvisorDoc) => d.text.toLowerCase().includes(service.name.toLowerCase());
  const hit =
    bestHit(advisor, words, (d) => d.service === service.id, 0.5) ??
    bestHit(advisor, words, (d) => isSiteFaq(d) && mentions(d), 0.5);
  if (!hit) return undefined;
  if (hit.doc.facet === 'price' && !asksPrice(question)) {
    const body = excerpt(advisor.search, hit.doc, words);
    return {
      kind: 'answer',
      sources: [docSource(hit.doc)],
      content: `${body}\n\nMore on [the ${service.name} page](${hit.doc.url}).`,
    };
  }
  return answerFrom(advisor, hit, words, question);
}

/**
 * A home or audit FAQ answer that matches the question well (half of it at least) and about as
 * well as any section of the site does.
 */
function siteFaq(advisor: Advisor, question: string, minCoverage = 0.4): Hit | undefined {
  const words = questionWords(question);
  const faq = bestHit(advisor, words, isSiteFaq, minCoverage);
  if (!faq) return undefined;
  const best = bestHit(advisor, words, undefined, 0.5);
  return !best || best.doc === faq.doc || rank(faq) >= rank(best) * 0.6 ? faq : undefined;
}

/** Whether a service's page covers most of what a "do you offer X?" question names. */
function offered(advisor: Advisor, thing: string): boolean {
  const words = questionWords(thing, { phrases: false });
  if (words.length === 0) return true;
  if (advisor.search.unknownShare(words) >= 0.5) return false;
  return bestHit(advisor, words, (d) => d.kind === 'service', 0.5) !== undefined;
}

/**
 * Whether a question that is not about us ("how many redirects will Google follow?", no "you")
 * is answered best by one of the guides.
 */
function answeredElsewhere(advisor: Advisor, question: string): boolean {
  if (/\b(you|your|u)\b/i.test(question)) return false;
  const best = bestHit(advisor, questionWords(question), undefined, MIN_COVERAGE);
  return best !== undefined && best.doc.url.startsWith('/articles/');
}

/**
 * The service a question about one of its parts means, found by the question's other words
 * ("how long is the workshop itself?": the workshop): the service whose page matches them best.
 */
function serviceFor(advisor: Advisor, question: string): ServiceFacts | undefined {
  const facetWords = new Set(
    questionWords(askedFacetWords(question), { phrases: false }).flatMap((w) => w.terms),
  );
  const words = questionWords(question, { phrases: false }).filter(
    (w) => !w.terms.some((t) => facetWords.has(t)),
  );
  if (words.length === 0) return undefined;
  const { fits, coverage } = rankServices(advisor, words);
  // A word of a service's name ("the workshop") points to that service.
  const typed = new Set(words.flatMap((w) => w.terms));
  const named = (f: (typeof fits)[number]) =>
    advisor.names
      .find((n) => n.service === f.service)
      ?.names.some((ts) => ts.some((t) => typed.has(t)));
  const ranked = fits
    .map((f) => ({ ...f, score: f.score * (named(f) ? 1.5 : 1) }))
    .sort((a, b) => b.score - a.score);
  const [first, second] = ranked;
  const enough = first && named(first) ? 0.25 : 0.4;
  if (!first || coverage < enough || (second && second.score > first.score * 0.8)) return undefined;
  return first.service;
}

function lastUserText(messages: readonly ChatMessage[]): string {
  return (
    [...messages]
      .reverse()
      .find((m) => m.role === 'user')
      ?.content.trim() ?? ''
  );
}

function previousWasDecline(messages: readonly ChatMessage[]): boolean {
  const earlier = messages.slice(0, -1);
  const last = [...earlier].reverse().find((m) => m.role === 'assistant');
  return last?.content.includes(DECLINE_OFFER) ?? false;
}

/** The visitor tells us about their business at some length. */
function isSituation(question: string): boolean {
  return (
    /\b(we|we're|our|i'?m|i am|my|i run|i own)\b/i.test(question) &&
    question.split(/\s+/).length > 10
  );
}

/**
 * The best hit among those `filter` accepts: of the sections that match enough of the question
 * (`minCoverage`), the one with the best score weighed by how much of the question it covers,
 * FAQ answers favoured and whole-article summaries discounted.
 */
function bestHit(
  advisor: Advisor,
  words: QueryWord[],
  filter?: (doc: AdvisorDoc) => boolean,
  minCoverage = 0,
): Hit | undefined {
  const hits = advisor.search.search(words, {
    limit: 12,
    ...(filter ? { filter } : {}),
    boost: (d) => (isSiteFaq(d) ? FAQ_BOOST : isSummary(d) ? SUMMARY_WEIGHT : 1),
  });
  return hits.filter((h) => h.coverage >= minCoverage).sort((a, b) => rank(b) - rank(a))[0];
}

/** A hit's standing: its score, weighed by how much of the question it covers. */
function rank(h: Hit): number {
  return h.score * (0.5 + 0.5 * h.coverage);
}

/** An answer of the home or audit FAQ, written for prospects' own questions. */
function isSiteFaq(doc: AdvisorDoc): boolean {
  return doc.kind === 'faq' && !doc.url.startsWith('/articles/');
}

function isSummary(doc: AdvisorDoc): boolean {
  return doc.id.endsWith('#takeaways') || doc.id.endsWith('#introduction');
}

/**
 * The section that answers the question, quoted: its answering sentence first, its supporting
 * facts, the whole list when one is asked for, and the link to the section. A short follow-up
 * that matches too little on its own is searched again with the previous question.
 */
function retrieve(
  advisor: Advisor,
  messages: readonly ChatMessage[],
  question: string,
): AdvisorReply | undefined {
  let words = questionWords(question);
  let hit = bestHit(advisor, words, undefined, MIN_COVERAGE);
  const previous = previousQuestion(messages);
  if (!hit && previous && isFollowUp(question)) {
    words = questionWords(`${previous} ${question}`);
    hit = bestHit(advisor, words, undefined, MIN_COVERAGE);
  }
  return hit ? answerFrom(advisor, hit, words, question) : undefined;
}

/** The reply quoting one section: its answering sentences and a link to it. */
function answerFrom(
  advisor: Advisor,
  hit: Hit,
  words: QueryWord[],
  question: string,
): AdvisorReply {
  const { doc } = hit;
  const service = doc.service && advisor.index.services.find((s) => s.id === doc.service);
  if (service && doc.facet === 'price') {
    return asksPrice(question)
      ? priceReply(service, advisor, question)
      : facetReply(service, 'includes', advisor, question);
  }
  const body = excerpt(advisor.search, doc, words, { list: asksList(question), question });
  const where =
    doc.kind === 'faq'
      ? `More in [${doc.page}](${doc.url}).`
      : `Read more: [${doc.title === doc.page ? doc.page : doc.title}](${doc.url}).`;
  const parts = [body, where];
  if (service) parts.push(serviceNote(service));
  return { kind: 'answer', sources: [docSource(doc)], content: parts.join('\n\n') };
}

function serviceNote(s: ServiceFacts): string {
  const price = priceFacts(s);
  return price ? `${serviceLink(s)} ${price}.` : `See ${serviceLink(s)}.`;
}
