/**
 * The built-in advisor, a search that quotes the site. One message passes once through three
 * steps: the conversation is read and each question's sections retrieved (retrieve.ts), then
 * the reply quotes them (quote.ts). A greeting, thanks or a request for a person is answered
 * before retrieval (replies.ts). Pure: no Workers APIs, so the evaluation in tests/advisor runs
 * it directly on the built index.
 */
import type { ChatMessage } from '../contract';
import type { AdvisorIndex } from '../index/schema';
import { quoteReply } from './quote';
import { greeting, handoffReply, thanks, type Firm } from './replies';
import { retrieve, type Ranking } from './retrieve';
import { SectionSearch } from './search';
import type { AdvisorReply } from './types';

export { DECLINE_BELOW } from './quote';

/** An index made ready for questions, once per isolate. */
export interface Advisor extends Ranking, Firm {}

export function prepareAdvisor(index: AdvisorIndex): Advisor {
  return {
    index,
    search: SectionSearch.load(index.search, index.docs, index.realWords),
    services: index.services,
  };
}

const GREETING =
  /^(hi|hello|hey|howdy|hiya|good (morning|afternoon|evening)|greetings)\b[\s!.,:)]*$/i;
const THANKS =
  /^(ok(ay)?,? )?(thanks|thank you|thx|ty|cheers|great|perfect|awesome|got it|cool)\b[^?]{0,40}$/i;
/** The visitor asks for a person, a call, a quote or a proposal. */
const WANTS_PERSON =
  /\b(talk|speak|chat) (to|with) (a |an )?(real |actual |live )?(person|human|someone|consultant|sales)\b|\b(call|email|contact) (me|us)\b|\b(book|schedule|set up|arrange) (a |an )?(call|meeting|consultation)\b|\b(send|get|want|need|request) (me |us )?(a |an )?(custom |formal |written )?(quote|proposal|estimate)\b/i;

/** Answers the conversation's last user message from the site's content. */
export function answer(advisor: Advisor, messages: readonly ChatMessage[]): AdvisorReply {
  const text = messages.findLast((m) => m.role === 'user')?.content.trim() ?? '';
  if (GREETING.test(text)) return greeting(advisor);
  if (THANKS.test(text)) return thanks();
  if (WANTS_PERSON.test(text)) return handoffReply(advisor, text);
  return quoteReply(advisor, retrieve(advisor, messages));
}
