/**
 * Reading a conversation: the visitor's last message cut into the questions it asks (and the
 * statements around them, which are context), the services it names, and what a follow-up
 * refers to: the service in discussion and the question before it. Both modes, the built-in
 * answer and the language model's prompt, retrieve from this reading.
 */
import type { ChatMessage } from '../contract';
import type { ServiceFacts } from '../index/schema';
import { normalize, tokenize } from '../index/text';
import { aspectsOf, cueStems, mergeWords, queryWords, statedFigures, type Aspect } from './query';
import {
  namedServices,
  OFFERING,
  offeredStems,
  plainlyNamed,
  pricedAt,
  type ServiceNames,
} from './naming';
import type { QueryWord, SectionSearch } from './search';

/** One question of the message, ready to retrieve. */
export interface Part {
  text: string;
  /** What the visitor typed in this question: what an answer must cover. */
  words: QueryWord[];
  /**
   * Words it is searched with besides: the message's statements, and for a follow-up, the
   * question before it. They rank sections; only some are asked for (`asked`).
   */
  context: QueryWord[];
  /**
   * What an answer must state: the typed words; for a bare question about the visitor's
   * situation, the statements too; for a follow-up that types nothing else, what it carries.
   */
  asked: QueryWord[];
  aspects: Set<Aspect>;
  /** The words that ask for each aspect ("cost", "soon"): a figure of that kind answers them. */
  cues: Map<Aspect, Set<string>>;
  /** The service it is about: named in it, else elsewhere in the message, else in discussion. */
  subject?: ServiceFacts;
  /** Whether it names the subject itself. */
  names: boolean;

  /** Whether the subject is only named faintly, by one word of its name ("the AI training"). */
  faint?: boolean;
  /** Whether it leans on the question before it ("and what's included?", "how much?"). */
  followUp: boolean;
  /** Two or more services the question sets side by side ("the workshop or the data thing?"). */
  compares?: ServiceFacts[];
  /** For "anything cheaper?": the service with the lowest starting price (not the one discussed). */
  cheaper?: ServiceFacts;
  /**
   * For "do you build / offer X?": X, which a service must cover for us to offer it ("that" and
   * "it" read as the question before).
   */
  offering?: string;
  /**
   * Whether it asks about the firm itself ("what's your hourly rate?", "do your consultants work
   * weekends?"), which the firm's own pages answer, not the guides' advice to readers.
   */
  aboutUs: boolean;
}

export interface Reading {
  /** The visitor's last message. */
  message: string;
  parts: Part[];
  /** Sentences of the message that ask nothing (the visitor's situation). */
  statements: string;
  /** Whether the message asks anything, or only describes (a situation, a request). */
  asks: boolean;
  previousQuestion?: string;
  /** The advisor's last reply, which a follow-up should not simply get again. */
  previousReply?: string;
  /** Stems the visitor used about themselves (not about their customers). */
  asker: ReadonlySet<string>;
  /** Names of the services only for some organizations that this visitor is not offered. */
  barred: readonly string[];
  /** Their audience's words ("nonprofit"): terms of a price or discount for others. */
  outside: ReadonlySet<string>;
}

/**
 * "Do you build / offer / run X?": what is asked for is X, which one of the services' pages (or
 * an FAQ) must cover for the firm to offer it.
 */
const CAPABILITY =
  /\b(?:(?:do|can|could|would|will|does) (?:you|u)(?: guys| all| folks)? (?:also |even |ever )?|(?:charge|cost|price|pay you) (?:to|for) )(build|develop|make|design|create|run|manage|handle|offer|provide|sell|do|set up|host|install|print|write|ship|sign|fix|repair)\w*\s+(.+?)(?=[?.!,;]|\s(?:before|after|if|when|so|because|for|from|to|with|by|at|in|on)\b|$)/i;

/** A question that sets things side by side. */
const COMPARING = /\b(or|vs\.?|versus|differen\w*|compare\w*|better|same|instead|first)\b/i;

/** A question after the least expensive service: "anything cheaper?", "cheapest way in". */
const CHEAPER =
  /\b(cheap(er|est)|lowest|least expensive|less expensive|most affordable|smaller first step)\b/i;

/** Where a sentence ends, or an opening introduces questions ("Three quick ones: how much..."). */
const SENTENCES =
  /(?<=[.!?])\s+|\n+|(?<=:)\s+(?=(?:how|what|which|who|where|when|why|can|could|do|does|is|are|will|would)\b)/i;
/** A question asked outright, not a clause before one ("when you say..., what..."). */
const DIRECT =
  /^(how|what|whats|which|who|where|why|can|could|do|does|is|are|will|would|should)\b/i;
