/**
 * The built-in advisor, a search that quotes the site. A message passes once through three steps:
 * the conversation is read (read.ts), each question's sections retrieved (retrieve.ts) and quoted
 * (quote.ts); a greeting, thanks or a request for a person is answered before (replies.ts). Pure:
 * no Workers APIs, so tests/advisor evaluates it directly on the built index.
 */
import type { ChatMessage } from '../contract';
import type { AdvisorIndex } from '../corpus/schema';
import { quoteReply } from './quote';
import { greeting, handoffReply, thanks, type Firm } from './replies';
import type { Ranking } from './read';
import { retrieve } from './retrieve';
import { SectionSearch } from './search';
import type { AdvisorReply } from './types';

/** An index made ready for questions, once per isolate. */
export interface Advisor extends Ranking, Firm {}

export function prepareAdvisor(index: AdvisorIndex): Advisor {
  return { index, search: new SectionSearch(index), services: index.services };
}

const GREETING =
  /^(hi|hello|hey|howdy|hiya|good (morning|afternoon|evening)|greetings)\b[\s!.,:)]*$/i;
const THANKS =
  /^(ok(ay)?,? )?(thanks|thank you|thx|ty|cheers|great|perfect|awesome|got it|cool)\b[^?]{0,40}$/i;
/** The visitor asks for a person, a call, a quote or a proposal, or says this is not helping. */
const WANTS_PERSON = [
  /\b(?<!get to )(talk|speak|chat|meet) (to|with) (a |an |one of (your|the) )?(real |actual |live )?(person|human|someone|somebody|consultants?|experts?|sales|team)\b/i,
  /\b(call|email|contact|ring|phone) (me|us)\b|\bquote (me|us) (for|on)\b|\bgive (me|us) a (call|ring)\b|\b(get back|reach out) to (me|us)\b|\b(book|schedule|set up|arrange) (a |an )?(quick )?(time|call|meeting|consultation|appointment)\b|\b(get|put)\b[^.?!]{0,30} on the calendar\b/i,
  /\b(send|get|want|need|like|request) (me |us )?(a |an )?(custom |formal |written |price )?(quote|proposal|estimate)\b/i,
  /\b(want|ready|like|decided) to (hire you|go ahead|get started|sign up)\b|\bsign (me|us) up\b|\bsend (over )?(the |a |your )?(contract|agreement|paperwork)\b|^(so |ok,? |okay,? )?how (do|can|would|should) (we|i) (get started|sign up|hire you|book you|engage you|(start|begin) working with you)( with (you|your (firm|team|company)))?\s*[?.!]*$/i,
  /\b(meet|sit down with) (your|the) (team|consultants?|people)\b|\bsit down with whoever\b|\bput (me|us) in touch\b|\b(need|want) (someone|somebody|a person|a human) (from|on|at) (your|the) (team|firm|company|office)\b|\b(this|that|it) (chat )?(isn'?t|is not|'s not) help(ing|ful)\b|\byou('re| are)( not|n'?t) help(ing|ful)\b/i,
];

/** Answers the conversation's last user message from the site's content. */
export function answer(advisor: Advisor, messages: readonly ChatMessage[]): AdvisorReply {
  const text = messages.findLast((m) => m.role === 'user')?.content.trim() ?? '';
  if (GREETING.test(text)) return greeting(advisor);
  if (THANKS.test(text)) return thanks();
  if (WANTS_PERSON.some((p) => p.test(text))) return handoffReply(advisor, text);
  return quoteReply(advisor, retrieve(advisor, messages));
}
