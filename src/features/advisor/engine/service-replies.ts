/**
 * Replies about one service: its overview, its price, and each part a visitor asks about
 * (what it includes, its support period, how long it takes, its formats, process, results...),
 * quoted from its page's blocks and linked to the block that shows them.
 */
import type { Advisor } from './advisor';
import { excerpt, units, wordHits } from './excerpt';
import { askedFacetWords } from './intents';
import type { AdvisorDoc, ServiceFacet, ServiceFacts } from '../index/schema';
import {
  CONSULTATION_LINE,
  bullets,
  docSource,
  priceFacts,
  serviceLink,
  serviceSource,
  type AdvisorReply,
} from './replies';
import { questionWords } from './search';
import { indexTerm, tokenize } from '../index/text';

export type AskedFacet = ServiceFacet | 'support' | 'duration';

function docOf(advisor: Advisor, s: ServiceFacts, facet: ServiceFacet): AdvisorDoc | undefined {
  return advisor.index.docs.find((d) => d.service === s.id && d.facet === facet);
}

function itemsOf(doc: AdvisorDoc | undefined): string[] {
  return (doc?.text ?? '')
    .split('\n')
    .filter((l) => l.startsWith('- '))
    .map((l) => l.slice(2));
}

/**
 * The scope items and features that mention a word of the question other than the service's
 * own name ("the nonprofit assessment": the free 30-minute assessment).
 */
function matchingItems(s: ServiceFacts, question: string, advisor?: Advisor): string[] {
  const terms = (text: string) =>
    tokenize(text)
      .map(indexTerm)
      .filter((t): t is string => t !== null && t.length > 3);
  const own = new Set(terms([s.name, ...s.aliases].join(' ')));
  const asked = new Set(terms(question).filter((t) => !own.has(t)));
  const features = advisor ? itemsOf(docOf(advisor, s, 'includes')) : [];
  const titles = new Set(features.map((f) => f.split(':')[0]!.toLowerCase()));
  // A feature that repeats a scope item says more about it: keep the feature.
  const scope = (s.scope ?? []).filter((item) => !titles.has(item.toLowerCase()));
  return [...scope, ...features].filter((item) =>
    terms(item.split(':')[0]!).some((t) => asked.has(t)),
  );
}

/** What the service is, what it includes and what it starts at. */
export function overviewReply(s: ServiceFacts, advisor: Advisor): AdvisorReply {
  const includes = itemsOf(docOf(advisor, s, 'includes')).map((f) => f.split(':')[0]!);
  const price = priceFacts(s);
  const parts = [`**${s.name}**: ${s.description}`];
  if (includes.length) parts.push(`It covers:\n${bullets(includes)}`);
  if (price) {
    parts.push(`It ${price}${s.scope?.length ? `, which includes ${joinList(s.scope)}` : ''}.`);
  } else {
    parts.push(`It has no published starting price: it is quoted for each client.`);
  }
  parts.push(`More on [the ${s.name} page](${s.url}). To check it fits, ${CONSULTATION_LINE}.`);
  return { kind: 'answer', sources: [serviceSource(s)], content: parts.join('\n\n') };
}

/** The price, what it includes and the listed range, from the facts only. */
export function priceReply(s: ServiceFacts, advisor: Advisor, question = ''): AdvisorReply {
  const price = priceFacts(s);
  if (!price) {
    const doc = docOf(advisor, s, 'details') ?? docOf(advisor, s, 'overview');
    const how = advisor.index.docs.find(
      (d) => d.service === s.id && /pric|cost|invest/i.test(d.title),
    );
    const words = questionWords(`${question} price quoted`);
    return {
      kind: 'answer',
      sources: [docSource(how ?? doc!), serviceSource(s)].filter(unique),
      content: [
        `**${s.name}** has no published starting price: it is quoted for each client.`,
        how ? excerpt(advisor.search, how, words) : '',
        `For a quote, ${CONSULTATION_LINE}.`,
      ]
        .filter(Boolean)
        .join('\n\n'),
    };
  }
  const parts = [`**${s.name}** ${price}.`];
  if (s.scope?.length) parts.push(`The starting price includes:\n${bullets(s.scope)}`);
  if (s.note) parts.push(s.note);
  parts.push(`For a quote that fits your situation, ${CONSULTATION_LINE}.`);
  return {
    kind: 'answer',
    sources: [serviceSource(s, s.priceUrl)],
    content: parts.join('\n\n'),
  };
}

