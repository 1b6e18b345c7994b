/**
 * The audit's own checks of a page and its site, run beside the PageSpeed Insights call: it
 * fetches the page, then its origin's robots.txt (and the sitemap it names), llms.txt, the
 * page's Markdown version and, for an HTTPS page, its http:// address, all through the safe
 * fetcher, and turns what came back into the `visibility` part of the answer. It never throws:
 * whatever goes wrong becomes checks with an error status.
 */
import { isDevelopment, type Env } from '#server/env';
import { log } from '#server/log';
import { CHECK_IDS, type CheckId, type Visibility, type VisibilityCheck } from '../contract';
import type { Attempt } from './fetched';
import {
  checkContentSignals,
  checkHttps,
  checkRobots,
  checkStatus,
  readRobotsFile,
} from './checks-site';
import { checkLlmsTxt, checkMarkdown, checkSitemap, type SitemapEvidence } from './checks-files';
import { finding, normalise } from './finding';
import {
  checkHeadings,
  checkMeta,
  checkOpenGraph,
  checkStructuredData,
  unreadablePage,
  xRobotsTag,
} from './checks-page';
import { readPageFacts, readSitemap, type PageFacts, type SitemapBudget } from './page-facts';
import { sitemapsIn } from './robots';
import {
  CHECKS_BUDGET_MS,
  createSafeFetcher,
  DEFAULT_DOH_URL,
  FETCH_TIMEOUT_MS,
  type SafeFetcher,
} from './safe-fetch.server';
import { parseAllowHosts } from '../url-guard';
import { scoreChecks } from './scoring';

/** Bytes read at most: the page (and its Markdown version), robots.txt and llms.txt, a sitemap. */
export const MAX_BYTES = { page: 512 * 1024, text: 256 * 1024, sitemap: 2 * 1024 * 1024 } as const;
/** Sitemaps read at most: listed in robots.txt, and children of one sitemap index. */
const MAX_SITEMAPS = 3;
/**
 * What the audit reads of a site's sitemaps in all: addresses and bytes (the checks' time
 * budget bounds it too). Enough to find a page in the sitemaps of most small and mid-sized
 * sites; past it the finding says the page was not found "in the part we read".
 */
export const SITEMAP_LIMITS = { urls: 10_000, bytes: 4 * 1024 * 1024 } as const;

/** What the checks need: the resolver, the User-Agent, the allowed hosts and the time limits. */
export interface VisibilityConfig {
  dohUrl: string;
  userAgent: string;
  allowHosts: ReadonlySet<string>;
  perFetchMs: number;
  budgetMs: number;
  fetch?: typeof fetch;
  now?: () => number;
}

/**
 * The checks' configuration from the environment: the resolver (AUDIT_DOH_URL), the hosts
 * fetched without the address rules (AUDIT_ALLOW_HOSTS, honoured only when ENVIRONMENT is
 * development, so production never loosens), and a User-Agent naming the audit and the site
 * (SITE_URL, else the origin the request came to).
 */
export function visibilityConfig(env: Env, requestOrigin: string): VisibilityConfig {
  let origin = requestOrigin;
  try {
    if (env.SITE_URL?.trim()) origin = new URL(env.SITE_URL.trim()).origin;
  } catch {
    // A malformed SITE_URL falls back to the request's origin.
  }
  return {
    dohUrl: env.AUDIT_DOH_URL?.trim() || DEFAULT_DOH_URL,
    userAgent: `Mozilla/5.0 (compatible; WebsiteAudit/1.0; +${origin}/audit)`,
    allowHosts: isDevelopment(env) ? parseAllowHosts(env.AUDIT_ALLOW_HOSTS) : new Set(),
    perFetchMs: FETCH_TIMEOUT_MS,
    budgetMs: CHECKS_BUDGET_MS,
  };
}

/** Every check as an error, for when the checks could not run at all. */
export function visibilityUnavailable(detail: string): Visibility {
  return {
    score: null,
    grade: null,
    checks: CHECK_IDS.map((id) => finding(id, 'error', detail)),
  };
}

/** Runs the checks of `target` (an address already through the address rules). */
export async function runVisibilityChecks(
  target: string,
  config: VisibilityConfig,
): Promise<Visibility> {
  try {
    const checks = await collect(target, config);
    return { ...scoreChecks(checks), checks };
  } catch (err) {
    log.error('audit.visibility_failed', { error: err });
    return visibilityUnavailable('We could not run this check because of a problem on our side.');
  }
}

