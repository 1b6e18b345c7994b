import type { APIRoute } from 'astro';

/**
 * The Content Signals Policy (contentsignals.org, CC0), as comments above the signals it defines.
 * Its wording is the policy's own, so it is kept verbatim.
 */
const CONTENT_SIGNALS_POLICY = [
  'As a condition of accessing this website, you agree to abide by the following content signals:',
  '',
  '(a)  If a content-signal = yes, you may collect content for the corresponding use.',
  '(b)  If a content-signal = no, you may not collect content for the corresponding use.',
  '(c)  If the website operator does not include a content signal for a corresponding use, the website operator neither grants nor restricts permission via content signal with respect to the corresponding use.',
  '',
  'The content signals and their meanings are:',
  '',
  "search:   building a search index and providing search results (e.g., returning hyperlinks and short excerpts from your website's contents).  Search does not include providing AI-generated search summaries.",
  'ai-input: inputting content into one or more AI models (e.g., retrieval augmented generation, grounding, or other real-time taking of content for generative AI search answers).',
  'ai-train: training or fine-tuning AI models.',
  '',
  'ANY RESTRICTIONS EXPRESSED VIA CONTENT SIGNALS ARE EXPRESS RESERVATIONS OF RIGHTS UNDER ARTICLE 4 OF THE EUROPEAN UNION DIRECTIVE 2019/790 ON COPYRIGHT AND RELATED RIGHTS IN THE DIGITAL SINGLE MARKET.',
];

/**
 * The firm wants its pages found and quoted: search results, AI answers that cite sources, and
 * what AI models know about small-business SEO and AI. So every use is allowed.
 *
 * Search engines, and the bots that fetch pages for AI answers with links back, are named one by
 * one so the policy is explicit and a later rule for everyone cannot shut them out by accident.
 *
 * Training crawlers are allowed too (ai-train=yes), a deliberate choice: the articles and
 * service pages are the firm's public advice and prices, written to be repeated, and nothing on
 * them is confidential; a model that has learned them can name the firm when it answers without
 * searching. Google-Extended also governs grounding in Gemini apps, so blocking it would cost
 * citations there as well. Only /api/ (the site's functions, which no crawler can use) is
 * disallowed, for everyone.
 */
const GROUPS: { comment: string; agents: string[] }[] = [
  {
    comment: 'Search engines, whose indexes AI Overviews and Copilot answers draw on',
    agents: ['Googlebot', 'Bingbot', 'Applebot', 'DuckDuckBot'],
  },
  {
    comment: 'AI search and answer bots, which cite and link their sources',
    agents: [
      'OAI-SearchBot',
      'ChatGPT-User',
      'PerplexityBot',
      'Perplexity-User',
      'Claude-SearchBot',
      'Claude-User',
    ],
  },
  {
    comment: 'AI training crawlers and tokens: allowed, see ai-train=yes',
    agents: ['GPTBot', 'ClaudeBot', 'Google-Extended', 'Applebot-Extended', 'CCBot'],
  },
  { comment: 'Everyone else', agents: ['*'] },
];

/** Every group's signals and rules; repeated per group, since a crawler reads only its own. */
const RULES = [
  'Content-Signal: search=yes, ai-input=yes, ai-train=yes',
  'Allow: /',
  'Disallow: /api/',
];

/** robots.txt: the AI crawler policy, content signals and the sitemap on the configured origin. */
export const GET: APIRoute = ({ site }) =>
  new Response(
    [
      ...CONTENT_SIGNALS_POLICY.map((line) => (line ? `# ${line}` : '#')),
      '',
      ...GROUPS.flatMap(({ comment, agents }) => [
        `# ${comment}`,
        ...agents.map((agent) => `User-agent: ${agent}`),
        ...RULES,
        '',
      ]),
      `Sitemap: ${new URL('/sitemap-index.xml', site)}`,
      '',
    ].join('\n'),
    { headers: { 'Content-Type': 'text/plain; charset=utf-8' } },
  );
