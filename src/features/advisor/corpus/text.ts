/**
 * How the advisor reads text, the same at build time and when a question arrives: Unicode
 * normalised (NFKC, invisible characters removed), cut into words, stop words dropped and the
 * rest stemmed. A question's words are also searched as the site's words for them (SYNONYMS):
 * prospects say "charity" and "Power BI" where the site says "nonprofit" and "dashboard".
 */
import { stemmer } from 'stemmer';

/**
 * Characters that change nothing a reader sees but split a word or a figure: soft hyphen,
 * zero-width spaces and joiners, direction marks and overrides, word joiner, byte-order mark.
 */
const INVISIBLE = /[\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;

/** Text as a reader sees it: NFKC ("＄" is "$", "ﬁ" is "fi"), invisible characters removed. */
export function normalize(text: string): string {
  return text.normalize('NFKC').replace(INVISIBLE, '').replace(/[‘’]/g, "'").replace(/[“”]/g, '"');
}

/**
 * Words that carry no topic in a question; dropped on both sides. Contractions appear without
 * their apostrophe too, as people type them.
 */
// cspell:ignore youve doesnt isnt arent wasnt whos wheres whens
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
    'yourself yourselves per im ive id youre youve dont doesnt isnt arent wasnt cant wont really ' +
    'actually maybe may kind sort thing things stuff like hi hello hey thanks thank ok okay ' +
    'yes yeah guys folks tell know want wanted wondering wonder anyone someone something ' +
    'even honestly literally basically realistically bunch lot lots totally pretty quite ' +
    'hows whos wheres whens whys gonna wanna kinda sorta u r ur say says said saying ' +
    'look looks looking see seeing put puts come comes coming go going goes nobody anybody ' +
    'everybody everyone somebody bother ' +
    'different difference differ regular normal usual right anything everything nothing ' +
    'whatever anyway somehow till til actual tonight tomorrow yesterday one ones side mostly think ' +
    'heard told true'
  ).split(' '),
);

/**
 * Who told the visitor, and asking if it is right: "my boss said ...", "I read that you ...",
 * "..., correct?".
 */
