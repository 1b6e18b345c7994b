/**
 * What a visitor's message asks for, read from its wording: a greeting, a person, a price, a
 * recommendation for their situation, or one part of a service (what it includes, its support
 * period, its formats...). Plain patterns as data; retrieval does the rest.
 */
import type { ServiceFacet } from './knowledge';

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
  /\b(talk|speak|chat|meet) (to|with) (a |an |one of (your|the) )?(real |actual |live )?(person|human|someone|somebody|consultant|expert|sales|rep|representative|team member|people)\b/,
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
  /\b(contact|e-?mail address|your e-?mail|e-?mail you|e-?mail for|what e-?mail|which e-?mail|phone( number)?|reach (you|someone|out)|get in touch|who do i (write|email|contact)|billing (question|email|contact|address)|invoices?)\b/;

/** The visitor asks how to reach the firm. */
export function asksContact(text: string): boolean {
  return CONTACT.test(normalise(text));
}

const ABOUT =
  /\b(where (are|is) (you|your (firm|company|office|team))|(you|your (firm|company)) (are |is )?(located|based)|located|veteran|who are you|about (you|your (firm|company))|what (kind of|type of) (firm|company)|your (firm|company)'?s? (background|story))\b/;
const TEAM =
  /\b(your (consultants?|team|people|experts?|founder|staff|principal)|consultants\b|who (runs|leads|owns|works|will work|would (i|we) (be )?work(ing)?)|who('s| is) (behind|on the team)|meet the team|working with)\b/;

/** The visitor asks who the firm is, where it is, or who they would work with. */
export function asksAboutFirm(text: string): 'firm' | 'team' | undefined {
  const t = normalise(text);
  if (TEAM.test(t)) return 'team';
  if (ABOUT.test(t)) return 'firm';
  return undefined;
}

const PRICE =
  /\b(price[sd]?|pricing|costs?|costing|fees?|charges?|rates?|how much|expensive|cheap(er|est)?|afford(able)?|budget|invest(ment)?|quote|ballpark|discounts?|dollars?|spend)\b|\$\s?\d/;

export function asksPrice(text: string): boolean {
  return PRICE.test(normalise(text));
}

const DISCOUNT = /\b(discounts?|reduced|lower (price|rate)|cheaper|special (price|rate|pricing))\b/;

export function asksDiscount(text: string): boolean {
  return DISCOUNT.test(normalise(text));
}

/** Parts of a service, by the words that ask for them, strongest first. */
const FACETS: [ServiceFacet | 'support' | 'duration', RegExp][] = [
  [
    'support',
    /\b(support|monitoring|after (the|it'?s?) (done|finished|delivered)|afterwards|follow[- ]up)\b/,
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
    /\b(how long (does|will|is|would)|how many (hours|days|weeks)|length|duration|take\b)/,
  ],
  [
    'process',
    /\b(process|steps?|how does (it|this|that) work|what happens|walk me through|stages?|phases?|timeline)\b/,
  ],
  [
    'includes',
    /\b(includ(e|es|ed|ing)|what do (we|i) get|deliverables?|cover(s|ed)?|scope|how many|what'?s in|comes? with|get for)\b/,
  ],
];

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
  /\b(help (us|me) (with|to)?|looking (for|to)|trying to|want (to|our|my|a|an|the)|need (to|help|a way|a|an|our)|would like|hoping to|planning to)\b/,
];
const ADVICE =
  /\b(where (would|should|do|can) (you|we|i) (start|begin)|where to (start|begin)|what (would|do) you (recommend|suggest)|recommend|suggest|which (service|package|option|one)|what (service|package|option) (fits|is right|should)|right (service|fit)|what should (we|i) (do|start|try|buy)|can you help|could you help|do you (help|work with|do))\b/;

/** A visitor describing their situation or asking what would fit, not a factual question. */
export function asksRecommendation(text: string): boolean {
  const t = normalise(text);
  if (ADVICE.test(t)) return true;
  return SITUATION.some((p) => p.test(t)) && PROBLEM.some((p) => p.test(t));
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