/**
 * The discounts the site states, from the services' own scope and notes, led by the sentence
 * that states them; `service` puts that service's price after it.
 */
export function discountReply(advisor: Advisor, service?: ServiceFacts): AdvisorReply | undefined {
  const discounted = advisor.index.services.filter((s) =>
    [...(s.scope ?? []), s.note ?? ''].some((line) => /discount/i.test(line)),
  );
  const main = discounted[0];
  if (!main) return undefined;
  const mentions = (line: string | undefined): line is string => !!line && /discount/i.test(line);
  // The page's own sentence about the discount when it has one, else the items that name it;
  // the service's other items follow, so nothing is said twice.
  const statements = mentions(main.note) ? [main.note] : (main.scope ?? []).filter(mentions);
  const others = (main.scope ?? []).filter((line) => !mentions(line));
  const subject = service && service.id !== main.id ? service : undefined;
  const parts = [
    `${statements.map((l) => l.replace(/\.?$/, '.')).join(' ')}`,
    `${serviceLink(main)} ${priceFacts(main) ?? 'is quoted for each client'}${
      others.length ? `, including ${joinList(others)}` : ''
    }.`,
  ];
  if (subject)
    parts.push(
      `${serviceLink(subject)} ${priceFacts(subject) ?? 'is quoted for each client'} before any discount.`,
    );
  parts.push(`To check what applies to you, ${CONSULTATION_LINE}.`);
  return {
    kind: 'answer',
    sources: [serviceSource(main, main.priceUrl), ...(subject ? [serviceSource(subject)] : [])],
    content: parts.join('\n\n'),
  };
}

/** One part of the service, as its page states it. */
export function facetReply(
  s: ServiceFacts,
  facet: AskedFacet,
  advisor: Advisor,
  question: string,
): AdvisorReply {
  const source = (doc: AdvisorDoc | undefined) => (doc ? [docSource(doc)] : [serviceSource(s)]);
  // A question about one item ("how long does the free assessment take?") gets that item.
  const items =
    facet === 'duration' || facet === 'support' ? matchingItems(s, question, advisor) : [];
  if (items.length && !(facet === 'support' && s.support?.length)) {
    return reply(`**${s.name}** includes ${joinList(items)}.`, [serviceSource(s, s.priceUrl)]);
  }
  switch (facet) {
    case 'support': {
      if (s.support?.length) {
        return reply(
          `**${s.name}** includes ${joinList(s.support)}.`,
          [serviceSource(s, s.priceUrl)],
          s.scope?.length ? `The starting price covers ${joinList(s.scope)}.` : undefined,
        );
      }
      const scope = s.scope?.length ? ` It covers ${joinList(s.scope)}.` : '';
      return reply(
        `**${s.name}** does not list a support period on its page.${scope}`,
        [serviceSource(s, s.priceUrl)],
        `If you need help afterwards, ${CONSULTATION_LINE}.`,
      );
    }
    case 'duration': {
      const timed = (s.scope ?? []).filter((i) => /\b(hours?|days?|weeks?|months?)\b/i.test(i));
      const engagement = docOf(advisor, s, 'engagement');
      const schedule = itemsOrLines(engagement).filter((l) => /\b(week|month|day|hour)/i.test(l));
      if (timed.length === 0 && schedule.length === 0) return overviewReply(s, advisor);
      return reply(
        timed.length ? `**${s.name}**: ${joinList(timed)}.` : `Here is how **${s.name}** runs:`,
        source(engagement ?? docOf(advisor, s, 'price')),
        schedule.length ? bullets(schedule.slice(0, 6)) : undefined,
      );
    }
    case 'includes': {
      const specific = matchingItems(s, question);
      const doc = docOf(advisor, s, 'includes');
      if (specific.length) {
        return reply(
          `**${s.name}** includes ${joinList(specific)}.`,
          [serviceSource(s, s.priceUrl)],
          s.scope && s.scope.length > specific.length
            ? `The starting price covers ${joinList(s.scope)}.`
            : undefined,
        );
      }
      return reply(
        `**${s.name}** includes:`,
        source(doc),
        [
          bullets(itemsOf(doc)),
          s.scope?.length ? `Its starting price covers ${joinList(s.scope)}.` : '',
        ]
          .filter(Boolean)
          .join('\n\n'),
      );
    }
    default: {
      const doc =
        docOf(advisor, s, facet) ??
        (facet === 'formats' ? docOf(advisor, s, 'includes') : undefined);
      if (!doc) return overviewReply(s, advisor);
      const items = itemsOf(doc);
      const lead = LEADS[facet]?.(s) ?? `${doc.title}:`;
      const body = items.length
        ? bullets(items)
        : excerpt(advisor.search, doc, questionWords(question));
      return reply(
        lead,
        source(doc),
        [body, rest(advisor, s, question, body)].filter(Boolean).join('\n\n'),
      );
    }
  }
}

