/**
 * The advisor's vocabulary, as data: how a visitor's words map onto the site's own wording.
 * The index builder and retrieval both process text through `indexTerm` and `queryTerms`, so a
 * word is stemmed the same way on both sides; only questions are expanded with synonyms.
 *
 * Add to these lists when a prospect's phrasing misses a page that answers it (the evaluation in
 * tests/advisor shows which).
 */
import { stemmer } from 'stemmer';

/**
 * Words that carry no topic in a question; dropped on both sides. Contractions appear without
 * their apostrophe too, as people type them.
 */
// cspell:ignore youve doesnt isnt arent wasnt
export const STOPWORDS: ReadonlySet<string> = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before ' +
    'being below between both but by can could did do does doing done down during each either ' +
    'else ever few for from further get gets getting got had has have having he her here hers ' +
    'him his how however i if in into is it its itself just let lets me might mine more most ' +
    'much must my myself no nor not now of off on once only or other others our ours ourselves ' +
    'out over own please same she should so some such than that thats the their theirs them ' +
    'then there theres these they this those through to too under until up upon us very was we ' +
    'were what whats when where which while who whom whose why will with would you your yours ' +
    'yourself yourselves im ive id youre youve dont doesnt isnt arent wasnt cant wont really ' +
    'actually maybe may kind sort thing things stuff like just hi hello hey thanks thank ok okay ' +
    'yes yeah guys folks tell know want wanted wondering wonder anyone someone something ' +
    'even honestly literally basically realistically bunch lot lots totally pretty quite ' +
    'thats whats hows gonna wanna kinda sorta u r ur say says said saying look looks looking ' +
    'see seeing put puts come comes coming going goes nobody anybody everybody everyone bother ' +
    'different difference differ regular normal usual'
  ).split(' '),
);

/**
 * A visitor's single words and the site's words for them. A question containing the key is
 * also searched for the values (before stemming).
 */
