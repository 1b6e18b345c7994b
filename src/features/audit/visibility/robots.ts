/**
 * robots.txt as the audit reads it: whether each crawler that matters for search and AI answers
 * may fetch the page, by robots-parser (the rules of RFC 9309: a crawler obeys the group naming
 * it or else the * group, the longest matching path wins, Allow wins a tie, * and $ wildcards),
 * and the Content-Signal lines of the Content Signals Policy, which that parser ignores. Groups
 * are read as RFC 9309 reads them: consecutive User-agent lines open a group, which runs until
 * the next User-agent line after a rule. The reading has limits (ROBOTS_LIMITS).
 */
import robotsParser from 'robots-parser';

/** What a crawler's access decides. */
export type CrawlerKind = 'search' | 'answer' | 'training';

/**
 * The crawlers the report lists, with what each controls according to its operator: search
 * indexes (which AI Overviews and Copilot build on), AI answer and search bots that cite
 * sources, and tokens or crawlers for model training, which are the owner's business choice.
 */
export const CRAWLERS: readonly { token: string; kind: CrawlerKind }[] = [
  { token: 'Googlebot', kind: 'search' },
  { token: 'Bingbot', kind: 'search' },
  { token: 'GPTBot', kind: 'training' },
  { token: 'OAI-SearchBot', kind: 'answer' },
  { token: 'ChatGPT-User', kind: 'answer' },
  { token: 'ClaudeBot', kind: 'training' },
  { token: 'PerplexityBot', kind: 'answer' },
  { token: 'Google-Extended', kind: 'training' },
  { token: 'Applebot-Extended', kind: 'training' },
  { token: 'CCBot', kind: 'training' },
];

/** One crawler's verdict for the page. */
export interface CrawlerAccess {
  token: string;
  kind: CrawlerKind;
  allowed: boolean;
}

/**
 * How much of a robots.txt the audit reads and how long it matches it. Google reads 500 KiB
 * and big sites list a few hundred rules; a file past these limits is reported as too large or
 * too complex rather than read for seconds. A wildcard rule costs its length times the page
 * path's length to match (robots-parser follows Google's matcher), so the work is counted that
 * way before any matching starts.
 */
export const ROBOTS_LIMITS = {
  /** Groups (runs of User-agent lines). */
  groups: 200,
  /** User-agent lines. */
  agents: 500,
  /** Allow, Disallow and Content-Signal lines. */
  rules: 2_000,
  /** Rules as the parser stores them: each rule once for every user agent of its group. */
  entries: 20_000,
  /** Characters of one rule's value. */
  patternLength: 1_024,
  /** Matching steps of one rule against the page's path. */
  stepsPerRule: 100_000,
  /** Matching steps of every rule the listed crawlers obey. */
  steps: 2_000_000,
  /** Time to read and match, in milliseconds. */
  timeMs: 250,
} as const;

/** What a robots.txt says about the page: each crawler's access and its content signals. */
export interface RobotsRules {
  access: CrawlerAccess[];
  signals: ContentSignal[];
}

/** A user agent as robots-parser keys its rules: lower case, without a /version. */
const agentKey = (agent: string) => agent.toLowerCase().split('/')[0].trim();

const CRAWLER_KEYS = new Set(CRAWLERS.map((c) => agentKey(c.token)));

/** The length of a rule's pattern as the parser compares it (non-ASCII is percent-encoded). */
function encodedLength(pattern: string): number {
  try {
    return encodeURI(pattern).length;
  } catch {
    return pattern.length;
  }
}

/**
 * Reads a robots.txt (the file of the page's own origin) within ROBOTS_LIMITS: whether each of
 * CRAWLERS may fetch `pageUrl`, by robots-parser, and its Content-Signal lines, which that parser
 * ignores. Answers undefined when the file is too large or too complex to read. A byte-order
 * mark is dropped first: robots-parser would otherwise not recognise the first line.
 */