/**
 * What else the question asks beyond the part it names ("...do we have to give you logins?"):
 * the line of the service's page that answers those words, when one does and `said` does not.
 */
function rest(advisor: Advisor, s: ServiceFacts, question: string, said: string): string {
  const own = new Set([s.name, ...s.aliases].flatMap((n) => tokenize(n).map(indexTerm)));
  const facetTerms = new Set(tokenize(askedFacetWords(question)).map(indexTerm));
  const words = questionWords(question).filter(
    (w) =>
      !w.terms.some((t) => own.has(t) || facetTerms.has(t)) &&
      (w.added || advisor.search.wordWeight(w) > 0),
  );
  // Answered only when the reply has the word itself; a synonym ("access" for "logins") may
  // be there in another sense.
  const saidTerms = new Set(tokenize(said).map(indexTerm));
  const open = words.filter((w) => !saidTerms.has(w.terms[0]!));
  if (open.length === 0) return '';
  // Up to two lines, the second adding words the first did not answer.
  const lines = advisor.index.docs
    .filter((d) => d.service === s.id)
    .flatMap((d) => units(d.text))
    .map((u) => ({
      text: u.text,
      // Words a phrase added widen the search; the visitor's own words weigh more.
      hits: wordHits(advisor.search, open, u.text).map((h, k) => (open[k]!.added ? h / 2 : h)),
    }));
  const chosen: string[] = [];
  const answered = open.map(() => false);
  for (let n = 0; n < 2; n++) {
    const gain = (u: (typeof lines)[number]) =>
      u.hits.reduce((sum, h, k) => sum + (answered[k] ? 0 : h), 0);
    const best = lines
      .filter((u) => !chosen.includes(u.text) && !said.includes(u.text))
      .sort((a, b) => gain(b) - gain(a))[0];
    if (!best || gain(best) < (n === 0 ? 9 : 3)) break;
    chosen.push(best.text);
    best.hits.forEach((h, k) => (answered[k] ||= h > 0));
  }
  return chosen.join(' ');
}

