/**
 * Where each finding is explained on this site: a section of one of our articles, by its
 * heading's anchor. tests/build checks that every anchor exists in the built pages, so renaming
 * a heading without updating this table fails the tests.
 */
import type { LearnMore } from '../contract';

/** Each explanation a check links to, by topic (several checks' findings share one). */
export const LEARN_MORE = {
  https: {
    href: '/articles/quick-seo-wins-small-businesses#serve-every-page-over-https',
    label: 'Serve every page over HTTPS',
  },
  status: {
    href: '/articles/server-errors-guide#how-google-treats-the-codes-that-matter',
    label: 'How Google treats the status codes that matter',
  },
  redirects: {
    href: '/articles/server-errors-guide#redirects-301-302-307-308-and-chains',
    label: 'Redirects: 301, 302, 307, 308 and chains',
  },
  robots: {
    href: '/articles/ai-citation-guide#step-1-let-the-right-crawlers-in',
    label: 'Step 1: Let the right crawlers in',
  },
  robotsServerError: {
    href: '/articles/server-errors-guide#when-robotstxt-returns-a-server-error',
    label: 'When robots.txt returns a server error',
  },
  contentSignals: {
    href: '/articles/ai-citation-guide#say-how-ai-may-use-your-content',
    label: 'Say how AI may use your content',
  },
  sitemap: {
    href: '/articles/quick-seo-wins-small-businesses#submit-your-sitemap',
    label: 'Submit your sitemap',
  },
  llmsTxt: {
    href: '/articles/ai-citation-guide#what-about-llmstxt',
    label: 'What about llms.txt?',
  },
  markdown: {
    href: '/articles/ai-citation-guide#markdown-versions-of-your-pages',
    label: 'Markdown versions of your pages',
  },
  meta: {
    href: '/articles/quick-seo-wins-small-businesses#win-4-rewrite-title-tags-and-meta-descriptions-for-search-intent',
    label: 'Rewrite title tags and meta descriptions',
  },
  noindex: {
    href: '/articles/ai-citation-guide#check-the-things-robotstxt-does-not-show',
    label: 'Check the things robots.txt does not show',
  },
  structuredData: {
    href: '/articles/ai-citation-guide#step-6-add-structured-data-that-matches-the-page',
    label: 'Step 6: Add structured data that matches the page',
  },
  headings: {
    href: '/articles/ai-citation-guide#step-3-answer-the-question-near-the-top-of-the-page',
    label: 'Step 3: Answer the question near the top of the page',
  },
  openGraph: {
    href: '/articles/quick-seo-wins-small-businesses#titles-and-pictures-for-shared-links',
    label: 'Titles and pictures for shared links',
  },
} as const satisfies Record<string, LearnMore>;