/** An opening that says what the questions after it are about: "For the website project,". */
const TOPIC_OPENING = /^(for|about|regarding|on|with) [^,]{3,60}$/i;
/** Questions listed with commas: "how much is it, how many dashboards do we get". */
const LISTED_QUESTION =
  /,\s+(?=(?:how|what|which|who|where|when|why|can|could|does|is|are|will|would)\b|do (?!you (?:think|know|reckon|suppose)\b))/i;
/** How a question starts when its question mark is left off. */
const ASKING =
  /^(how|what|whats|which|who|where|when|why|can|could|do|does|did|is|are|will|would|should|may|tell me|explain|walk me|give me|show me|list|and|also|plus)\b/i;
/** A question word anywhere: "if I email you, how long until...". */
const WH = /\bhow (long|much|many|soon|quickly|fast|do|does|can|would|should)\b/i;
/** Where a sentence turns to a second question: "...workshop, and can we do it by video?" */
const SECOND_QUESTION =
  /,?\s+(?:and|also|plus)\s+(?=(?:how|what|whats|what's|which|who|where|when|why|can|could|do|does|is|are|will|would|should)\b)|;\s+/i;
/** A follow-up that leans on what came before: "and...", "what about...", "it", "that". */
const LEANS =
  /^(and|so|also|then|but|ok|okay|what about|how about)\b|\b(it|its|that|this|they|them|those|these)\b/i;

/** A question put to the firm about itself (see Part.aboutUs)... */
const TO_US =
  /\b(do|does|did|are|were|have|has|can|could|will|would|is) (you|your)\b|\byour\b|\b(near|from|with|to|for) you\b|\byou (can|could)\b/i;
/** ...unless it asks for its view or for what its guides say ("what do you recommend?"). */
const ASKS_VIEW =
  /\byou (think|recommend|suggest|advise|explain|tell|mean|say|see)\b|\b(explain|take|view|advice|opinion)\b|\byour (guides?|articles?|blog|posts?|checklist)\b/i;

/** A question pointing back at what was said before it. */
const POINTS_BACK = /\b(that|this|those|these|them)\b/i;

/** A phrase the visitor quotes: "soft 404", 'GEO'. */
const QUOTED = /(?:^|[\s(])['"“‘]([^'"”’]{2,40})['"”’](?=[\s.,;:!?)]|$)/g;

/** A word naming the service asked about by what it does weighs this much beside a topic word. */
const NAMING_WEIGHT = 0.4;

/** A word that asks for a kind of fact weighs this much in retrieval beside a topic word. */
const CUE_WEIGHT = 0.3;

/** Words before a sector word that make it the visitor's customers, not the visitor. */
const FOR_OTHERS = new Set(
  'sell sells selling sold serve serves serving clients customers vendor vendors supply supplier market marketing donate'.split(
    ' ',
  ),
);

/**
 * Questions listed with commas, each on its own; an opening that names what they are about
 * ("For the website project, what's the price, how long...") stays with the first of them.
 */
function listedQuestions(text: string): string[] {
  const pieces = text.split(LISTED_QUESTION);
  const [first, second] = pieces;
  if (DIRECT.test(first.trim())) return pieces;
  const opening = second !== undefined && TOPIC_OPENING.test(first.trim());
  return opening ? [`${first}, ${second}`, ...pieces.slice(2)] : [text];
}

/** The questions of a message, and its statements. */
export function splitMessage(message: string): {
  questions: string[];
  statements: string;
  asks: boolean;
} {
  const sentences = normalize(message)
    .split(SENTENCES)
    .map((s) => s.trim())
    .filter(Boolean);
  const asks = (s: string) => s.endsWith('?') || ASKING.test(s) || WH.test(s);
  const questions = sentences.filter(asks).flatMap((s) =>
    s
      .split(SECOND_QUESTION)
      .flatMap(listedQuestions)
      .map((p) => p.trim())
      .filter((p) => tokenize(p).length > 0),
  );
  const statements = sentences.filter((s) => !asks(s)).join(' ');
  if (questions.length === 0) {
    return { questions: [sentences.join(' ')], statements: '', asks: false };
  }
  // At most three questions: a longer list is answered as its first two and the rest together.
  if (questions.length > 3) questions.splice(2, questions.length, questions.slice(2).join(' '));
  return { questions, statements, asks: true };
}

/**
 * Stems the visitor used about themselves, with the site's words for them: not those just after
 * "sell to", "our clients"... (a firm that sells to nonprofits is not a nonprofit).
 */
function askerStems(search: SectionSearch, text: string): string[] {
  const tokens = tokenize(text);
  const own = tokens.filter(
    (_, i) => !tokens.slice(Math.max(0, i - 3), i).some((w) => FOR_OTHERS.has(w)),
  );
  return queryWords(search, own.join(' ')).flatMap((w) => w.terms);
}

/** The stems of a text's words and of the site's words for them. */
function stemsOf(search: SectionSearch, text: string): Set<string> {
  return new Set(queryWords(search, text).flatMap((w) => w.terms));
}

/**
 * The service in discussion before the last message, looking back four messages: the one a
 * visitor's message named, or the one service an advisor reply cited first.
 */
function earlierSubject(
  search: SectionSearch,
  names: ServiceNames,
  earlier: readonly ChatMessage[],
): ServiceFacts | undefined {
  for (const m of earlier.slice(-4).reverse()) {
    if (m.role === 'user') {
      const named = plainlyNamed(names, stemsOf(search, m.content), m.content)[0];
      if (named) return named;
      continue;
    }
    // A reply about one or two services is about the first it cites; a list of them is not.
    const cited = [...m.content.matchAll(/\/services\/([a-z0-9-]+)/g)].map((x) => x[1]);
    if (cited.length && new Set(cited).size <= 2) {
      return names.find((n) => n.service.id === cited[0])?.service;
    }
  }
  return undefined;
}

/** Reads the conversation's last message in the light of the earlier ones. */
export function readConversation(
  search: SectionSearch,
  names: ServiceNames,
  messages: readonly ChatMessage[],
): Reading {
  const lastUser = messages.findLastIndex((m) => m.role === 'user');
  const message = normalize(messages[lastUser]?.content ?? '').trim();
  const earlier = messages.slice(0, Math.max(0, lastUser));
  const previousQuestion = earlier.findLast((m) => m.role === 'user')?.content;
  const previousReply = earlier.findLast((m) => m.role === 'assistant')?.content;
  const { questions, statements, asks } = splitMessage(message);
  const inMessage = plainlyNamed(names, stemsOf(search, message), message);
  const faint =
    namedServices(names, stemsOf(search, message), message)[0]?.service ?? pricedAt(names, message);
  const before = earlierSubject(search, names, earlier);
  const introduced = statements ? plainlyNamed(names, stemsOf(search, statements), statements) : [];
  // The visitor's own figures ("for 7 days now") describe the situation; they name no topic.
  const figures = statedFigures(statements, 'duration');
  const situation = statements
    ? queryWords(search, statements, 0.5).filter((w) => !figures.has(w.word))
    : [];
  const quoted = new Set(
    [...statements.matchAll(QUOTED)].flatMap((m) =>
      queryWords(search, m[1]).map((w) => w.terms[0]),
    ),
  );

  const parts: Part[] = [];
  questions.forEach((text, i) => {
    const cues = cueStems(text);
    // The visitor's own figures ("after 48 hours") describe their situation: as little as a cue.
    const cueWords = new Set([
      ...[...cues.values()].flatMap((c) => [...c]),
      ...statedFigures(text, 'duration'),
    ]);
    // Words that ask for a kind of fact ("how long", "cost") say little about the topic.
    const typed = queryWords(search, text).map((w) =>
      cueWords.has(w.terms[0]) ? { ...w, weight: CUE_WEIGHT } : w,
    );
    const own = plainlyNamed(names, new Set(typed.flatMap((w) => w.terms)), text);
    const subject = own[0] ?? inMessage[0] ?? parts[i - 1]?.subject ?? before ?? faint;
    // Named only by one word of its name ("the website audit"): maybe not what is asked about.
    const faintly = subject === faint && !own.length && !inMessage.length && !before;
    const offered = offeredStems(text, true);
    // "The dashboard package": words naming the subject by what it does, which a sentence
    // answering about it need not repeat.
    const describedAs = new Set(
      names.find((n) => n.service === subject)?.described.filter((t) => offered.has(t)),
    );
    const nameStems = new Set([
      ...names.filter((n) => n.service === subject).flatMap((n) => n.names.flat()),
      ...describedAs,
    ]);
    const naming = (w: QueryWord) =>
      describedAs.has(w.terms[0]) || (describedAs.size > 0 && OFFERING.test(w.word));
    const said = typed.map((w) => (naming(w) ? { ...w, weight: NAMING_WEIGHT } : w));
    // What the question asks beyond the service's name: a follow-up with nothing else
    // ("what about data insights?", "how much?") asks what the question before it asked.
    // (A word of a name it does not name the service with, "discounts for nonprofits", counts.)
    const namesIt = own.length > 0 || describedAs.size > 0;
    const asked = said.filter(
      (w) => !(namesIt && nameStems.has(w.terms[0])) && w.idf >= 1 && w.weight === 1,
    );
    // One that names a service and asks a kind of fact of it ("what do you charge for SEO?")
    // says what it asks, whatever the situation around it.
    const elliptical = asked.length <= 1 && !(own.length && aspectsOf(text).size);
    // The question before: the message's previous one, else the visitor's previous message.
    const prior = i > 0 ? questions[i - 1] : previousQuestion;
    let aspects = aspectsOf(text);
    // A bare question about the visitor's situation ("Is that a real thing?") asks about the
    // statements around it as much as a longer question asks about its own words.
    // One about a service the statements name ("About the dashboard service: how much is it?")
    // asks about that service, as a follow-up does.
    const aboutNamed =
      elliptical && !own.length && subject !== undefined && introduced.includes(subject);
    // "...pages are 'soft 404'. What does that mean?": the words quoted are what "that" is.
    const asksOf = (w: QueryWord) => !quoted.size || quoted.has(w.terms[0]);
    // So does one that points back at them ("Is cleaning that up part of your SEO?").
    const pointsBack = situation.length > 0 && POINTS_BACK.test(text);
    const bare = (elliptical || pointsBack) && !aboutNamed;
    const situated = bare ? situation.map((w) => (asksOf(w) ? { ...w, weight: 1 } : w)) : situation;
    let context = situated;
    let carried: QueryWord[] = [];
    // A short question in a conversation about a service goes on about it ("how long is the
    // support period?"), as does one that leans on the one before ("and what's included?").
    const short = tokenize(text).length <= 8 && Boolean(before) && !inMessage.length;
    // A later question of the same message goes on about the service the first one named.
    const followUp = Boolean(
      prior &&
      (elliptical ||
        (!own.length && (LEANS.test(text) || (i === 0 && short) || (i > 0 && subject)))),
    );
    if (prior && followUp) {
      const previousNames = new Set(names.flatMap((n) => n.names.flat()));
      // What the question before was about; less when this one asks its own kind of fact
      // ("how much?" after a description: the price of what was described).
      const weight = elliptical && aspects.size === 0 ? 0.8 : 0.4;
      carried = queryWords(search, prior)
        .filter((w) => !(own.length && previousNames.has(w.terms[0])))
        .map((w) => ({ ...w, weight }));
      context = mergeWords([...context], carried);
      // (Not a later question of the same message that asks its own thing: "..., and what will
      // you need from our side?" does not ask the price the question before it did.)
      const ownThing = i > 0 && !elliptical && !LEANS.test(text);
      if (aspects.size === 0 && !ownThing) aspects = aspectsOf(prior);
      for (const [aspect, stems] of cueStems(prior)) if (!cues.has(aspect)) cues.set(aspect, stems);
    }
    // A follow-up about the service in discussion is searched with its name.
    const byName = (!own.length && !faintly) || describedAs.size > 0;
    if ((followUp || aboutNamed || describedAs.size) && subject && byName && !CHEAPER.test(text)) {
      context = mergeWords([...context], queryWords(search, subject.name, 0.8));
    }
    const topical = typed.filter((w) => w.weight === 1);
    const thing = CAPABILITY.exec(text)?.[2]?.trim();
    const offering =
      thing && /^(that|this|it|them|those|these)$/i.test(thing) ? (prior ?? thing) : thing;
    const all = namedServices(names, new Set(typed.flatMap((w) => w.terms)), text).map(
      (n) => n.service,
    );
    const compares = all.length >= 2 && COMPARING.test(text) ? all.slice(0, 2) : undefined;
    const cheaper = CHEAPER.test(text)
      ? names
          .map((n) => n.service)
          .filter((s) => s.startingPrice !== undefined && s !== subject)
          .sort((a, b) => a.startingPrice! - b.startingPrice!)[0]
      : undefined;
    parts.push({
      text,
      ...(offering !== undefined && { offering }),
      ...(cheaper && { cheaper }),
      ...(compares && { compares }),
      words: said,
      context,
      asked: mergeWords(
        [...said.filter((w) => !naming(w)), ...(bare ? situated : [])],
        topical.length ? [] : carried,
      ),
      aspects,
      cues,
      ...(subject && { subject }),
      names: own.length > 0,
      ...(subject && faintly && { faint: true }),
      followUp,
      aboutUs: TO_US.test(text) && !ASKS_VIEW.test(text),
    });
  });
  const asker = new Set([
    ...askerStems(search, message),
    ...(previousQuestion ? askerStems(search, previousQuestion) : []),
  ]);
  // A service only for some organizations, which this visitor neither is nor asks about.
  const barred = names
    .map((n) => n.service)
    .filter(
      (s) =>
        s.onlyFor?.length &&
        !s.onlyFor.some((t) => asker.has(t)) &&
        !parts.some((p) => p.names && p.subject === s),
    );
  return {
    message,
    parts,
    statements,
    asks,
    ...(previousQuestion !== undefined && { previousQuestion }),
    ...(previousReply !== undefined && { previousReply }),
    asker,
    barred: barred.map((s) => s.name),
    outside: new Set(barred.flatMap((s) => s.onlyFor ?? [])),
  };
}
