/**
 * The /llms.txt summary (https://llmstxt.org): the firm, its services with starting prices and
 * every article, as Markdown with absolute links (the pages' Markdown versions, as the proposal
 * suggests), and where the full text of them all is (/llms-full.txt). A pure function of data,
 * so it is tested without a build.
 */
import type { SiteConfig } from './site-config';
import { formatLongDate, formatUsd } from './format';
import { absoluteUrl } from './jsonld';
import { formatUsdRange } from './services';

export interface LlmsService {
  path: string;
  name: string;
  description: string;
  startingPrice?: number | undefined;
  range?: readonly [number, number] | undefined;
}

export interface LlmsArticle {
  path: string;
  title: string;
  description: string;
  category: string;
  publishDate: Date;
}

function serviceLine(s: LlmsService, origin: string | URL): string {
  const price =
    s.startingPrice !== undefined
      ? ` Starting at ${formatUsd(s.startingPrice)}${s.range ? ` (typical range ${formatUsdRange(s.range)})` : ''}.`
      : '';
  return `- [${s.name}](${absoluteUrl(s.path, origin)}): ${s.description}${price}`;
}

function articleLine(a: LlmsArticle, origin: string | URL): string {
  return `- [${a.title}](${absoluteUrl(a.path, origin)}): ${a.description} (${a.category}, ${formatLongDate(a.publishDate)})`;
}

/** The whole file. Services and articles are listed in the order given. */
export function buildLlmsTxt(input: {
  site: SiteConfig;
  origin: string | URL;
  services: readonly LlmsService[];
  articles: readonly LlmsArticle[];
}): string {
  const { site, origin, services, articles } = input;
  const about = [
    site.veteranOwned ? 'A veteran-owned consulting firm' : 'A consulting firm',
    ` based in ${site.address.region}, ${site.address.country}.`,
    ` Engagements typically cost ${formatUsd(site.priceRange.min)} to ${formatUsd(site.priceRange.max)}.`,
    ` Tagline: "${site.tagline}"`,
  ].join('');
  return [
    `# ${site.name}`,
    '',
    `> ${site.description}`,
    '',
    about,
    '',
    `Every page listed here is Markdown; ${absoluteUrl('/llms-full.txt', origin)} holds them all in one file.`,
    '',
    '## Services',
    '',
    ...services.map((s) => serviceLine(s, origin)),
    '',
    '## Articles',
    '',
    ...articles.map((a) => articleLine(a, origin)),
    '',
    '## Contact',
    '',
    ...site.contacts.map((c) => `- ${c.label}: ${c.email} (${c.description})`),
    `- Start a consultation: ${absoluteUrl('/questionnaire', origin)}`,
    `- Articles feed (RSS): ${absoluteUrl('/articles/feed.xml', origin)}`,
    '',
  ].join('\n');
}
