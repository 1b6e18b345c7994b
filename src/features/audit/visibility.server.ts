/**
 * The audit's own checks of a page and its site, run beside the PageSpeed Insights call: it
 * fetches the page, then its origin's robots.txt (and the sitemap it names), llms.txt, the
 * page's Markdown version and, for an HTTPS page, its http:// address, all through the safe
 * fetcher, and turns what came back into the `visibility` part of the answer. It never throws:
 * whatever goes wrong becomes checks with an error status.
 */
import { isDevelopment, type Env } from '#server/env';
import { log } from '#server/log';
import { CHECK_IDS, type CheckId, type Visibility, type VisibilityCheck } from './contract';
import type { Attempt } from './fetched';
import { checkContentSignals, checkHttps, checkRobots, checkStatus } from './checks-site';
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
import { readPageFacts, readSitemap, type PageFacts } from './page-facts';
import { sitemapsIn } from './robots';
import {
  CHECKS_BUDGET_MS,
  createSafeFetcher,
  DEFAULT_DOH_URL,
  FETCH_TIMEOUT_MS,
  type SafeFetcher,
} from './safe-fetch.server';
import { parseAllowHosts } from './url-guard';
import { scoreChecks } from './visibility';

/** Bytes read at most: the page (and its Markdown version), robots.txt and llms.txt, a sitemap. */
export const MAX_BYTES = { page: 512 * 1024, text: 256 * 1024, sitemap: 2 * 1024 * 1024 } as const;
/** Sitemaps read at most: listed in robots.txt, and children of one sitemap index. */
const MAX_SITEMAPS = 3;

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
  const fetcher = createSafeFetcher({
    dohUrl: config.dohUrl,
    userAgent: config.userAgent,
    allowHosts: config.allowHosts,
    perFetchMs: config.perFetchMs,
    deadline: now() + config.budgetMs,
    now,
    ...(config.fetch ? { fetch: config.fetch } : {}),
  });
  const page = await fetcher.fetch(target, { maxBytes: MAX_BYTES.page });
  const pageUrl = page.ok ? page.url : target;
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
        sitemap: await findSitemap(fetcher, robots, robotsUrl, pageAddresses(target, page, facts)),
      })),
    fetcher.fetch(`${origin}/llms.txt`, {
      maxBytes: MAX_BYTES.text,
      accept: 'text/markdown,text/plain;q=0.9,*/*;q=0.5',
    }),
    page.ok ? fetcher.fetch(pageUrl, { maxBytes: MAX_BYTES.page, accept: 'text/markdown' }) : page,
    probeHttp ? fetcher.fetch(plainHttp.href, { maxBytes: 0, follow: false }) : undefined,
  ]);
  const { robots, sitemap } = robotsAndSitemap;

  const byId: Partial<Record<CheckId, VisibilityCheck>> = {
    https: checkHttps(page, httpProbe),
    status: checkStatus(page),
    'robots-ai': checkRobots(robots, pageUrl),
    'content-signals': checkContentSignals(robots),
    sitemap: checkSitemap(sitemap, pageAddresses(target, page, facts)),
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
 * lists the page; a sitemap index is followed one level, a few of its sitemaps at a time. The
 * evidence is the sitemap that lists the page, else the first one.
 */
async function findSitemap(
  fetcher: SafeFetcher,
  robots: Attempt,
  robotsUrl: string,
  pageUrls: string[],
): Promise<SitemapEvidence> {
  const robotsOk = robots.ok && robots.status >= 200 && robots.status < 300 && robots.body;
  const listed = robotsOk ? sitemapsIn(robots.body!, robotsUrl).slice(0, MAX_SITEMAPS) : [];
  const candidates = listed.length ? listed : [new URL('/sitemap.xml', robotsUrl).href];
  const wanted = new Set(pageUrls.map(normalise));
  let first: SitemapEvidence | undefined;
  for (const url of candidates) {
    const evidence: SitemapEvidence = {
      listed: listed.length > 0,
      url,
      children: [],
      ...(await readOne(fetcher, url)),
    };
    if (evidence.facts?.root === 'sitemapindex') {
      evidence.children = await Promise.all(
        evidence.facts.locs
          .slice(0, MAX_SITEMAPS)
          .map(async (child) => ({ url: child, ...(await readOne(fetcher, child)) })),
      );
    }
    first ??= evidence;
    const files = evidence.facts?.root === 'sitemapindex' ? evidence.children : [evidence];
    if (files.some((f) => f.facts?.locs.some((loc) => wanted.has(normalise(loc))))) return evidence;
  }
  return first!;
}

async function readOne(fetcher: SafeFetcher, url: string) {
  const attempt = await fetcher.fetch(url, {
    maxBytes: MAX_BYTES.sitemap,
    accept: 'application/xml,text/xml;q=0.9,*/*;q=0.5',
  });
  const facts =
    attempt.ok && attempt.status >= 200 && attempt.status < 300 && attempt.body !== undefined
      ? readSitemap(attempt.body)
      : undefined;
  return { attempt, facts };
}
