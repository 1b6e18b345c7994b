/**
 * Reading the conversation, once per message: the last visitor message cut into its questions
 * (at most three) and its statements, and each question with the service or page it is about,
 * named in it or in discussion before it, and the words it is searched with.
 */
import type { ChatMessage } from '../contract';
import type { ServiceFacts } from '../corpus/schema';
import { normalize, SHORTHAND, terms, tokenize } from '../corpus/text';
import { mergeWords, queryWords } from './query';
import type { QueryWord, SectionSearch } from './search';

/** What retrieval needs: the search and the services' facts. */
export type Ranking = { search: SectionSearch; services: readonly ServiceFacts[] };

/**
 * One question of the last message, as searched: `words` its own (weight 1), then its context
 * (less); `asked` those an answer must state (its own, or the situation for a bare one); `subject`
 * the service it is about, named or in discussion; `page` the page discussed, for a follow-up;
 * `toUs` whether it is put to the firm; `situation` whether the visitor describes their own.
 */
export interface Question {
  text: string;
  words: QueryWord[];
  asked: QueryWord[];
  subject?: ServiceFacts;
  page?: string;
  followUp: boolean;
  toUs: boolean;
  situation: boolean;
  /** The services it asks whether we offer, named in a word ("do you offer training?", "AI"). */
  offered?: ServiceFacts[];
}

/** Where a sentence ends; not before a bare "can you confirm that?", which asks about it. */
const SENTENCE =
  /(?<=[.!?])\s+(?!(?:(?:can|could) (?:you|u) )?(?:just |please )?(?:confirm|verify)(?: (?:that|this|it))?(?: for me| please| in writing(?: here)?)?\W*$|(?:is|was) (?:that|this|it) (?:true|right|correct|accurate|so)\W*$)|\n+/i;
/** Where a sentence turns to a second question: "How much is it, and can we meet?" (not "ok and"). */
const SECOND_QUESTION =
  /(?<!^(?:ok(?:ay)?|so|yes|yeah|yep|right|alright|great|cool|sure|well|perfect|got it),?)(?:,?\s+(?:and|also|plus)\s+(?=(?:how|what|which|who|where|when|why|can|could|do|does|is|are|will|would|should)\b))|;\s+/i;
/** How a question starts when its question mark is left off (and no period ends it). */
const ASKING =
  /^(how|what|whats|which|who|where|when|why|can|could|do|does|did|is|are|will|would|should|tell me|explain|list)\b/i;
/** A question that leans on what was said before: "and...", "what about...", "it", "that". */
const LEANS =
  /^(and|so|also|then|but|ok|okay|what about|how about)\b|\b(it|its|that|this|they|them)\b/i;
/** A question put to the firm about itself, which its own pages answer, not a guide's advice. */
const TO_US = /\b(you|your|yours|you're|youre|u)\b/i;
/** Asking the firm to do something for the visitor: "could you set that up?", "do you do that?". */
const DO_IT =
  /\b(?:(?:can|could|would|will|do) (?:you|u)(?: guys)?(?: \w+)? (?:do|set|fix|handle|help|take care|implement|sort|manage|build|offer|provide)|something (?:you|u)(?: guys)?)\b/i;
/** The site's addresses a reply links to, in order. */
const links = (text = '') => [...text.matchAll(/\]\((\/[^)\s]*)/g)].map((l) => l[1]);
/** The visitor speaking of their own organization ("we", "our", "I"). */
const OURS = /\b(we|we're|our|us|i|i'm|my)\b/i;
/** Words a message describing a situation runs to at least. */
const SITUATION = 15;
/** Words that make the word before them the name of one of our offerings ("the data thing"). */
const OFFERING = /^(package|service|services|thing|offering|program|option|project|engagement)$/;
/** Asking whether we offer something named in a word: "do you offer training?". */
const OFFERS =
  /^(?:do|can|could) (?:you|u)(?: guys)? (?:offer|provide|do|run|sell|have|help(?: us| me)? with) (?:any )?(\w+)\W*$/i;

/** The service a text names: its name's distinctive stems, or a stem only it has as an offering. */
export function namedService(services: readonly ServiceFacts[], text: string) {
  const tokens = tokenize(text);
  const stems = new Set(terms([text, ...tokens.flatMap((t) => SHORTHAND[t] ?? [])].join(' ')));
  const offered = new Set(
    tokens.flatMap((t, i) => (OFFERING.test(tokens[i + 1] ?? '') ? terms(t) : [])),
  );
  for (const t of terms(OFFERS.exec(text)?.[1] ?? '')) offered.add(t);
  const lists = services.map((s) => [s.name, ...s.aliases].map((n) => [...new Set(terms(n))]));
  const users = new Map<string, number>();
  for (const t of lists.flatMap((names) => [...new Set(names.flat())]))
    users.set(t, (users.get(t) ?? 0) + 1);
  let best: { service: ServiceFacts; hits: number } | undefined;
  services.forEach((service, i) => {
    for (const name of lists[i]) {
      const own = name.filter((t) => users.get(t)! < 3);
      const hits = name.filter((t) => stems.has(t)).length;
      const plainly = own.length > 0 && own.every((t) => stems.has(t));
      const asOffering = name.some((t) => offered.has(t) && users.get(t) === 1);
      if ((plainly || asOffering) && hits > (best?.hits ?? 0)) best = { service, hits };
    }
  });
  return best?.service;
}

