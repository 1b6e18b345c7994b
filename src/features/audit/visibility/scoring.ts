/**
 * The AI-visibility report's fixed facts, shared by the /audit island and the server: each
 * check's name, group, weight and why it matters, the score and grade, and which fixes lead the
 * report. Pure data and arithmetic, so the island's bundle stays small.
 */
import { gradeFor } from '../grades';
import type { CheckId, CheckStatus, VisibilityCheck } from '../contract';

/** The three groups the report shows, in order. */
export const CHECK_GROUPS = ['AI crawlers', 'Search basics', 'Page structure'] as const;

export type CheckGroup = (typeof CHECK_GROUPS)[number];

/** What every check of one kind has in common, whatever it found. */
export interface CheckInfo {
  title: string;
  group: CheckGroup;
  /** Share of the 0-100 score; the weights add up to 100 (see CHECK_INFO). */
  weight: number;
  /** One sentence on why it matters, for an owner without technical staff. */
  why: string;
}

/**
 * The checks and their weights. Access comes first: a page that AI crawlers may not fetch, that
 * answers with an error or that asks not to be indexed cannot be cited whatever else is right,
 * so robots.txt, the page's response and its indexing tags carry nearly half the score.
 * Structured data, HTTPS and the sitemap help engines find and trust a page; headings, sharing
 * tags, content signals, Markdown and llms.txt are newer or smaller aids and weigh least
 * (llms.txt is an unofficial proposal no major engine has committed to).
 */
export const CHECK_INFO: Record<CheckId, CheckInfo> = {
  'robots-ai': {
    title: 'AI crawler access',
    group: 'AI crawlers',
    weight: 20,
    why: 'AI answers can only cite pages their crawlers may fetch, and robots.txt is the first file every crawler reads.',
  },
  'content-signals': {
    title: 'Content signals',
    group: 'AI crawlers',
    weight: 6,
    why: 'Content signals tell AI companies in plain terms whether your pages may be used for search, for AI answers and for training.',
  },
  'llms-txt': {
    title: 'llms.txt',
    group: 'AI crawlers',
    weight: 5,
    why: 'An llms.txt file gives AI tools a short summary of your site with links to its key pages; it is an unofficial proposal, so it counts for little.',
  },
  markdown: {
    title: 'Markdown version',
    group: 'AI crawlers',
    weight: 5,
    why: 'Some AI tools ask for a plain Markdown version of a page, which they read more reliably than HTML full of menus and scripts.',
  },
  https: {
    title: 'Secure connection (HTTPS)',
    group: 'Search basics',
    weight: 8,
    why: 'Browsers warn visitors away from pages that are not secure, and search engines prefer the secure address of a page.',
  },
  status: {
    title: 'Page response',
    group: 'Search basics',
    weight: 14,
    why: 'A page that answers with an error, or sends crawlers through a chain of redirects, is crawled less and can drop out of search and AI answers.',
  },
  sitemap: {
    title: 'Sitemap',
    group: 'Search basics',
    weight: 8,
    why: 'A sitemap lists the pages you want found, so search engines pick up new and changed pages sooner.',
  },
  meta: {
    title: 'Title, description and indexing',
    group: 'Search basics',
    weight: 14,
    why: 'The title and description are what people see in search results, and a stray noindex keeps a page out of search and AI answers altogether.',
  },
  'structured-data': {
    title: 'Structured data',
    group: 'Page structure',
    weight: 10,
    why: 'Structured data states who you are and what the page is about in a form search engines read without guessing.',
  },
  headings: {
    title: 'Headings',
    group: 'Page structure',
    weight: 6,
    why: 'Headings give the page an outline that readers, screen readers and AI systems use to find the passage that answers a question.',
  },
  'open-graph': {
    title: 'Sharing tags (Open Graph)',
    group: 'Page structure',
    weight: 4,
    why: 'Open Graph tags set the title, text and picture shown when someone shares your page in a chat or a social post.',
  },
};

/** How much of a check's weight each status earns; errors are left out of the score. */
const STATUS_VALUE: Record<Exclude<CheckStatus, 'error'>, number> = {
  pass: 1,
  warn: 0.5,
  fail: 0,
};

/** The score and grade of a set of checks. */
export interface VisibilityScore {
  score: number | null;
  grade: 'A' | 'B' | 'C' | 'D' | 'F' | null;
}

/**
 * The weighted score from 0 to 100 of the checks that could be run (a pass earns a check's
 * weight, a warning half, a failure nothing), and its grade on the same A-F table as the
 * PageSpeed grade. Checks that could not be run do not count either way; when none could, the
 * score and grade are null rather than a misleading F.
 */
export function scoreChecks(
  checks: readonly Pick<VisibilityCheck, 'id' | 'status'>[],
): VisibilityScore {
  let earned = 0;
  let possible = 0;
  for (const check of checks) {
    if (check.status === 'error') continue;
    const weight = CHECK_INFO[check.id].weight;
    possible += weight;
    earned += weight * STATUS_VALUE[check.status];
  }
  if (possible === 0) return { score: null, grade: null };
  const score = Math.round((earned / possible) * 100);
  return { score, grade: gradeFor(score).grade };
}

/**
 * The fixes that would raise the score most, best first: failures and warnings ordered by the
 * weight they cost, each fix once (checks that could not run because the page did not load
 * share one fix).
 */
export function topFixes(checks: readonly VisibilityCheck[], count = 3): VisibilityCheck[] {
  const lost = (c: VisibilityCheck) =>
    c.status === 'error' || c.status === 'pass'
      ? 0
      : CHECK_INFO[c.id].weight * (1 - STATUS_VALUE[c.status]);
  const seen = new Set<string>();
  return checks
    .filter((c) => c.fix && lost(c) > 0)
    .sort((a, b) => lost(b) - lost(a))
    .filter((c) => !seen.has(c.fix!) && seen.add(c.fix!))
    .slice(0, count);
}

/** The checks of one group, in the order the report lists them. */
export function checksInGroup(
  checks: readonly VisibilityCheck[],
  group: CheckGroup,
): VisibilityCheck[] {
  return checks.filter((c) => CHECK_INFO[c.id].group === group);
}

/** How each status is written out, so no finding depends on colour alone. */
export const STATUS_LABEL: Record<CheckStatus, string> = {
  pass: 'Passed',
  warn: 'Needs attention',
  fail: 'Failed',
  error: 'Not checked',
};