export const SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  // Organisations and sectors
  charity: ['nonprofit'],
  charities: ['nonprofit'],
  ngo: ['nonprofit'],
  ngos: ['nonprofit'],
  nonprofits: ['nonprofit'],
  church: ['nonprofit', 'faith'],
  churches: ['nonprofit', 'faith'],
  foundation: ['nonprofit'],
  shelter: ['nonprofit'],
  volunteers: ['volunteer'],
  donors: ['donor'],
  fundraising: ['donor', 'gift'],
  police: ['law', 'enforcement'],
  sheriff: ['law', 'enforcement'],
  municipality: ['government'],
  city: ['government'],
  county: ['government'],
  manufacturer: ['operations', 'processes'],
  manufacturing: ['operations', 'processes'],
  factory: ['operations'],
  warehouse: ['operations', 'logistics'],
  // Money
  cost: ['price'],
  costs: ['price'],
  costing: ['price'],
  fee: ['price'],
  fees: ['price'],
  pricing: ['price'],
  prices: ['price'],
  charge: ['price'],
  rates: ['price'],
  rate: ['price'],
  budget: ['price'],
  expensive: ['price'],
  cheap: ['price'],
  affordable: ['price'],
  discounts: ['discount'],
  reduced: ['discount'],
  // People
  staff: ['team', 'people', 'employees'],
  employees: ['team', 'staff', 'people'],
  workers: ['team', 'staff'],
  people: ['team', 'staff'],
  team: ['staff', 'people'],
  consultant: ['consultants', 'team'],
  founder: ['consultants', 'principal'],
  // Technology and AI
  chatgpt: ['ai', 'chatgpt'],
  gpt: ['ai', 'chatgpt'],
  llm: ['ai'],
  llms: ['ai'],
  copilot: ['copilot', 'microsoft', 'ai'],
  gemini: ['google', 'ai'],
  automate: ['automation'],
  automating: ['automation'],
  automations: ['automation'],
  workflows: ['workflow', 'automation'],
  spreadsheets: ['spreadsheet', 'data', 'manual'],
  spreadsheet: ['data', 'manual'],
  excel: ['spreadsheet', 'data'],
  paperwork: ['manual', 'administrative'],
  reporting: ['reports', 'dashboards'],
  reports: ['reporting', 'dashboards'],
  kpis: ['dashboards', 'metrics'],
  analytics: ['data', 'dashboards'],
  // Search and websites
  site: ['website'],
  sites: ['website'],
  webpage: ['page', 'website'],
  ranking: ['rank', 'rankings', 'search'],
  rankings: ['rank', 'search'],
  google: ['google', 'search'],
  seo: ['seo', 'search'],
  cite: ['citation', 'cited'],
  cites: ['citation', 'cited'],
  citing: ['citation', 'cited'],
  mentioned: ['citation', 'cited'],
  // Errors and outages
  outage: ['5xx', 'server', 'errors', 'down'],
  outages: ['5xx', 'server', 'errors', 'down'],
  down: ['5xx', 'server', 'errors'],
  crash: ['5xx', 'server', 'errors'],
  crashes: ['5xx', 'server', 'errors'],
  '500': ['5xx', 'server', 'errors'],
  '502': ['5xx', 'server', 'errors'],
  '503': ['5xx', 'server', 'errors', 'unavailable'],
  '504': ['5xx', 'server', 'errors', 'timeouts'],
  deleted: ['410', '404', 'gone', 'removed'],
  delete: ['410', '404', 'gone', 'removed'],
  removed: ['410', '404', 'gone'],
  discontinued: ['410', '404', 'gone'],
  hurt: ['harm', 'drop', 'rankings'],
  hurts: ['harm', 'drop', 'rankings'],
  // Time
  soon: ['results', 'days', 'timeline'],
  quickly: ['results', 'days', 'timeline'],
  timeline: ['timelines', 'long'],
  timeframe: ['timelines', 'long'],
  weeks: ['week'],
  months: ['month'],
  // Safety
  safe: ['security', 'protect', 'data'],
  secure: ['security', 'protect'],
  privacy: ['data', 'protect'],
  confidential: ['data', 'protect', 'security'],
  // Contact
  email: ['email', 'contact'],
  phone: ['contact', 'call'],
  reach: ['contact'],
  located: ['based', 'michigan'],
  location: ['based', 'michigan'],
  progress: ['reports', 'measure'],
  worked: ['results', 'success'],
  turnaround: ['within', 'hours'],
  worth: ['results', 'measure', 'success'],
  paper: ['manual'],
  logins: ['access', 'system'],
  login: ['access', 'system'],
  passwords: ['access', 'system'],
  invoicing: ['invoices'],
  inbox: ['requests', 'lost'],
  techs: ['staff', 'team'],
  technicians: ['staff', 'team'],
  attorneys: ['team', 'staff'],
  patients: ['customer', 'requests'],
  departments: ['teams', 'organization'],
  distributor: ['operations', 'organization'],
  clinic: ['practice', 'office'],
  dental: ['practice', 'local'],
  dentist: ['practice', 'local'],
  maps: ['map', 'local'],
  stick: ['support'],
  afterwards: ['support'],
  stuck: ['support', 'questions'],
};

/**
 * Phrases a visitor uses for one idea. Matched on the lower-cased question before it is cut into
 * words; the replacement is added to the question, not substituted.
 */
