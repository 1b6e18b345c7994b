/**
 * The Markdown versions of articles and service pages (served at <page>.md, and to requests that
 * ask for text/markdown), built from the same frontmatter and MDX body as the HTML page. The
 * bodies are plain Markdown already; links to this site are made absolute, so the text stands
 * on its own wherever an AI tool reads it. Pure functions of data, tested without a build.
 */
import { formatLongDate, formatUsd } from './format';
import { absoluteUrl } from './jsonld';
import { formatUsdRange } from './services';

/** The address of a page's Markdown version: its own path with .md added. */
export function markdownPath(pagePath: string): string {
  return `${pagePath}.md`;
}

/**
 * Makes this site's root-relative links absolute: Markdown links and reference definitions whose
 * target starts with one slash. Code spans and fenced code are left as they are (their addresses
 * are examples), and so are links to other sites.
 */
export function absoluteLinks(markdown: string, origin: string | URL): string {
  const parts = markdown.split(/(^```[\s\S]*?^```|`[^`\n]*`)/m);
  return parts
    .map((part, i) =>
      i % 2 === 1
        ? part
        : part
            .replace(
              /\]\((\/(?!\/)[^)\s]*)\)/g,
              (_m, path: string) => `](${absoluteUrl(path, origin)})`,
            )
            .replace(
              /^(\[[^\]]+\]:\s*)(\/(?!\/)\S*)/gm,
              (_m, label: string, path: string) => `${label}${absoluteUrl(path, origin)}`,
            ),
    )
    .join('');
}

export interface ArticleMarkdownInput {
  path: string;
  title: string;
  description: string;
  category: string;
  publishDate: Date;
  updatedDate?: Date | undefined;
  readTime: number;
  author: { name: string; title: string };
  takeaways?: readonly string[] | undefined;
  faq?: readonly { question: string; answer: string }[] | undefined;
  sources?: readonly { title: string; url: string }[] | undefined;
  /** The MDX body as written. */
  body: string;
}

/** An article as Markdown: title, summary, byline and dates, takeaways, body, FAQ and sources. */
export function articleMarkdown(a: ArticleMarkdownInput, origin: string | URL): string {
  const dates = `Published ${formatLongDate(a.publishDate)}${
    a.updatedDate ? `, updated ${formatLongDate(a.updatedDate)}` : ''
  }`;
  const lines = [
    `# ${a.title}`,
    '',
    `> ${a.description}`,
    '',
    `${dates}. By ${a.author.name}, ${a.author.title}. ${a.category}, ${a.readTime} min read.`,
    '',
    `Web page: ${absoluteUrl(a.path, origin)}`,
    '',
  ];
  if (a.takeaways?.length) {
    lines.push('## Key takeaways', '', ...a.takeaways.map((t) => `- ${t}`), '');
  }
  lines.push(absoluteLinks(a.body.trim(), origin), '');
  if (a.faq?.length) {
    lines.push('## Frequently Asked Questions', '');
    for (const item of a.faq) lines.push(`### ${item.question}`, '', item.answer, '');
  }
  if (a.sources?.length) {
    lines.push('## Sources', '', ...a.sources.map((s) => `- [${s.title}](${s.url})`), '');
  }
  return lines.join('\n');
}

export interface ServiceMarkdownInput {
  path: string;
  title: string;
  description: string;
  hero: { heading: string; intro: string };
  features: readonly { title: string; description: string }[];
  process?: readonly { title: string; description: string }[] | undefined;
  results?: readonly string[] | undefined;
  investment?:
    | {
        startingPrice: number;
        range: readonly [number, number];
        scope: readonly string[];
        note?: string | undefined;
      }
    | undefined;
  cta: { heading: string; body: string; label: string };
  body: string;
}

/**
 * A service page as Markdown, in the page's own order: heading and introduction, what's
 * included, how it works, typical results, the page's text, the investment, and how to start.
 */
export function serviceMarkdown(s: ServiceMarkdownInput, origin: string | URL): string {
  const lines = [
    `# ${s.title}`,
    '',
    `> ${s.description}`,
    '',
    `Web page: ${absoluteUrl(s.path, origin)}`,
    '',
    `## ${s.hero.heading}`,
    '',
    s.hero.intro,
    '',
    "## What's included",
    '',
    ...s.features.map((f) => `- **${f.title}.** ${f.description}`),
    '',
  ];
  if (s.process?.length) {
    lines.push(
      '## How it works',
      '',
      ...s.process.map((p, i) => `${i + 1}. **${p.title}.** ${p.description}`),
      '',
    );
  }
  if (s.results?.length)
    lines.push('## Typical results', '', ...s.results.map((r) => `- ${r}`), '');
  lines.push(absoluteLinks(s.body.trim(), origin), '');
  if (s.investment) {
    const { startingPrice, range, scope, note } = s.investment;
    lines.push(
      '## Investment',
      '',
      `Starting at ${formatUsd(startingPrice)}; typical range ${formatUsdRange(range)}.`,
      '',
      'Includes:',
      '',
      ...scope.map((item) => `- ${item}`),
      '',
      ...(note ? [note, ''] : []),
    );
  }
  lines.push(
    `## ${s.cta.heading}`,
    '',
    s.cta.body,
    '',
    `${s.cta.label}: ${absoluteUrl('/questionnaire', origin)}`,
    '',
  );
  return lines.join('\n');
}