const LEADS: Partial<Record<ServiceFacet, (s: ServiceFacts) => string>> = {
  formats: (s) => `**${s.name}** comes in these formats:`,
  process: (s) => `This is how **${s.name}** works, step by step:`,
  results: (s) => `Typical results of **${s.name}**:`,
  audience: (s) => `Who **${s.name}** is for:`,
  requirements: (s) => `What we need from you for **${s.name}**:`,
  engagement: (s) => `How a **${s.name}** engagement runs:`,
};

function reply(lead: string, sources: AdvisorReply['sources'], body?: string): AdvisorReply {
  return {
    kind: 'answer',
    sources: sources.filter(unique),
    content: [lead, body].filter(Boolean).join('\n\n'),
  };
}

function itemsOrLines(doc: AdvisorDoc | undefined): string[] {
  return (doc?.text ?? '').split('\n').map((l) => l.replace(/^- /, ''));
}

/** "a, b and c". */
export function joinList(list: readonly string[]): string {
  const items = list.map((i) =>
    i.replace(/\.$/, '').replace(/^[A-Z](?=[a-z])/, (c) => c.toLowerCase()),
  );
  return items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function unique<T extends { url: string }>(s: T, i: number, all: readonly T[]): boolean {
  return all.findIndex((o) => o.url === s.url) === i;
}

/**
 * Two services side by side: what each is, its price and what the price includes, then what
 * their pages say about choosing between them (the lines of one that name the other).
 */
export function comparisonReply(
  advisor: Advisor,
  a: ServiceFacts,
  b: ServiceFacts,
  question: string,
): AdvisorReply {
  const line = (s: ServiceFacts) => {
    const price = priceFacts(s) ?? 'is quoted for each client';
    const scope = s.scope?.length ? ` The starting price includes ${joinList(s.scope)}.` : '';
    return `${serviceLink(s)} ${price}. ${s.description}${scope}`;
  };
  const words = questionWords(question);
  const choosing = [
    [a, b],
    [b, a],
  ].flatMap(([own, other]) => {
    // The first two words of a name ("Discovery Workshop", "AI Strategy"): one word alone is
    // too common ("AI", or "Discovery" as a process step).
    const otherName = new RegExp(
      `\\b${other!.name
        .split(/\s+&?\s*/)
        .slice(0, 2)
        .join(' ')}`,
      'i',
    );
    return advisor.index.docs
      .filter((d) => d.service === own!.id && d.facet !== 'price')
      .flatMap((d) =>
        units(d.text).flatMap((u, i, all) => {
          if (!otherName.test(u.text)) return [];
          // "If you cannot yet, a Discovery Workshop..." needs the sentence before it.
          const prev = all[i - 1];
          const leans = /^(if|it|this|that|they|others|so|but|otherwise)\b/i.test(u.text);
          const text = leans && prev && prev.line === u.line ? `${prev.text} ${u.text}` : u.text;
          const score = wordHits(advisor.search, words, text).reduce((x, y) => x + y, 0);
          return [{ text, score }];
        }),
      );
  });
  const crossReferences = choosing
    .sort((x, y) => y.score - x.score)
    .slice(0, 2)
    .map((u) => u.text);
  // Pages that do not mention each other: say whom each is for, in its own page's words.
  const advice = crossReferences.length
    ? crossReferences
    : [a, b].flatMap((s) => audienceSentence(s) ?? []);
  return {
    kind: 'answer',
    sources: [serviceSource(a), serviceSource(b)],
    content: [
      `They are different services:`,
      bullets([line(a), line(b)]),
      advice.join(' '),
      `To work out which fits you, ${CONSULTATION_LINE}.`,
    ]
      .filter(Boolean)
      .join('\n\n'),
  };
}

/** The first sentence of a service's "Who this is for" (its facts keep that paragraph), naming it. */
function audienceSentence(s: ServiceFacts): string | undefined {
  const first = s.audience && units(s.audience)[0]?.text;
  return first?.replace(
    /^(?:This (?:service|project|package)|The [A-Z][\w&' ]+?)(?= (?:is|suits)\b)/,
    s.name,
  );
}
