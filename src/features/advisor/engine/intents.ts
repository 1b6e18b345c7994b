/**
 * What a visitor's message asks for, read from its wording: a greeting, a person, a price, a
 * recommendation for their situation, or one part of a service (what it includes, its support
 * period, its formats...). Plain patterns as data; retrieval does the rest.
 */
import type { ServiceFacet } from '../index/schema';

/**
 * The part of a message that asks: its questions and its last sentence. A visitor describing
 * their business ("techs write jobs on paper... invoices go out late. Can you help?") mentions
 * phones, days and invoices without asking about them.
 */
export function focus(text: string): string {
  const sentences = text.split(/(?<=[.!?])\s+/).filter((s) => s.trim());
  if (sentences.length <= 1) return text;
  const asked = sentences.filter((s, i) => s.trim().endsWith('?') || i === sentences.length - 1);
  return asked.join(' ');
}

/** Normalises typing habits: curly quotes, repeated spaces, case. */
export function normalise(text: string): string {
  return text.replace(/[’‘]/g, "'").replace(/\s+/g, ' ').trim().toLowerCase();
}

const GREETING =
  /^(hi|hello|hey|howdy|hiya|good (morning|afternoon|evening)|greetings)\b[\s!.,:)]*$/;
const THANKS =
  /^(ok(ay)?,? )?(thanks|thank you|thx|ty|cheers|great|perfect|awesome|got it|cool)\b[^?]{0,40}$/;

/** A greeting or thanks with nothing else in it. */
export function smallTalk(text: string): 'greeting' | 'thanks' | undefined {
  const t = normalise(text);
  if (GREETING.test(t)) return 'greeting';
  if (THANKS.test(t)) return 'thanks';
  return undefined;
}

