/**
 * The built-in advisor, a search that quotes the site. A message passes once through three steps:
 * the conversation is read (read.ts), each question's sections retrieved (retrieve.ts) and quoted
 * (quote.ts); a greeting, thanks, a request for a person or a message trying to change its
 * instructions is answered before (replies.ts). Pure: no Workers APIs, so tests/advisor evaluates
 * it directly on the built index.
 */
import type { ChatMessage } from '../contract';
import type { AdvisorIndex } from '../corpus/schema';
import { quoteReply } from './quote';
import { declineReply, greeting, handoffReply, thanks, type Firm } from './replies';
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
  /\b(?<!get to )(talk|speak|chat|meet|discuss(?: [^.?!]{0,40})?|(?:hop|get|jump) on (?:a )?(?:quick |short |phone |video )*(?:call|zoom|teams)|video chat) (?:directly |personally )?(to|with) (?:a |an |one of (?:your|the) |your |the )?(?:real |actual |live )?(?:person|human|someone|somebody|consultants?|experts?|sales(?: team| people)?|team|agent|principals?|founder|people)\b|\b(?:zoom|teams meeting|video (?:call|meeting)) with (?:someone|somebody|your|the|one of)\b/i,
  /\b(call|email|contact|ring|phone|text|message|reach) (me|us)\b|\bcall ?back\b|\b(?:get|be) in touch with (?:me|us)\b|\b(get back|reach out) to (me|us)\b|\bquote (me|us) (for|on)\b|\bgive (me|us) a (call|ring)\b|(?<!\b(?:if|when|after|once|before) (?:i|we) )\b(book|schedule|set up|arrange|reserve|lock in)\b[^.?!]{0,25}\b(time|call|meeting|consult(?:ation)?|appointment|slot|dates?|zoom)\b|\b(get|put|grab)\b[^.?!]{0,30} on (?:the|\w+'s) calendar\b|\b(?:is|are) (?:anyone|anybody|someone|somebody) (?:actually |really )?(?:there|real|around)\b|^(?:a |an )?(?:real )?(?:human|person)(?: please)?\W*$|\b(?:human|person|people) (?:pls|plz|please)\b|\bno (?:ro)?bots? (?:pls|plz|please)\b|\bget (?:me|us) a (?:real |actual |live )?(?:person|human)\b|\b(?:get|have|put) (?:someone|somebody|a person|a human|one of you(?:r \w+)?) on (?:the |a )?(?:phone|line|call|zoom)\b|\b(?:rather|prefer to) (?:talk|speak)\b|\b(?:to|with|get|want|need|is there) (?:a |an )?(?:real|actual|live) (?:person|human|agent)\b(?! readers)|\bis there (?:a |an )?(?:human|person|someone|somebody) (?:i|we) can (?:talk|speak|chat)\b|\bcan (?:i|we) (?:just )?(?:get|hop|jump) on (?:a |the )?(?:quick |short |phone |video )*(?:call|phone|zoom)\b/i,
  /\b(send|get|want|need|like|request) (me |us )?(a |an |the )?(custom |formal |written |price |firm )?(quote|proposal|estimate|bid)\b|\b(?:price|quote|cost|pricing|how much)\b[^.?!]{0,30}\b(?:for (?:my|our) (?:specific |own )?(?:case|situation)|specifically|in particular)\b|\bprice (?:it|this|that) (?:up|out)\b/i,
  /\b(?<!(?:\bnot|n't|\bnever)(?: yet| quite| really)? )(want|ready|like|decided) to (hire|engage|retain|commission) (you|your (?:firm|team|company)|a consultant)\b|\b(?<!(?:\bnot|n't|\bnever)(?: yet| quite| really)? )(want|ready|like|decided) to (go ahead|get started|sign up|sign on|move forward|book|reserve|schedule|commission)\b|\bsign (me|us) (?:up|on)\b|\bwhere do (?:i|we) sign\b|\b(?:let'?s|lets) (?:do it|get started)\b|\bsend (over )?(the |a |your )?(contract|agreement|paperwork)\b|\b(?:start|put) (?:me|us) (?:on|in|down for) the\b|^(so |ok,? |okay,? )?how (do|can|would|should) (we|i) (get started|get going|get (?:this|it|the ball) (?:going|rolling)|kick (?:this|it) off|become a client|proceed|sign up|hire you|book you|engage you|(start|begin) working with you)( with (you|your (firm|team|company))( guys)?)?\s*[?.!]*$/i,
  /\b(meet|sit down)(?: in person)?(?: with)? (your|the|one of (?:your|the)) (team|consultants?|people|experts?)\b|\bsit down with whoever\b|\b(?:put|get) (me|us) (?:in touch|through)\b|\bconnect (?:me|us)\b|\b(need|want) (someone|somebody|a person|a human) (from|on|at|in) (?:your |the )?(team|firm|company|office|billing|sales|support)\b|\b(?:have|get|can|could) (?:someone|somebody|a consultant|one of your (?:people|consultants)|a member of your team|your team) (?:call|ring|phone|email|contact|reach|text|message|follow up|get in touch|visit|come|swing by|sit down)\b|\b(this|that|it) (chat )?(isn'?t|is not|'s not) help(ing|ful)\b|\byou('re| are)( not|n'?t) help(ing|ful)\b|\b(?:the|this|your) (?:chat ?bot|bot|chat)\b[^.?!]{0,30}\b(?:is(?:n'?t| not)|not|does(?:n'?t| not)|keeps)\b|\b(?:done|tired|fed up) with (?:the|this|your) (?:chat ?bot|bot|chat)\b|\btoo generic\b|\bnot (?:a|an|the) (?:robot|bot|machine)\b/i,
];
const INJECTED = // A message trying to change the advisor's instructions, not asking of the firm.
  /\b(?:ignore|disregard|forget) (?:all |any )?(?:of )?(?:your |the |my )?(?:previous|prior|earlier|above|original) (?:instructions|rules|prompts?)\b|\b(?:repeat|print|reveal) your (?:system )?(?:prompt|instructions)\b|\byour system prompt\b/i;

/** Answers the conversation's last user message from the site's content. */
export function answer(advisor: Advisor, messages: readonly ChatMessage[]): AdvisorReply {
  const text = messages.findLast((m) => m.role === 'user')?.content.trim() ?? '';
  if (GREETING.test(text)) return greeting(advisor);
  if (THANKS.test(text)) return thanks();
  if (INJECTED.test(text)) return declineReply(advisor, text);
  const reply = quoteReply(advisor, retrieve(advisor, messages));
  return WANTS_PERSON.some((p) => p.test(text)) ? handoffReply(advisor, text, reply) : reply;
}
