/**
 * The checks of the files a site publishes for crawlers besides robots.txt: the sitemap,
 * llms.txt and a Markdown version of the page. Pure functions from fetched answers to findings.
 */
import type { VisibilityCheck } from '../contract';
import { header, type Attempt } from './fetched';
import { failedFetch, finding, list } from './finding';
import { LEARN_MORE } from './learn-more';
import type { SitemapFacts } from './page-facts';

/** The sitemap the audit found and read (a sitemap index is followed one level). */
export interface SitemapEvidence {
  /** True when robots.txt lists it; false when it was tried at /sitemap.xml. */
  listed: boolean;
  url: string;
  attempt: Attempt;
  facts?: SitemapFacts | undefined;
  /** For an index: the sitemaps read from it, at most a few. */
  children: { url: string; attempt: Attempt; facts?: SitemapFacts | undefined }[];
}

/** `sitemap`: a sitemap is listed or found, parses, and lists the page. */
export function checkSitemap(evidence: SitemapEvidence): VisibilityCheck {
  const learnMore = LEARN_MORE.sitemap;
  const fix =
    'Publish an XML sitemap of the pages you want found (most site builders make one), list it in robots.txt with a Sitemap: line and submit it in Search Console and Bing Webmaster Tools.';
  const { attempt } = evidence;
  if (!attempt.ok)
    return failedFetch('sitemap', attempt, `the sitemap at ${evidence.url}`, { fix, learnMore });
  if (attempt.status < 200 || attempt.status >= 300) {
    const detail = evidence.listed
      ? `The sitemap robots.txt lists (${evidence.url}) answers with status ${attempt.status}.`
      : `robots.txt lists no sitemap and there is none at ${evidence.url} (status ${attempt.status}).`;
    return finding('sitemap', 'fail', detail, { fix, learnMore });
  }
  const facts = evidence.facts;
  const root = facts?.root;
  if (!facts || (root !== 'urlset' && root !== 'sitemapindex')) {
    return finding(
      'sitemap',
      'fail',
      `${evidence.url} is not a sitemap: it does not read as sitemap XML (a urlset or a sitemap index).`,
      { fix, learnMore },
    );
  }
  const files =
    root === 'sitemapindex' ? evidence.children : [{ url: evidence.url, attempt, facts }];
  const listing = files.find((f) => f.facts?.listsPage);
  const where = evidence.listed
    ? 'listed in robots.txt'
    : 'at /sitemap.xml (robots.txt does not list it)';
  const counted = (f: { facts?: SitemapFacts | undefined }) =>
    `${f.facts?.count ?? 0}${f.facts?.cut ? ' or more (we stopped reading there)' : ''}`;
  const items = [
    { label: root === 'sitemapindex' ? 'Sitemap index' : 'Sitemap', value: evidence.url },
    root === 'sitemapindex'
      ? { label: 'Sitemaps in the index', value: `${counted(evidence)} (we read ${files.length})` }
      : { label: 'Pages listed', value: counted(evidence) },
  ];
  if (listing) {
    const via = listing.url === evidence.url ? '' : ` (in ${listing.url})`;
    return finding('sitemap', 'pass', `The sitemap ${where} lists this page${via}.`, {
      learnMore,
      items,
    });
  }
  const partial =
    facts.cut ||
    files.some((f) => !f.attempt.ok || f.attempt.truncated || f.facts?.cut) ||
    (root === 'sitemapindex' && files.length < facts.count);
  return finding(
    'sitemap',
    'warn',
    `The sitemap ${where} does not list this page${partial ? ' in the part we read' : ''}.`,
    {
      fix: "Add this page's address, exactly as its canonical tag gives it, to your sitemap.",
      learnMore,
      items,
    },
  );
}