/** The visitor wants a person, a quote or a call. */
const HANDOFF = [
  /\b(talk|speak|chat|meet) (to|with) (a |an |one of (your|the) )?(real |actual |live )?(person|human|someone|somebody|consultants?|experts?|sales|reps?|representatives?|team members?|people)\b/,
  /\b(somebody|someone|anyone|a person) (to )?(get back|reach out|contact|call|email|follow up)\b/,
  /\bget back to (me|us)\b/,
  /\b(send|prepare|write) (me |us )?(a |an )?(formal |written |custom )?(quote|proposal|estimate|sow|statement of work)\b/,
  /\b(rfp|request for proposal)\b/,
  /\b(real|actual|live) (person|human|people)\b/,
  /\b(book|schedule|set up|arrange|have|get on) (a |an )?(quick )?(call|phone call|meeting|consultation|appointment|video call|zoom)\b/,
  /\b(get|request|want|need|like|send me|give me) (a |an |some )?(custom |formal |written |price )?(quote|proposal|estimate)\b/,
  /\b(call|email|contact|phone) me\b/,
  /\bhave someone (call|contact|email|reach)\b/,
  /\b(is there|can i get|i'?d like|i want) (a |an )?(human|person)\b/,
];

export function wantsPerson(text: string): boolean {
  const t = normalise(text);
  return HANDOFF.some((p) => p.test(t));
}

const CONTACT =
  /\b(contact|e-?mail address|your e-?mail|e-?mail you|e-?mail for|what e-?mail|which e-?mail|phone( number)?|reach (you|someone|out)|get in touch|who (do|should|can) (i|we) (write to|email|e-mail|contact|reach|talk to)|billing (question|email|contact|address))\b/;

/** The visitor asks how to reach the firm. */
export function asksContact(text: string): boolean {
  return CONTACT.test(normalise(text));
}

const ABOUT =
  /\b(where (are|is) (you|your (firm|company|office|team))|(you|your (firm|company)) (are |is )?(located|based)|located|veteran|who are you|about (you|your (firm|company))|what (kind of|type of) (firm|company)|your (firm|company)'?s? (background|story))\b/;
const TEAM =
  /\b(your (consultants?|team|people|experts?|founder|staff|principal)|consultants\b|who (runs|leads|owns|works|will work|would (i|we) (be )?work(ing)?)|who (will|would) (i|we)( \w+)? be working with|who('s| is) (behind|on the team)|meet the team)\b/;

/** The visitor asks who the firm is, where it is, or who they would work with. */
export function asksAboutFirm(text: string): 'firm' | 'team' | undefined {
  const t = normalise(text);
  if (TEAM.test(t)) return 'team';
  if (ABOUT.test(t)) return 'firm';
  return undefined;
}

const PRICE =
  /\b(price[sd]?|pricing|costs?|costing|fees?|charges?|rates?|how much|expensive|cheap(er|est)?|afford(able)?|budget|invest(ment)?|quote|ballpark|discounts?|dollars?|bucks|spend)\b|\busd ?\d|\d ?usd\b|[$€£]\s?\d/;

export function asksPrice(text: string): boolean {
  return PRICE.test(normalise(text));
}

const DISCOUNT =
  /\b(discounts?|reduced|lower (price|rate)|cheaper|special (price|rate|pricing)|\d+\s?(%|percent) off|percent off|half (off|price))\b/;

export function asksDiscount(text: string): boolean {
  return DISCOUNT.test(normalise(text));
}

/** Parts of a service, by the words that ask for them, strongest first. */
const FACETS: [ServiceFacet | 'support' | 'duration', RegExp][] = [
  [
    'support',
    /\b(support|monitoring|after (the|it'?s?) (done|finished|delivered|over|live)|afterwards|follow[- ]up|stick around|stay (on|around|with us)|keep an eye|on our own|left alone|hand-?holding|after (launch|go-live|we go live|that)|once (it'?s|we'?re|we are|they'?re|things are|everything is) (live|done|over|finished)|come back (to you)?|get stuck|questions (later|afterwards))\b/,
  ],
  [
    'formats',
    /\b(formats?|in[- ]person|online|virtual|remote(ly)?|delivery options|options for (the )?training)\b/,
  ],
  [
    'requirements',
    /\b(need from (us|me)|what do you need|prepare|before (we|the) (start|session)|our side)\b/,
  ],
  [
    'results',
    /\b(results?|outcomes?|benefits?|roi|what (can|will|should) (we|i) (expect|get out)|worth it)\b/,
  ],
  [
    'audience',
    /\b(who (is|'s) (it|this|that) for|right for|good fit|a fit for|suitable|is it for)\b/,
  ],
  [
    'duration',
    /\b(how long (does|will|is|would)|how (fast|quickly|soon) (do|will|would|can)|how many (hours|days|weeks)|length|duration|take\b)/,
  ],
  [
    'engagement',
    /\bwhat (do|will|would) you (actually |really )?(look at|check|review|examine|go through)\b/,
  ],
  [
    'process',
    /\b(process|steps?|how does (it|this|that) work|what happens|walk me through|stages?|phases?|timeline)\b/,
  ],
  [
    'includes',
    /\b(includ(e|es|ed|ing)|what do (we|i) get|what (does|do|would|will) (that|it|this|they) (get|give) (us|me)|deliverables?|cover(s|ed)?|scope|how many|what'?s in|comes? with|get for)\b/,
  ],
];

/** The words of a question that ask for a part ("how long", "what's included"), for removing. */
export function askedFacetWords(text: string): string {
  const t = normalise(text);
  return FACETS.flatMap(([, pattern]) => pattern.exec(t)?.[0] ?? []).join(' ');
}

/** The part of a service a question asks about, if it names one. */
export function askedFacet(text: string): ServiceFacet | 'support' | 'duration' | undefined {
  const t = normalise(text);
  return FACETS.find(([, pattern]) => pattern.test(t))?.[0];
}

/** The question asks for a list, so a list in the answer must be complete. */
export function asksList(text: string): boolean {
  return /\b(what are|which|list|types|kinds|options|formats|ways|steps|examples|all the|every|tips)\b/.test(
    normalise(text),
  );
}

/** The question compares two things. */
export function asksComparison(text: string): boolean {
  return /\b(difference|differ|compare|comparison|versus|vs\.?|or should|better|instead of|same as)\b/.test(
    normalise(text),
  );
}

const SITUATION = [/\b(we|we're|our|us|i'm|i am|my)\b/];
const PROBLEM = [
  /\b(struggl\w*|drowning|problem|issue|pain|mess(y)?|chaos|overwhelm\w*|bottleneck|slow|manual(ly)?|by hand|waste|wasting|too (much|many|long)|behind|losing|lost|frustrat\w*|stuck|inefficien\w*|spreadsheets?|paperwork|nobody knows|don'?t know (how|where)|takes? (days|hours|weeks|forever|ages))\b/,
  /\b(help (us|me) (with|to)?|looking (for|to)|trying to|want (to|our|my|a|an|the|them)|need (to|help|a way|a|an|our|some|proper|better|governance|standards|help)|would like|hoping to|planning to|no (standards|process|system|plan)|can'?t agree|makes me nervous|keeps? telling)\b/,
];
const ADVICE =
  /\b(where (would|should|do|can) (you|we|i)( \w+)? (start|begin)|where to (start|begin)|what (do|can|would|could) (you|u) (do|offer|suggest) (for|about|with)|what do you offer|how (would|could|can) you (fix|help|solve|handle|improve)|what (would|do) you (recommend|suggest)|recommend|suggest|which (service|package|option)|which one (should|would|do you)|what (service|package|option) (fits|is right|should)|right (service|fit)|what should (we|i) (do|start|try|buy)|can you help|could you help|do you( guys| all| folks)?( even| also| ever)? (work with|help))\b/;

/** A visitor asking what we would recommend or where to start. */
export function asksAdvice(text: string): boolean {
  return ADVICE.test(normalise(text));
}

/** A visitor describing a problem of theirs, which the right service may fix. */
export function describesProblem(text: string): boolean {
  const t = normalise(text);
  return SITUATION.some((p) => p.test(t)) && PROBLEM.some((p) => p.test(t));
}

/** A visitor describing their situation or asking what would fit, not a factual question. */
export function asksRecommendation(text: string): boolean {
  return asksAdvice(text) || describesProblem(text);
}

/**
 * A follow-up that leans on what was said before: it points back ("it", "that one", "and
 * ...?"), or it is a short question about a price or a part of something it does not name
 * ("how much?", "what's included?").
 */
export function isFollowUp(text: string): boolean {
  const t = normalise(text);
  return (
    /\b(it|its|it's|that|this|they|them|those|these|that one|this one|the same)\b/.test(t) ||
    /^(and|also|what about|how about|so|ok so|then)\b/.test(t) ||
    (t.split(' ').length <= 7 && (asksPrice(t) || askedFacet(t) !== undefined))
  );
}

/**
 * Questions the site declines by their nature, whatever its words match: promises it never
 * makes, its own instructions, a visitor's account, rates it does not publish, legal advice and
 * other firms' prices.
 */
const OUT_OF_SCOPE: [OutOfScope, RegExp][] = [
  // Asking to see or dictate the advisor's own words. ("Ignore your instructions and..." asks
  // nothing of that kind: the rest of the message is answered from the site as usual.)
  [
    'instructions',
    /\b(system prompt|(repeat|reveal|show me|print|tell me) (your|the) (prompt|instructions|rules)|developer mode|jailbreak|(reply|respond|answer|say|write) (with |back )?(exactly|only|just|verbatim)\b|nothing else)\b/,
  ],
  [
    'task',
    /\b(write|draft|create|compose) (me |us )?(a |an |my )?(cover letter|resume|cv|essay|poem|story|song|speech|tweet|homework)\b/,
  ],
  [
    'product',
    /\b(which|what) (crm|software|app|tool|platform|erp|vendor|laptop|computer)s? (should|would|do you recommend|is (the )?best)|\b(the )?best (crm|software|app|platform|erp)\b/,
  ],
  [
    'terms',
    /\b(refunds?|refund policy|cancel(l?ation)? policy|cancel (the|our|a|my) (contract|project|engagement)|contract terms|payment terms|(sign|signing) (an? )?(nda|non[- ]disclosure)|ndas?|non[- ]disclosure agreements?|liability insurance|insured|cancel\w*\b.*\bmoney back|(get|getting) (any (of )?)?(our|my|the) money back)\b/,
  ],
  // After the terms: getting money back on cancelling is a term, a money-back guarantee a promise.
  ['promise', /\b(guarantee[ds]?|promise[ds]?|money[- ]back)\b/],
  [
    'account',
    /\b(my|our) (invoice|payment|bill|account|order|check|cheque)s?\b.*\b(paid|received|status|balance|due|arrived|went through)\b|\binvoice #?\d+/,
  ],
  ['hourly', /\b(hourly|per hour|an hour rate|day rate|daily rate|per day rate)\b/],
  [
    'legal',
    /\b(legal advice|is (it|this|that) legal|lawyer|attorney says|violat\w*|hipaa|gdpr|ccpa|ada complian\w*|comply with)\b/,
  ],
  [
    'competitor',
    /\bwhat (does|do|would) (?!you\b|your\b|it\b|that\b|this\b|they\b|the\b)[a-z0-9&.]+ (charge|cost|quote)\b/,
  ],
];

export type OutOfScope =
  | 'instructions'
  | 'task'
  | 'product'
  | 'promise'
  | 'terms'
  | 'account'
  | 'hourly'
  | 'legal'
  | 'competitor';

export function outOfScope(text: string): OutOfScope | undefined {
  const t = normalise(text);
  return OUT_OF_SCOPE.find(([, pattern]) => pattern.test(t))?.[0];
}

const CAPABILITY =
  /\b(?:(?:do|can|could|would|will) (?:you|u)(?: guys| all| folks)? (?:also |even )?|(?:charge|cost|price|pay you) (?:to|for) )(?:build|develop|make|design|create|run|manage|handle|offer|provide|sell|do|set up|host|install|print|ship)\w*\s+(.+?)(?:[?.!]|$)/;

/** What a "do you build / offer / run ...?" question asks for: the thing after the verb. */
export function askedCapability(text: string): string | undefined {
  const thing = CAPABILITY.exec(normalise(text))?.[1]?.trim();
  return thing && !/^(that|this|it|those|these|them|so|that for (me|us))$/.test(thing)
    ? thing
    : undefined;
}

const SERVICE_LIST =
  /\b((what|which) (services|kinds? of (work|services|help)|things|types of (work|services)) (do|can|does) (you|your (firm|company|team))( guys)? (offer|do|provide|have|sell)|list (of )?(all )?(your )?services|what (do|can) you (guys )?(do|offer)\??$|what('s| is) on (the|your) menu)\b/;

/** The visitor asks what services there are. */
export function asksServiceList(text: string): boolean {
  return SERVICE_LIST.test(normalise(text));
}