export function readRobots(
  robotsTxt: string,
  pageUrl: string,
  now: () => number = Date.now,
): RobotsRules | undefined {
  const stopAt = now() + ROBOTS_LIMITS.timeMs;
  const text = robotsTxt.replace(/^\uFEFF/, '');
  const page = new URL(pageUrl);
  const pathLength = page.pathname.length + page.search.length;
  const counts = { groups: 0, agents: 0, rules: 0, entries: 0 };
  /** Matching steps per user agent key the crawlers may obey; a key present has its own group. */
  const steps = new Map<string, number>();
  const signals: ContentSignal[] = [];
  let agents: string[] = [];
  let inAgents = false;
  let read = 0;
  for (const { key, value } of directives(text)) {
    if (++read % 256 === 0 && now() > stopAt) return undefined;
    if (key === 'user-agent') {
      if (!inAgents) {
        agents = [];
        counts.groups += 1;
      }
      inAgents = true;
      counts.agents += 1;
      if (value) agents.push(value);
      if (counts.groups > ROBOTS_LIMITS.groups || counts.agents > ROBOTS_LIMITS.agents)
        return undefined;
      continue;
    }
    inAgents = false;
    if (key === 'allow' || key === 'disallow' || key === 'crawl-delay') {
      const cost = key === 'crawl-delay' ? 0 : ruleSteps(value, pathLength);
      if (cost === undefined) return undefined;
      if (cost) counts.entries += agents.length;
      for (const agent of agents.map(agentKey)) {
        if (CRAWLER_KEYS.has(agent) || agent === '*')
          steps.set(agent, (steps.get(agent) ?? 0) + cost);
      }
    }
    if (key === 'allow' || key === 'disallow' || key === 'content-signal') counts.rules += 1;
    if (key === 'content-signal') signals.push(readSignal(value, agents));
    if (counts.rules > ROBOTS_LIMITS.rules || counts.entries > ROBOTS_LIMITS.entries)
      return undefined;
  }
  // A crawler without a group of its own obeys the * group; each group is matched once.
  const obeyed = new Map(
    CRAWLERS.map((c) => [c.token, steps.has(agentKey(c.token)) ? agentKey(c.token) : '*']),
  );
  const total = [...new Set(obeyed.values())].reduce((sum, key) => sum + (steps.get(key) ?? 0), 0);
  if (total > ROBOTS_LIMITS.steps) return undefined;
  const robots = robotsParser(new URL('/robots.txt', pageUrl).href, text);
  const verdicts = new Map<string, boolean>();
  const access: CrawlerAccess[] = [];
  for (const { token, kind } of CRAWLERS) {
    if (now() > stopAt) return undefined;
    const key = obeyed.get(token)!;
    if (!verdicts.has(key)) {
      // Same origin by construction, so the parser always answers; undefined would mean allowed.
      verdicts.set(key, robots.isAllowed(pageUrl, token) !== false);
    }
    access.push({ token, kind, allowed: verdicts.get(key)! });
  }
  return { access, signals };
}

/**
 * The steps of matching one rule against a path of `pathLength` characters: a pattern with a
 * wildcard keeps up to every position of the path alive for each of its characters, one
 * without is compared character by character. Undefined when the rule is over the limits.
 */
function ruleSteps(pattern: string, pathLength: number): number | undefined {
  if (pattern.length > ROBOTS_LIMITS.patternLength) return undefined;
  if (!pattern) return 0;
  const length = encodedLength(pattern);
  const steps = pattern.includes('*') ? length * (pathLength + 1) : length;
  return steps > ROBOTS_LIMITS.stepsPerRule ? undefined : steps;
}

/** The Sitemap lines of a robots.txt, as absolute addresses; ones that do not parse are skipped. */
export function sitemapsIn(robotsTxt: string, robotsUrl: string, limit = Infinity): string[] {
  const found: string[] = [];
  for (const { key, value } of directives(robotsTxt)) {
    if (found.length >= limit) break;
    if (key !== 'sitemap' || !value) continue;
    try {
      found.push(new URL(value, robotsUrl).href);
    } catch {
      // Not an address; crawlers skip it too.
    }
  }
  return found;
}

/**
 * The lines of a robots.txt as robots-parser reads them: a byte-order mark and comments
 * dropped, each line split at its first colon, the key in lower case; other lines skipped.
 */
function* directives(robotsTxt: string): Generator<{ key: string; value: string }> {
  for (const raw of robotsTxt.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)) {
    const line = raw.replace(/#.*/, '');
    const colon = line.indexOf(':');
    const key = line.slice(0, colon).trim().toLowerCase();
    if (colon >= 0 && key) yield { key, value: line.slice(colon + 1).trim() };
  }
}

/** The three uses the Content Signals Policy names. */
export const SIGNAL_KEYS = ['search', 'ai-input', 'ai-train'] as const;

/** One Content-Signal line and the group it belongs to. */
export interface ContentSignal {
  /** The user agents of its group, as written ('*' for everyone). */
  agents: string[];
  /** The uses it names, each yes or no. */
  signals: Partial<Record<(typeof SIGNAL_KEYS)[number], 'yes' | 'no'>>;
  /** Pairs that are not a known use set to yes or no, as written. */
  invalid: string[];
}

/** One Content-Signal line's value (`search=yes, ai-train=no`), with its group's user agents. */
function readSignal(value: string, agents: readonly string[]): ContentSignal {
  const signal: ContentSignal = { agents: [...agents], signals: {}, invalid: [] };
  for (const pair of value.split(',')) {
    const trimmed = pair.trim();
    if (trimmed === '') continue;
    const [name, setting] = trimmed.split('=').map((p) => p.trim().toLowerCase());
    if (
      (SIGNAL_KEYS as readonly string[]).includes(name) &&
      (setting === 'yes' || setting === 'no')
    ) {
      signal.signals[name as (typeof SIGNAL_KEYS)[number]] = setting;
    } else {
      signal.invalid.push(trimmed);
    }
  }
  return signal;
}
