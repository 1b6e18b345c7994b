/**
 * robots.txt as the audit reads it: whether each crawler that matters for search and AI answers
 * may fetch the page, by robots-parser (the rules of RFC 9309: a crawler obeys the group naming
 * it or else the * group, the longest matching path wins, Allow wins a tie, * and $ wildcards),
 * and the Content-Signal lines of the Content Signals Policy, which that parser ignores.
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
 * Whether each of CRAWLERS may fetch `pageUrl` under `robotsTxt` (the file of the page's own
 * origin). A byte-order mark is dropped first: robots-parser would otherwise not recognise the
 * first line.
 */
export function crawlerAccess(robotsTxt: string, pageUrl: string): CrawlerAccess[] {
  const robotsUrl = new URL('/robots.txt', pageUrl).href;
  const robots = robotsParser(robotsUrl, robotsTxt.replace(/^\uFEFF/, ''));
  return CRAWLERS.map(({ token, kind }) => ({
    token,
    kind,
    // Same origin by construction, so the parser always answers; undefined would mean allowed.
    allowed: robots.isAllowed(pageUrl, token) !== false,
  }));
}

/** The Sitemap lines of a robots.txt, as absolute addresses; ones that do not parse are skipped. */
export function sitemapsIn(robotsTxt: string, robotsUrl: string): string[] {
  const found: string[] = [];
  for (const listed of robotsParser(robotsUrl, robotsTxt.replace(/^\uFEFF/, '')).getSitemaps()) {
    try {
      found.push(new URL(listed, robotsUrl).href);
    } catch {
      // Not an address; crawlers skip it too.
    }
  }
  return found;
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

/**
 * The Content-Signal lines of a robots.txt (`Content-Signal: search=yes, ai-train=no`), each with
 * the user agents of the group it sits in. Groups are read as RFC 9309 reads them: consecutive
 * User-agent lines open a group, which runs until the next User-agent line after a rule.
 */
export function contentSignals(robotsTxt: string): ContentSignal[] {
  const found: ContentSignal[] = [];
  let agents: string[] = [];
  let inRules = true;
  for (const raw of robotsTxt.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)) {
    const line = raw.replace(/#.*/, '').trim();
    const match = /^([A-Za-z-]+)\s*:\s*(.*)$/.exec(line);
    if (!match) continue;
    const key = match[1].toLowerCase();
    const value = match[2].trim();
    if (key === 'user-agent') {
      if (inRules) agents = [];
      agents.push(value);
      inRules = false;
      continue;
    }
    inRules = true;
    if (key !== 'content-signal') continue;
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
    found.push(signal);
  }
  return found;
}