/** The services asked whether we offer: the one named, or two or three naming its word ("AI"). */
function offeredIn(services: readonly ServiceFacts[], text: string, named?: ServiceFacts) {
  const word = terms(OFFERS.exec(text)?.[1] ?? '');
  const naming = services.filter((s) =>
    [s.name, ...s.aliases].some((n) => word.every((t) => terms(n).includes(t))),
  );
  return named ? [named] : word.length && naming.length <= 3 ? naming : [];
}

/** The service or page in discussion: one the visitor named, else what the last reply cites. */
function inDiscussion({ services }: Ranking, earlier: readonly ChatMessage[]) {
  const recent = earlier.slice(-4);
  for (const [i, m] of [...recent.entries()].reverse()) {
    const before = m.role === 'user' ? m : recent[i - 1];
    const named = before?.role === 'user' && namedService(services, before.content);
    if (named) return { subject: named };
    if (m.role === 'user') continue;
    // A reply that opens with a guide is about it; any other, about a service it cites.
    const cited = links(m.content).map((l) => l.split('#')[0]);
    const guide = cited[0]?.startsWith('/articles/');
    const service = !guide && cited.map((c) => services.find((s) => s.url === c)).find(Boolean);
    if (cited[0]) return service ? { subject: service } : { page: cited[0] };
  }
  return {};
}

/** The questions of a message (at most three) and its statements. */
export function splitMessage(message: string): { questions: string[]; statements: string } {
  const said = (parts: string[]) => parts.map((s) => s.trim()).filter((s) => tokenize(s).length);
  const sentences = said(message.split(SENTENCE));
  const asks = (s: string) => s.endsWith('?') || (ASKING.test(s) && !s.endsWith('.'));
  const questions = said(sentences.filter(asks).flatMap((s) => s.split(SECOND_QUESTION)));
  const statements = sentences.filter((s) => !asks(s)).join(' ');
  if (questions.length === 0) return { questions: [sentences.join(' ')], statements: '' };
  if (questions.length > 3) questions.splice(2, questions.length, questions.slice(2).join(' '));
  return { questions, statements };
}

/** Reads the conversation: the last message's questions, each with what it is about. */
export function readQuestions(ranking: Ranking, messages: readonly ChatMessage[]) {
  const last = messages.findLastIndex((m) => m.role === 'user');
  const message = normalize(messages[last]?.content ?? '').trim();
  const earlier = messages.slice(0, Math.max(0, last));
  const before = earlier.findLast((m) => m.role === 'user')?.content;
  const { questions, statements } = splitMessage(message);
  const situation = statements ? queryWords(ranking.search, statements, 0.5) : [];
  const named = namedService(ranking.services, message);
  const discussed = named ? {} : inDiscussion(ranking, earlier);
  // Asked to do what the last reply's guide discussed ("could you set that up?"): its services.
  const reply = links(earlier.findLast((m) => m.role === 'assistant')?.content)[0];
  const refers = ranking.search.sections.find((s) => s.doc.url === reply)?.doc.refers ?? [];
  const asked = !named && DO_IT.test(message);
  const theirs = ranking.services.filter((s) => asked && refers.includes(s.id));
  return {
    message,
    questions: questions.map((text, i): Question => {
      const own = queryWords(ranking.search, text);
      const topical = own.filter((w) => w.idf >= 1);
      const namedHere = namedService(ranking.services, text);
      // A follow-up leans on the conversation or on the message's question before it: it is short
      // or points back, and names nothing.
      const followUp =
        !namedHere &&
        (i > 0 || (!named && before !== undefined)) &&
        (topical.length <= 2 || LEANS.test(text) || tokenize(text).length <= 8);
      const ours = followUp ? theirs : [];
      const subject = namedHere ?? named ?? (ours.length === 1 ? ours[0] : discussed.subject);
      let words = mergeWords(own, situation);
      if (followUp && subject)
        words = mergeWords(words, queryWords(ranking.search, subject.name, 0.8));
      const prior = i > 0 ? questions[i - 1] : before;
      if (followUp && prior) words = mergeWords(words, queryWords(ranking.search, prior, 0.4));
      // A bare question about the visitor's situation ("Can you help?") asks about the situation.
      const asked = topical.length >= 2 ? topical : mergeWords(topical, situation);
      return {
        text,
        words,
        asked: asked.length ? asked : words,
        ...(subject && { subject }),
        ...(followUp && !subject && discussed.page && { page: discussed.page }),
        followUp,
        toUs: TO_US.test(text),
        situation: OURS.test(message) && tokenize(message).length >= SITUATION,
        ...(ours.length > 1 && { offered: ours }),
        ...(OFFERS.test(text) && { offered: offeredIn(ranking.services, text, namedHere) }),
      };
    }),
  };
}

/** The stems of everything the visitor wrote in the conversation. */
export function visitorTerms({ search }: Ranking, messages: readonly ChatMessage[]) {
  const said = messages.filter((m) => m.role === 'user').map((m) => m.content);
  return new Set(said.flatMap((text) => queryWords(search, text).flatMap((w) => w.terms)));
}