const HEARSAY =
  /\b(?:friend|colleague|co-?worker|buddy|neighbou?r|boss|cousin|sales ?(?:guy|person|rep))s?(?: of mine)?(?= (?:said|says|told|mentioned|thinks|swears|claims|recommended)\b)|\b(?:i|we) (?:read|heard|saw)(?: somewhere| online)?(?: that)?(?= (?:you|your)\b)|\b(?:i was|we were) told(?: that)?(?= (?:you|your)\b)|(?:,|\b(?:is that|is this|am i|that's|thats|that is))\s*correct\b/gi;

/**
 * A question's text as searched: normalized, a long quotation dropped ("'Best Plumber Grand
 * Rapids'" is an example, not the topic), "%" read as "percent", and who told the visitor left out.
 */
export const askedText = (text: string) =>
  normalize(text)
    .replace(/(^|\s)["'‘“][^"'’”]+\s[^"'’”]+\s[^"'’”]+?["'’”](?=[\s.,;:!?)]|$)/g, '$1 ')
    .replace(/%/g, ' percent')
    .replace(HEARSAY, ' ');

/** Shorthand typed in a chat, which may also name a service ("ops consulting"). */
export const SHORTHAND: Readonly<Record<string, readonly string[]>> = {
  info: ['information'],
  ops: ['operations'],
  ppl: ['people', 'team', 'staff'],
  biz: ['business'],
  mgmt: ['management'],
};

/**
 * A visitor's words (or phrases of two or three words) and the site's words for them. A question
 * containing the key is also searched for the values, at a lower weight than what was typed.
 */
export const SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  // Organisations and sectors
  charity: ['nonprofit'],
  ngo: ['nonprofit'],
  church: ['nonprofit', 'faith'],
  'food bank': ['nonprofit'],
  'animal shelter': ['nonprofit'],
  'volunteer run': ['nonprofit', 'volunteer'],
  'non profit': ['nonprofit'],
  'faith based': ['nonprofit'],
  'community group': ['nonprofit'],
  association: ['nonprofit'],
  police: ['law', 'enforcement'],
  sheriff: ['law', 'enforcement'],
  municipality: ['government', 'public'],
  city: ['government', 'public'],
  county: ['government', 'public'],
  // Money
  cost: ['price'],
  fee: ['price'],
  charge: ['price'],
  pricing: ['price'],
  budget: ['price'],
  expensive: ['price'],
  cheap: ['price'],
  afford: ['price'],
  ballpark: ['price', 'range'],
  'how much is': ['price'],
  'how much for': ['price'],
  'how much do': ['price'],
  'how much does': ['price'],
  'how much would': ['price'],
  'how much will': ['price'],
  'run us': ['price'],
  'set us back': ['price'],
  // "50% off" is read as "50 percent off" (query.ts)
  'percent off': ['discount'],
  'how much off': ['discount'],
  'half off': ['discount'],
  'half price': ['discount'],
  // People
  staff: ['team', 'employees'],
  employees: ['team', 'staff'],
  people: ['team', 'staff'],
  // Tools prospects name, and the site's words for them
  chatgpt: ['ai'],
  'power bi': ['dashboard', 'tool'],
  tableau: ['dashboard', 'tool'],
  excel: ['spreadsheet'],
  'google sheets': ['spreadsheet'],
  quickbooks: ['accounting', 'software'],
  crm: ['customer', 'relationship', 'system'],
  zoom: ['video', 'online'],
  // How work is delivered
  remote: ['online', 'virtual', 'video'],
  onsite: ['person'],
  'in person': ['person'],
  // Search and websites
  site: ['website'],
  'takes forever': ['slow'],
  'drags on': ['slow'],
  sluggish: ['slow'],
  'on mobile': ['phones'],
  ranking: ['rank', 'search'],
  maps: ['map', 'local', 'business', 'profile'],
  gbp: ['google', 'business', 'profile'],
  // Errors and outages
  outage: ['5xx', 'server', 'errors'],
  deleted: ['gone'],
  discontinued: ['gone'],
  // Whether it worked, and how the firm works
  'worth the money': ['measure', 'success', 'results'],
  'worth it': ['measure', 'success', 'results'],
  roi: ['measure', 'success', 'results'],
  'this is working': ['measure', 'success', 'results'],
  'it is working': ['measure', 'success', 'results'],
  'do is working': ['measure', 'success', 'results'],
  'its working': ['measure', 'success', 'results'],
  'is actually working': ['measure', 'success', 'results'],
  'day to day': ['operations', 'processes'],
  'look at': ['check', 'review'],
  found: ['find', 'founder'],
  'who runs the': ['founder', 'firm'],
  'who runs this': ['founder', 'firm'],
  blog: ['content', 'articles'],
  project: ['engagement'],
  engagement: ['project'],
  'wraps up': ['end', 'ends', 'after'],
  finished: ['end', 'after'],
  'work out': ['calculated'],
  'sending people': ['referrals', 'traffic'],
  'keep an eye': ['monitoring'],
  'everything you do': ['services', 'offer'],
  'locked in': ['obligation', 'continue'],
  commitment: ['obligation', 'continue'],
  logins: ['access', 'system'],
  'it person': ['technical', 'staff'],
  'it guy': ['technical', 'staff'],
  'it people': ['technical', 'staff'],
  'it department': ['technical', 'staff'],
  rekeying: ['manual', 'duplicate', 'entry'],
  retype: ['manual', 'duplicate', 'entry'],
  begin: ['start'],
  'double entry': ['manual', 'duplicate', 'entry'],
  'by hand': ['manual'],
  reporter: ['press'],
  human: ['person'],
  stats: ['statistics'],
  quotes: ['quotations'],
  // Help after the work
  'stick around': ['support'],
  stuck: ['support', 'questions'],
  'come back': ['support', 'questions'],
  // Time, and hearing how the work goes
  timeline: ['weeks', 'months'],
  'something working': ['results'],
  'something change': ['results'],
  'see a difference': ['results'],
  'notice a difference': ['results'],
  'get updates': ['reports', 'progress'],
  'send updates': ['reports', 'progress'],
  'us updates': ['reports', 'progress'],
  'updates on': ['reports', 'progress'],
  'hear from you': ['reports'],
  turnaround: ['within', 'hours'],
  // Safety, and what is kept
  safe: ['security', 'protect'],
  secure: ['security', 'protect'],
  confidential: ['protect', 'security', 'sensitive'],
  'hang on to': ['keep'],
  'hold on to': ['keep'],
  'hold onto': ['keep'],
  erase: ['delete'],
  wipe: ['delete'],
  'my details': ['personal', 'information'],
  'my info': ['personal', 'information'],
  'sell my': ['sell', 'rent'],
  'sell our': ['sell', 'rent'],
  ...SHORTHAND,
  // Contact and the firm, which the site calls a firm
  'your company': ['firm'],
  'your agency': ['firm'],
  'your business': ['firm'],
  'your organization': ['firm'],
  'get back to': ['reply'],
  'hear back': ['reply'],
  newsletter: ['subscribe', 'articles'],
  email: ['contact'],
  phone: ['contact', 'call'],
  reach: ['contact'],
  located: ['based'],
  location: ['based'],
  'which state': ['based'],
  'what state': ['based'],
  'type here': ['chat'],
  'type in here': ['chat'],
  // The consultation form, which the site calls the questionnaire
  'intake form': ['questionnaire'],
  'your form': ['questionnaire'],
  'the form': ['questionnaire'],
};

/** Stems by word: the same few thousand words recur across the index and every question. */
const stems = new Map<string, string>();
/** "monthly" is said of a month, "weekly" of a week: the stemmer keeps their "-li". */
const LY = /^(\w{4,})li$/;

/**
 * Irregular verb forms and their plain form, which the stemmer cannot reach ("ran the audit
 * twice": between runs). Forms that are also other words ("found", "left", "saw") are not here.
 */
const IRREGULAR: Readonly<Record<string, string>> = Object.fromEntries(
  (
    'ran:run paid:pay made:make took:take taken:take built:build sent:send ' +
    'bought:buy kept:keep gave:give given:give wrote:write written:write ' +
    'spent:spend lost:lose brought:bring held:hold met:meet sold:sell taught:teach ' +
    'began:begin begun:begin chose:choose chosen:choose broke:break broken:break grew:grow ' +
    'grown:grow meant:mean shown:show understood:understand won:win drove:drive driven:drive ' +
    'fell:fall fallen:fall felt:feel caught:catch hid:hide hidden:hide stood:stand ' +
    'threw:throw thrown:throw wore:wear worn:wear forgot:forget forgotten:forget ' +
    'froze:freeze frozen:freeze sought:seek dealt:deal'
  )
    .split(' ')
    .map((pair): [string, string] => {
      const [form, plain] = pair.split(':');
      return [form, plain];
    }),
);

/** A noun made with "-ship" from a word of five letters or more ("hardship" is not "hard"). */
const SHIP = /^(\w{5,})ships?$/;

/**
 * A word's stem, lower case; numbers and short words stay as they are. `remember: false` leaves
 * the cache to the site's words when stemming a whole dictionary.
 */
export function stem(input: string, { remember = true } = {}): string {
  // "Partnership" is said of partners, "leadership" of leaders: the stemmer keeps "-ship".
  const word = Object.hasOwn(IRREGULAR, input) ? IRREGULAR[input] : input.replace(SHIP, '$1');
  let s = stems.get(word);
  if (s === undefined) {
    // "503s" is 503; other numbers and short words stay as they are.
    s = /^\d+s$/.test(word)
      ? word.slice(0, -1)
      : /^\d/.test(word) || word.length < 4
        ? word
        : stemmer(word).replace(LY, '$1');
    if (remember && stems.size < 50_000) stems.set(word, s);
  }
  return s;
}

/** Words of a text as the search library cuts them: letters and digits, joined by - or '. */
export function tokenize(text: string): string[] {
  return (
    normalize(text)
      .toLowerCase()
      .replace(/'/g, '')
      .match(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu) ?? []
  ).flatMap((word) => {
    if (!word.includes('-')) return [word];
    const parts = word.split('-');
    // "e-mail" and "non-profit" are also one word; "40-person" and "2-3" are not.
    return parts.every((p) => /^\p{L}+$/u.test(p)) ? [parts.join(''), ...parts] : parts;
  });
}

/** How an indexed word is stored: stemmed, or dropped when it is a stopword. */
export function indexTerm(word: string, options?: { remember?: boolean }): string | null {
  const w = word.toLowerCase();
  return STOPWORDS.has(w) ? null : stem(w, options);
}

/** The stems of a text's words, stop words left out. */
export function terms(text: string): string[] {
  return tokenize(text).flatMap((w) => indexTerm(w) ?? []);
}

/**
 * A text's neighboring words as pairs, stemmed, stop words kept: how a question asks ("what do
 * you need from us" is not "what do we get from you") lies in words `terms` leaves out.
 */
export function wordPairs(text: string, leaveOut?: ReadonlySet<string>): Set<string> {
  return termsAndPairs(text, leaveOut).pairs;
}

/** Words that change neither what a question asks nor how: a greeting, "guys", "exactly". */
export const FILLERS: ReadonlySet<string> = new Set(
  (
    'hi hello hey guys folks exactly actually really honestly basically literally ' +
    'ok okay please just so um'
  ).split(' '),
);

/** The stems of some questions read by termsAndPairs(), together. */
export const stemsOf = (asks: readonly { terms: ReadonlySet<string> }[]) =>
  new Set(asks.flatMap((a) => [...a.terms]));

/** A text's stems (`terms`) and word pairs (`wordPairs`), read in one pass. */
export function termsAndPairs(text: string, leaveOut?: ReadonlySet<string>) {
  const tokens = tokenize(text).filter((t) => !leaveOut?.has(t));
  const stems = tokens.map((w) => indexTerm(w));
  const words = stems.map((s, i) => s ?? tokens[i]);
  return {
    terms: new Set(stems.filter((s): s is string => s !== null)),
    pairs: new Set(words.slice(1).map((w, i) => `${words[i]} ${w}`)),
  };
}

/**
 * Whether word pairs ask who ("who's" is "whos" once cut into words, "which one"): "who does the
 * SEO work?" is not "can you do the SEO work?", though its words are.
 */
export const asksWho = (pairs: ReadonlySet<string>) =>
  [...pairs].some((p) => /^whos? /.test(p) || p === 'which one');

/** How many word pairs two texts share, against all of either's. */
export function pairsAlike(a: ReadonlySet<string>, b: ReadonlySet<string>) {
  let shared = 0;
  for (const p of a) if (b.has(p)) shared++;
  return (2 * shared) / Math.max(1, a.size + b.size);
}

/** A sentence of a paragraph, or one list item, and which line of its text it is on. */
export interface TextUnit {
  text: string;
  item: boolean;
  line: number;
}

/** The sentences and list items of a text, in order. */
export function textUnits(text: string): TextUnit[] {
  const out: TextUnit[] = [];
  text.split('\n').forEach((raw, line) => {
    if (raw.startsWith('- ') || raw.startsWith('  - ')) {
      out.push({ text: raw.replace(/^\s*- /, '').trim(), item: true, line });
      return;
    }
    for (const sentence of raw.split(/(?<=[.!?])\s+(?=["'(]?[A-Z0-9$])/)) {
      if (sentence.trim()) out.push({ text: sentence.trim(), item: false, line });
    }
  });
  return out;
}

/** The vocabulary by stem, so one entry serves every form of a word ("charity", "charities"). */
const BY_STEM = new Map(
  Object.entries(SYNONYMS).map(([k, v]) => [
    k
      .split(' ')
      .map((w) => stem(w))
      .join(' '),
    v,
  ]),
);

/** Synonym keys of two or three words, as stems, longest first. */
const PHRASES = [...BY_STEM.keys()]
  .filter((k) => k.includes(' '))
  .map((k) => k.split(' '))
  .sort((a, b) => b.length - a.length);

/** How many words the vocabulary's phrase starting at `i` has, or 1 when none starts there. */
export function phraseAt(words: readonly string[], i: number): number {
  const stems = words.map((w) => stem(w));
  return PHRASES.find((phrase) => phrase.every((p, k) => stems[i + k] === p))?.length ?? 1;
}

/**
 * The site's words for a run of a question's words: for each position, the synonyms of the
 * phrase or word that starts there (a phrase's go to its first word).
 */
export function synonymsAt(words: readonly string[]): (readonly string[])[] {
  const stems = words.map((w) => stem(w));
  const out: (readonly string[])[] = stems.map((s) => BY_STEM.get(s) ?? []);
  for (let i = 0; i < words.length; i++) {
    for (const phrase of PHRASES) {
      if (phrase.every((p, k) => stems[i + k] === p)) {
        out[i] = [...out[i], ...BY_STEM.get(phrase.join(' '))!];
        break;
      }
    }
  }
  return out;
}
