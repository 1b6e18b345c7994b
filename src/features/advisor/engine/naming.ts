/**
 * How a visitor names one of the services: by its name or a word only its names use ("the
 * nonprofit package"), by what only its description says it does ("the dashboard service"), or
 * by its starting price.
 */
import type { ServiceFacts } from '../index/schema';
import { terms, tokenize } from '../index/text';

/**
 * Each service's names as lists of distinctive stems, and the stems only its one-line
 * description uses among the services' descriptions ("dashboards": Data Insights).
 */
export type ServiceNames = { service: ServiceFacts; names: string[][]; described: string[] }[];

/** The distinctive stems of each service's names (a stem in three services' names is not). */
export function serviceNames(services: readonly ServiceFacts[]): ServiceNames {
  const lists = services.map((s) => [s.name, ...s.aliases].map((n) => [...new Set(terms(n))]));
  const users = new Map<string, number>();
  for (const names of lists) {
    for (const t of new Set(names.flat())) users.set(t, (users.get(t) ?? 0) + 1);
  }
  const descriptions = services.map((s) => new Set(terms(`${s.description} ${s.summary ?? ''}`)));
  const describers = new Map<string, number>();
  for (const d of descriptions) for (const t of d) describers.set(t, (describers.get(t) ?? 0) + 1);
  return services.map((service, i) => ({
    service,
    names: lists[i].map((n) => n.filter((t) => users.get(t)! < 3)).filter((n) => n.length),
    described: [...descriptions[i]].filter((t) => describers.get(t) === 1 && !users.has(t)),
  }));
}

/** Words that make the word before them the name of one of our offerings. */
export const OFFERING =
  /^(package|service|services|thing|offering|program|option|project|engagement)$/;

/**
 * The services a text names, best named first: all of a name's stems (or all but one of 3+),
 * or a stem only one service's names use followed by "package", "service", "thing"... ("the
 * nonprofit package", "the data thing"; "training data" names nothing).
 */
export function namedServices(
  names: ServiceNames,
  stems: ReadonlySet<string>,
  text = '',
): { service: ServiceFacts; score: number }[] {
  const found: { service: ServiceFacts; score: number }[] = [];
  const users = new Map<string, number>();
  for (const n of names)
    for (const t of new Set(n.names.flat())) users.set(t, (users.get(t) ?? 0) + 1);
  const offered = offeredStems(text);
  const ours = offeredStems(text, true);
  for (const { service, names: list, described } of names) {
    // "The dashboard service": a word only its description uses, said as the name of one of ours.
    let score = described.some((t) => ours.has(t)) ? 0.5 : 0;
    for (const name of list) {
      const hits = name.filter((t) => stems.has(t)).length;
      const needed = name.length >= 3 ? name.length - 1 : name.length;
      if (hits >= needed) score = Math.max(score, hits);
      else if (name.some((t) => offered.has(t) && users.get(t) === 1)) score = Math.max(score, 0.5);
      // A word only this service's names use ("the AI training"), without "package" after it,
      // names it only faintly: it may be a topic ("training data").
      else if (name.some((t) => stems.has(t) && users.get(t) === 1)) score = Math.max(score, 0.2);
    }
    if (score > 0) found.push({ service, score });
  }
  return found.sort((a, b) => b.score - a.score);
}

/** A word that makes what follows it one thing in particular ("the", "your"), not any ("a"). */
const DEFINITE = /^(the|your|this|that|these|those)$/;

/**
 * The stems of the words a text says as the name of an offering ("the data thing": data); with
 * `definite`, only those said as one of ours ("this dashboard project", not "a real thing").
 */
export function offeredStems(text: string, definite = false): Set<string> {
  const tokens = tokenize(text);
  return new Set(
    tokens.flatMap((t, i) =>
      OFFERING.test(tokens[i + 1] ?? '') && (!definite || DEFINITE.test(tokens[i - 1] ?? ''))
        ? terms(t)
        : [],
    ),
  );
}

/** The services a text names plainly (not only faintly), best named first. */
export function plainlyNamed(names: ServiceNames, stems: ReadonlySet<string>, text: string) {
  return namedServices(names, stems, text)
    .filter((n) => n.score >= 0.5)
    .map((n) => n.service);
}

/**
 * The one service whose starting price a message quotes ("4500 is more than we can do"),
 * when only one service starts at it.
 */
export function pricedAt(names: ServiceNames, message: string): ServiceFacts | undefined {
  const amounts = [...message.matchAll(/\$?\b(\d{1,3}(?:,\d{3})+|\d{3,6})\b/g)].map((m) =>
    Number(m[1].replace(/,/g, '')),
  );
  const priced = names.filter((n) => amounts.includes(n.service.startingPrice ?? -1));
  return priced.length === 1 ? priced[0].service : undefined;
}