async function collect(target: string, config: VisibilityConfig): Promise<VisibilityCheck[]> {
  const now = config.now ?? Date.now;
  const deadline = now() + config.budgetMs;
  const fetcher = createSafeFetcher({
    dohUrl: config.dohUrl,
    userAgent: config.userAgent,
    allowHosts: config.allowHosts,
    perFetchMs: config.perFetchMs,
    deadline,
    audited: target,
    now,
    ...(config.fetch ? { fetch: config.fetch } : {}),
  });
  const page = await fetcher.fetch(target, { maxBytes: MAX_BYTES.page });
  const pageUrl = page.ok ? page.url : target;
  fetcher.addOwnHost(pageUrl);
  const origin = new URL(pageUrl).origin;
  const unreadable = unreadablePage(page);
  const facts = unreadable || !page.ok ? undefined : readPageFacts(page.body ?? '');
  const robotsUrl = `${origin}/robots.txt`;

  const plainHttp = new URL(pageUrl);
  plainHttp.protocol = 'http:';
  const probeHttp =
    page.ok && pageUrl.startsWith('https:') && !page.hops.some((h) => h.url.startsWith('http:'));

  const [robotsAndSitemap, llms, markdown, httpProbe] = await Promise.all([
    fetcher
      .fetch(robotsUrl, { maxBytes: MAX_BYTES.text, accept: 'text/plain,*/*;q=0.5' })
      .then(async (robots) => ({
        robots,
        sitemap: await findSitemap(fetcher, robots, robotsUrl, pageAddresses(target, page, facts), {
          urls: SITEMAP_LIMITS.urls,
          deadline,
          now,
        }),
      })),
    fetcher.fetch(`${origin}/llms.txt`, {
      maxBytes: MAX_BYTES.text,
      accept: 'text/markdown,text/plain;q=0.9,*/*;q=0.5',
    }),
    page.ok ? fetcher.fetch(pageUrl, { maxBytes: MAX_BYTES.page, accept: 'text/markdown' }) : page,
    probeHttp ? fetcher.fetch(plainHttp.href, { maxBytes: 0, follow: false }) : undefined,
  ]);
  const { robots, sitemap } = robotsAndSitemap;
  const robotsFile = readRobotsFile(robots, pageUrl, now);

  const byId: Partial<Record<CheckId, VisibilityCheck>> = {
    https: checkHttps(page, httpProbe),
    status: checkStatus(page),
    'robots-ai': checkRobots(robotsFile),
    'content-signals': checkContentSignals(robotsFile),
    sitemap: checkSitemap(sitemap),
    'llms-txt': checkLlmsTxt(llms),
    markdown: checkMarkdown(markdown),
  };
  if (unreadable) {
    for (const check of unreadable) byId[check.id] = check;
  } else if (facts && page.ok) {
    byId.meta = checkMeta(facts, page.url, xRobotsTag(page));
    byId['structured-data'] = checkStructuredData(facts);
    byId.headings = checkHeadings(facts);
    byId['open-graph'] = checkOpenGraph(facts);
  }
  return CHECK_IDS.map((id) => byId[id]!);
}

/** The addresses a sitemap may list the page under: as asked, as answered and its canonical. */
function pageAddresses(target: string, page: Attempt, facts: PageFacts | undefined): string[] {
  const addresses = [target];
  if (page.ok) addresses.push(page.url);
  const canonical = facts?.canonicals[0];
  if (canonical && page.ok) {
    try {
      addresses.push(new URL(canonical, page.url).href);
    } catch {
      // A canonical that is not an address matches nothing.
    }
  }
  return addresses;
}

/**
 * The sitemaps robots.txt lists (or /sitemap.xml when it lists none), read in order until one
 * lists the page; a sitemap index is followed one level, a few of its sitemaps in turn. All of
 * them share SITEMAP_LIMITS and the checks' deadline. The evidence is the sitemap that lists
 * the page, else the first one.
 */
async function findSitemap(
  fetcher: SafeFetcher,
  robots: Attempt,
  robotsUrl: string,
  pageUrls: string[],
  budget: SitemapBudget,
): Promise<SitemapEvidence> {
  const robotsOk = robots.ok && robots.status >= 200 && robots.status < 300 && robots.body;
  const listed = robotsOk ? sitemapsIn(robots.body!, robotsUrl, MAX_SITEMAPS) : [];
  const candidates = listed.length ? listed : [new URL('/sitemap.xml', robotsUrl).href];
  const wanted = new Set(pageUrls.map(normalise));
  const reader = new SitemapReader(fetcher, (loc) => wanted.has(normalise(loc)), budget);
  let first: SitemapEvidence | undefined;
  for (const url of candidates) {
    if (first && reader.spent()) break;
    const evidence: SitemapEvidence = {
      listed: listed.length > 0,
      url,
      children: [],
      ...(await reader.read(url)),
    };
    if (evidence.facts?.root === 'sitemapindex') {
      for (const child of evidence.facts.locs.slice(0, MAX_SITEMAPS)) {
        if (reader.spent()) break;
        const read = { url: child, ...(await reader.read(child)) };
        evidence.children.push(read);
        if (read.facts?.listsPage) break;
      }
    }
    first ??= evidence;
    const files = evidence.facts?.root === 'sitemapindex' ? evidence.children : [evidence];
    if (files.some((f) => f.facts?.listsPage)) return evidence;
  }
  return first!;
}

/** Reads sitemaps one after another within what is left of the budget. */
class SitemapReader {
  private bytes: number = SITEMAP_LIMITS.bytes;

  constructor(
    private readonly fetcher: SafeFetcher,
    private readonly isPage: (loc: string) => boolean,
    private readonly budget: SitemapBudget,
  ) {}

  /** True when no more sitemap text may be read. */
  spent(): boolean {
    return this.bytes <= 0 || this.budget.urls <= 0 || this.budget.now() > this.budget.deadline;
  }

  async read(url: string) {
    const attempt = await this.fetcher.fetch(url, {
      maxBytes: Math.max(0, Math.min(MAX_BYTES.sitemap, this.bytes)),
      accept: 'application/xml,text/xml;q=0.9,*/*;q=0.5',
    });
    const readable =
      attempt.ok && attempt.status >= 200 && attempt.status < 300 && attempt.body !== undefined;
    if (!readable) return { attempt, facts: undefined };
    this.bytes -= attempt.body!.length;
    return { attempt, facts: readSitemap(attempt.body!, this.isPage, this.budget) };
  }
}