/** `llms-txt`: /llms.txt exists and has a title, a summary and lists of links. */
export function checkLlmsTxt(llms: Attempt): VisibilityCheck {
  const learnMore = LEARN_MORE.llmsTxt;
  const fix =
    'Add /llms.txt: a "# Site name" title, a "> one-sentence summary", then "## Sections" listing your key pages as "- [Page name](https://…): what it covers".';
  if (!llms.ok) return failedFetch('llms-txt', llms, '/llms.txt', { fix, learnMore });
  if (llms.status < 200 || llms.status >= 300 || llms.body === undefined) {
    return finding(
      'llms-txt',
      'fail',
      `There is no llms.txt (${llms.url} answers with status ${llms.status}).`,
      { fix, learnMore },
    );
  }
  if (/^\s*</.test(llms.body)) {
    return finding(
      'llms-txt',
      'fail',
      `${llms.url} answers with a web page, not a Markdown text file.`,
      { fix, learnMore },
    );
  }
  const lines = llms.body.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const firstLine = lines.find((l) => l.trim() !== '') ?? '';
  const title = /^#\s+(\S.*)$/.exec(firstLine)?.[1];
  const firstSection = lines.findIndex((l) => /^##\s/.test(l));
  const summary = lines
    .slice(0, firstSection < 0 ? undefined : firstSection)
    .some((l) => /^>\s*\S/.test(l));
  const links = lines.filter((l) => /^\s*[-*]\s+\[[^\]]+\]\(\S+\)/.test(l)).length;
  const sections = lines.filter((l) => /^##\s/.test(l)).length;
  const items = [
    { label: 'Title', value: title ?? 'Missing (the file should start with "# Name")' },
    { label: 'Summary', value: summary ? 'Present' : 'Missing (a line starting with "> ")' },
    { label: 'Links', value: `${links} in ${sections} ${sections === 1 ? 'section' : 'sections'}` },
  ];
  const missing = [
    title ? '' : 'a title',
    summary ? '' : 'a summary',
    links ? '' : 'lists of links',
  ].filter(Boolean);
  if (missing.length) {
    return finding('llms-txt', 'warn', `llms.txt is there but lacks ${list(missing)}.`, {
      fix,
      learnMore,
      items,
    });
  }
  return finding(
    'llms-txt',
    'pass',
    `llms.txt is well formed: a title, a summary and ${links} links.`,
    { learnMore, items },
  );
}

/** `markdown`: the page answers Accept: text/markdown with Markdown. */
export function checkMarkdown(markdown: Attempt): VisibilityCheck {
  const learnMore = LEARN_MORE.markdown;
  const fix =
    'Publish a Markdown version of each important page and have the server answer requests that prefer text/markdown (Accept: text/markdown) with it, adding "Vary: Accept" so caches keep the two apart.';
  if (!markdown.ok) return failedFetch('markdown', markdown, 'the page', { fix, learnMore });
  const isMarkdown =
    markdown.status >= 200 &&
    markdown.status < 300 &&
    (markdown.contentType === 'text/markdown' || markdown.contentType === 'text/x-markdown') &&
    !!markdown.body?.trim() &&
    !/^\s*</.test(markdown.body);
  if (!isMarkdown) {
    return finding(
      'markdown',
      'fail',
      `Asked for Markdown, the page answers with ${markdown.contentType || 'no content type'} (status ${markdown.status}).`,
      { fix, learnMore },
    );
  }
  const items = [
    { label: 'Content type', value: markdown.headers.get('content-type') ?? '' },
    { label: 'Vary', value: markdown.headers.get('vary') ?? 'Not set' },
  ];
  if (!/(?:^|,)\s*accept\s*(?:,|$)/.test(header(markdown, 'vary'))) {
    return finding(
      'markdown',
      'warn',
      'The page answers requests for Markdown with Markdown, but without "Vary: Accept", so a cache may hand the Markdown to browsers.',
      {
        fix: 'Add "Vary: Accept" to both the HTML and the Markdown answers of the page.',
        learnMore,
        items,
      },
    );
  }
  return finding(
    'markdown',
    'pass',
    'The page answers requests for Markdown with a Markdown version, and says so to caches with Vary: Accept.',
    { learnMore, items },
  );
}
