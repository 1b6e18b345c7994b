/**
 * Which service a message is about, and what a follow-up refers to. A service is named by its
 * name, its page title or its slug words, with the visitor's synonyms applied ("charity" names
 * Nonprofit Support); a follow-up without a subject ("how long is the support period?") takes
 * the subject of the conversation's last turns.
 */
import type { ChatMessage } from '../contract';
import type { ServiceFacts } from '../index/schema';
import { questionWords } from './search';
import { SERVICE_KEYWORDS, indexTerm, tokenize } from '../index/text';
import { normalise } from './intents';

/** Words in service names that do not tell services apart. */
const NAME_NOISE = new Set(
  ['services', 'service', 'for', 'small', 'businesses', 'business', 'teams', 'consulting', 'ai']
    .map((w) => indexTerm(w))
    .filter((t): t is string => t !== null),
);

export interface ServiceNames {
  service: ServiceFacts;
  /** Each way of naming it, as sets of distinctive terms. */
  names: string[][];
  /** Its names in lower case, for names with a single distinctive term ("SEO Services"). */
  phrases: string[];
}

/** The distinctive terms of each service's names, computed once per index. */
export function serviceNames(services: readonly ServiceFacts[]): ServiceNames[] {
  return services.map((service) => ({
    service,
    // Single words ("seo", the slug of SEO Services) are topics, not names.
    phrases: [service.name, ...service.aliases]
      .map((n) => normalise(n).replace(/&/g, 'and'))
      .filter((n) => n.includes(' ')),
    names: [service.name, ...service.aliases]
      .map((name) => [
        ...new Set(
          tokenize(name)
            .map(indexTerm)
            .filter((t): t is string => t !== null && !NAME_NOISE.has(t)),
        ),
      ])
      .filter((terms) => terms.length > 0),
  }));
}

/** How a text names a service: by one of its names, or by a word that points to it. */
export interface NamedService {
  service: ServiceFacts;
  by: 'name' | 'keyword';
}

/**
 * The service a text names, when one stands out: a link to its page; all of one of its names'
 * distinctive terms (for names of three or more terms, all but one) with no other service
 * matching as well; else the one service whose keywords (vocabulary.ts) the text uses.
 */
export function namedService(
  names: readonly ServiceNames[],
  text: string,
  options: { topicNames?: boolean } = {},
): NamedService | undefined {
  const [first, second] = namedServices(names, text, options);
  if (!first) return undefined;
  if (first.by === 'keyword') return second ? undefined : first;
  return second?.by === 'name' && second.score === first.score ? undefined : first;
}

/** Every service a text names, best named first (see namedService). */
export function namedServices(
  names: readonly ServiceNames[],
  text: string,
  { topicNames = false, nameWords = false } = {},
): (NamedService & { score: number })[] {
  const linked = [...text.matchAll(/\/services\/([a-z0-9-]+)/g)].map((m) => m[1]);
  const typed = questionWords(text, { phrases: false }).flatMap((w) => w.terms);
  const nameTerms = names.flatMap((n) => n.names.flat());
  // A typo in a name ("discovry") still names the service.
  const have = new Set(typed.flatMap((t) => [t, ...nameTerms.filter((n) => nearly(t, n))]));
  const t = normalise(text).replace(/&/g, 'and');
  const found: (NamedService & { score: number })[] = [];
  // How many services' names use each term: a term only one uses points to it alone.
  const users = new Map<string, number>();
  for (const n of names)
    for (const term of new Set(n.names.flat())) users.set(term, (users.get(term) ?? 0) + 1);
  for (const { service, names: list, phrases } of names) {
    let score = linked.includes(service.id) ? 2 : 0;
    for (const terms of list) {
      // One distinctive term ("seo", "operations") is a topic, not a name: ask for the name,
      // unless the question is about a price or a part of a service ("what do you charge for SEO?").
      const said = phrases.some((p) => t.includes(p.replace(/s$/, '')));
      if (terms.length === 1 && !said && !topicNames) continue;
      const hits = terms.filter((term) => have.has(term)).length;
      const needed = terms.length >= 3 ? terms.length - 1 : terms.length;
      if (hits >= needed) score = Math.max(score, hits / terms.length + hits * 0.01);
      // Comparing services, a word of a name no other service's name uses names it ("the
      // workshop or operations consulting?").
      else if (nameWords && terms.some((term) => have.has(term) && users.get(term) === 1)) {
        score = Math.max(score, (hits / terms.length) * 0.5);
      }
    }
    if (score > 0) found.push({ service, by: 'name', score });
  }
  found.sort((a, b) => b.score - a.score);
  if (found.length) return found;
  return names
    .filter((n) => SERVICE_KEYWORDS[n.service.id]?.test(t))
    .map((n) => ({ service: n.service, by: 'keyword' as const, score: 0 }));
}

/**
 * The one service whose name has a word of the text ("the workshop": Discovery Workshop), when
 * only one does.
 */
export function partlyNamed(
  names: readonly ServiceNames[],
  text: string,
): ServiceFacts | undefined {
  const typed = new Set(questionWords(text, { phrases: false }).flatMap((w) => w.terms));
  const matching = names.filter((n) => n.names.some((terms) => terms.some((t) => typed.has(t))));
  return matching.length === 1 ? matching[0]!.service : undefined;
}

/**
 * The subject of the conversation before the last message, looking back at most four
 * messages: the service the visitor named, or the one service page an advisor turn answered
 * from (its links; an advisor turn that lists several services has no one subject).
 */
export function earlierService(
  names: readonly ServiceNames[],
  messages: readonly ChatMessage[],
): ServiceFacts | undefined {
  for (const m of messages.slice(-5, -1).reverse()) {
    if (m.role === 'user') {
      const named = namedService(names, m.content);
      if (named) return named.service;
      continue;
    }
    const linked = new Set([...m.content.matchAll(/\/services\/([a-z0-9-]+)/g)].map((x) => x[1]));
    if (linked.size === 1) return names.find((n) => linked.has(n.service.id))?.service;
  }
  return undefined;
}

/** The visitor's previous question, for follow-ups that are not about a service. */
export function previousQuestion(messages: readonly ChatMessage[]): string | undefined {
  const users = messages.filter((m) => m.role === 'user');
  return users.length > 1 ? users[users.length - 2]!.content : undefined;
}

/** Whether a typed term is one or two typing mistakes away from a name's term. */
function nearly(typed: string, term: string): boolean {
  if (typed === term || term.length < 5 || Math.abs(typed.length - term.length) > 2) return false;
  return editDistance(typed, term) <= (term.length >= 8 ? 2 : 1);
}

/** Levenshtein distance, with a swap of two letters counted as one edit. */
function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
      }
    }
  }
  return d[a.length]![b.length]!;
}