export const PHRASES: readonly (readonly [RegExp, string])[] = [
  [/\bfood (bank|pantry)\b/, 'nonprofit'],
  [/\bnon[- ]profits?\b/, 'nonprofit'],
  [/\bnot[- ]for[- ]profit\b/, 'nonprofit'],
  [/\b(faith|church)[- ]based\b/, 'nonprofit faith'],
  [/\blaw enforcement\b/, 'government'],
  [/\bno (it|tech|technical) (staff|people|team|department|person)\b/, 'technical staff'],
  [
    /\bwithout (an? )?(it|tech|technical) (staff|people|team|department|person)\b/,
    'technical staff',
  ],
  [/\b(it|tech) (guy|person|department)\b/, 'technical staff'],
  [/\bnot (very )?(technical|tech[- ]savvy)\b/, 'technical staff'],
  [
    /\b(how|what) (do|will|would|can) (we|i|you) (know|measure|tell|track|prove)\b/,
    'measure success reports',
  ],
  [/\bhow often\b/, 'weekly monthly reports'],
  [
    /\b(get(ting)? found|show(ing)? up|be(ing)? visible|stay(ing)? visible)\b/,
    'rank find visible fundamentals',
  ],
  [
    /\bbefore (the|our|a|we|you)( \w+)? (session|workshop|start|kick-?off|meet)/,
    'session questionnaire prepare',
  ],
  [
    /\b(locked in(to)?|tied (in|into|down)|commit(ted|ment)? to|obligat\w*|have to (hire|continue|keep|sign)|long[- ]term contract|sign a contract)\b/,
    'obligation continue stands on its own follow-on quoted separately',
  ],
  [
    /\bworth (it|the money|the investment|the cost|paying for)\b/,
    'measure success results reports baseline',
  ],
  [
    /\b(how (a|the|our|my) (business|company) runs|day[- ]to[- ]day|how (we|you) (work|operate))\b/,
    'improve business operations processes',
  ],
  [/\b(turn ?around|how fast|how quickly)\b/, 'within hours days'],
  [/\btakes? (days|hours|weeks|forever|ages)\b/, 'manual time'],
  [/\b(roi|return on investment)\b/, 'measure success results'],
  [/\bhow (long|soon|quickly)\b/, 'timelines results'],
  [/\bwhen (will|can|do) (we|i) see\b/, 'results timelines'],
  [/\bserver errors?\b/, '5xx'],
  [/\b5\d\d\b/, '5xx'],
  [/\b4(04|10)\b/, 'gone'],
  [/\bpage (is )?gone\b/, '410'],
  [/\bai overviews?\b/, 'google ai overviews'],
  [/\bai mode\b/, 'google ai mode'],
  [/\banswer engines?\b/, 'aeo'],
  [/\bgenerative engines?\b/, 'geo'],
  [/\bdrowning in\b/, 'manual time'],
  [/\b(too much|lots of|a lot of) (time|hours)\b/, 'save time'],
  [/\bwhere (would|should|do|can) (you|we|i)( \w+)? (start|begin)\b/, 'start discovery workshop'],
  [/\b(don'?t|do not) know (where|how) (to|it would|ai would)\b/, 'start discovery workshop'],
  [/\bwhere to (start|begin)\b/, 'start discovery workshop'],
  [/\bgoogle business profile\b/, 'gbp google business profile'],
  // Operations problems in prospects' words, and the site's words for them
  [
    /\b(re-?typ\w*|re-?key\w*|re-?enter\w*|double[- ]entry|enter(ed|ing)? (it |them |everything )?twice|types? (them|it|everything) (into|in)|again into|copy(ing)? and past\w*)\b/,
    'duplicate data entry rekeying manual handoffs automation processes',
  ],
  [
    /\b(on paper|paper forms?|by hand|manual(ly)?|clipboards?)\b/,
    'manual handoffs automation processes',
  ],
  [
    /\b(gets?|getting|got) lost\b|\bfall(s|ing)? through the cracks\b|\bslip(s|ping)? through\b/,
    'lost inbox requests handoffs processes',
  ],
  [
    /\b(go|goes|went|going|sent) out late\b|\blate invoices?\b|\binvoices? (are |go )?late\b/,
    'invoices sent late processes',
  ],
  [
    /\b(intake|inquiries|new (client|customer|patient)s?)\b/,
    'customer requests intake form processes',
  ],
  [/\b(reminders?|appointments?|bookings?)\b/, 'scheduling reminders automation'],
  [
    /\b(governance|standards?|standardi[sz]\w*|rollout|roll out)\b/,
    'governance policy framework pilot deployment',
  ],
  [/\b(guardrails|ground rules|rules of the road|policy|policies)\b/, 'policy guidelines'],
  [
    /\b(google maps|map pack|maps? listing|on the map)\b/,
    'google business profile local map results',
  ],
  [
    /\bshows? up (instead|first|above)\b|\bcompetitors? (show|rank|appear)s?\b/,
    'local map results google business profile',
  ],
  [
    /\bpaste\w* .{0,30}(chatgpt|ai)\b|\b(chatgpt|ai) .{0,20}safely\b/,
    'ai use policy training data',
  ],
  [/\bgoogle (maps|my business)\b/, 'google business profile local'],
  [/\bnear me\b/, 'local'],
  [/\bveteran[- ]owned\b/, 'veteran'],
  [/\bbusiness hours\b/, 'contact'],
];

/**
 * Words that name one service on their own, beyond its name and page title, by service id. A
 * question matching one service's pattern (and no other's) is about that service.
 */
export const SERVICE_KEYWORDS: Readonly<Record<string, RegExp>> = {
  'discovery-workshop': /\bdiscovery\b/,
  'ai-website-optimization':
    /\b(website optimi[sz]ation|optimi[sz]e (my|our|the) (web)?site|ai[- ]read(y|iness))\b/,
  'operations-consulting':
    /\b(operations consult\w*|process improvement|streamlin\w* (our )?operations)\b/,
  'ai-strategy-training':
    /\b(training|train (my|our) (team|staff|people|employees)|ai policy|ai use policy)\b/,
  'data-insights': /\b(dashboards?|data insights|kpis?)\b/,
  'nonprofit-support':
    /\b(non-?profits?|charit(y|ies)|food (bank|pantry)|ngos?|not[- ]for[- ]profit)\b/,
  'ai-implementation-consulting':
    /\b(implementation|law enforcement|police|sheriff|government agenc\w*|public sector|enterprise)\b/,
  seo: /\b(seo services|seo retainer|ongoing seo|monthly seo|local seo|seo package)\b/,
};

/** Stems by word: the same few thousand words recur across the index and every question. */
const stems = new Map<string, string>();

/** A word's stem, lower case; numbers and short words stay as they are. */
export function stem(word: string): string {
  let s = stems.get(word);
  if (s === undefined) {
    // "503s" is 503; other numbers and short words stay as they are.
    s = /^\d+s$/.test(word)
      ? word.slice(0, -1)
      : /^\d/.test(word) || word.length < 4
        ? word
        : stemmer(word);
    if (stems.size < 50_000) stems.set(word, s);
  }
  return s;
}

/** Words of a text as the search library cuts them: letters and digits, joined by - or '. */
export function tokenize(text: string): string[] {
  return (
    text
      .toLowerCase()
      .replace(/[’']/g, '')
      .match(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu) ?? []
  ).flatMap((word) => {
    if (!word.includes('-')) return [word];
    const parts = word.split('-');
    // "e-mail" and "non-profit" are also one word; "40-person" and "2-3" are not.
    return parts.every((p) => /^\p{L}+$/u.test(p)) ? [parts.join(''), ...parts] : parts;
  });
}

/** How an indexed word is stored: stemmed, or dropped when it is a stopword. */
export function indexTerm(word: string): string | null {
  const w = word.toLowerCase();
  return STOPWORDS.has(w) ? null : stem(w);
}

/** A question's phrases, expanded: the original text followed by the site's words for it. */
export function expandPhrases(question: string): string {
  const lower = question.toLowerCase();
  const extra = PHRASES.filter(([pattern]) => pattern.test(lower)).map(([, words]) => words);
  return extra.length ? `${lower} ${extra.join(' ')}` : lower;
}

/** The terms one word of a question stands for: itself and its synonyms, stemmed. */
export function queryTerms(word: string): string[] {
  const w = word.toLowerCase();
  if (STOPWORDS.has(w)) return [];
  const all = [w, ...(SYNONYMS[w] ?? [])].map(stem);
  return [...new Set(all)];
}
