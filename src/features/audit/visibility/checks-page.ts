/**
 * The checks of the page's own HTML: title, description, canonical, indexing and language;
 * structured data; headings; sharing tags. Pure functions from the page's facts to findings.
 */
import type { VisibilityCheck } from '../contract';
import { describeFailure, header, isOurLimit, type Attempt } from './fetched';
import { LEARN_MORE } from './learn-more';
import type { PageFacts } from './page-facts';
import { readStructuredData } from './structured-data';
import { finding } from './finding';

/** The page checks, which all need the page's HTML. */
export type PageCheckId = 'meta' | 'structured-data' | 'headings' | 'open-graph';

/**
 * Title lengths that pass: search results cut titles by width, usually near 60 characters; the
 * upper bound is this site's own (tests/e2e/seo.spec.ts), which leaves room for a short brand.
 */
export const TITLE_RANGE = [10, 65] as const;
/** Description lengths that show in full without being too thin. */
export const DESCRIPTION_RANGE = [50, 160] as const;

const PAGE_FIX = 'Make the page load first (see "Page response"); these checks need its HTML.';

/**
 * Why the page's HTML cannot be checked, as findings for every page check; undefined when it
 * can. Our own limits make them errors; a page that fails to load makes them failures, since a
 * crawler could not read it either.
 */
export function unreadablePage(page: Attempt): VisibilityCheck[] | undefined {
  const ids: PageCheckId[] = ['meta', 'structured-data', 'headings', 'open-graph'];
  if (!page.ok) {
    const status = isOurLimit(page) ? 'error' : 'fail';
    const detail = `Not checked: ${describeFailure(page, 'the page').replace(/^\w/, (c) => c.toLowerCase())}`;
    return ids.map((id) => finding(id, status, detail, { fix: PAGE_FIX }));
  }
  const html = page.contentType === 'text/html' || page.contentType === 'application/xhtml+xml';
  if (page.status >= 200 && page.status < 300 && html && page.body !== undefined) return undefined;
  const detail = html
    ? `Not checked: the page answers with status ${page.status}.`
    : `Not checked: the address answers with ${page.contentType || 'no content type'}, not an HTML page.`;
  return ids.map((id) => finding(id, 'fail', detail, { fix: PAGE_FIX }));
}

const clip = (text: string, max = 120) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** `meta`: title and its length, description, canonical, noindex and lang. */
export function checkMeta(facts: PageFacts, finalUrl: string, xRobotsTag: string): VisibilityCheck {
  const failures: string[] = [];
  const warnings: string[] = [];
  const fixes: string[] = [];
  const noindexBy = [
    facts.robots.some((r) => /\b(?:noindex|none)\b/.test(r)) ? 'a robots meta tag' : '',
    /\b(?:noindex|none)\b/.test(xRobotsTag) ? 'the X-Robots-Tag header' : '',
  ].filter(Boolean);
  if (noindexBy.length) {
    failures.push(
      `${noindexBy.join(' and ')} tell${noindexBy.length === 1 ? 's' : ''} search engines not to index this page (noindex)`,
    );
    fixes.push(
      "Remove noindex from the page (check the theme or SEO plugin settings and the server's X-Robots-Tag header).",
    );
  }
  const title = facts.title ?? '';
  if (!title) {
    failures.push('it has no title');
    fixes.push(
      'Give the page a <title> of about 50-60 characters that says what it offers and where.',
    );
  } else if (title.length < TITLE_RANGE[0] || title.length > TITLE_RANGE[1]) {
    warnings.push(
      title.length > TITLE_RANGE[1]
        ? `its title is ${title.length} characters, and search results cut titles near 60`
        : `its title is only ${title.length} characters`,
    );
    fixes.push(
      'Rewrite the title to about 50-60 characters that say what the page offers, the most important words first.',
    );
  }
  const description = facts.description ?? '';
  if (!description) {
    warnings.push('it has no meta description');
    fixes.push(
      'Add a meta description: one or two sentences, 50-160 characters, that answer why someone should click.',
    );
  } else if (
    description.length < DESCRIPTION_RANGE[0] ||
    description.length > DESCRIPTION_RANGE[1]
  ) {
    warnings.push(
      `its meta description is ${description.length} characters (${DESCRIPTION_RANGE[0]}-${DESCRIPTION_RANGE[1]} read best)`,
    );
    fixes.push(
      `Rewrite the meta description to ${DESCRIPTION_RANGE[0]}-${DESCRIPTION_RANGE[1]} characters.`,
    );
  }
  const canonicals = [...new Set(facts.canonicals)];
  let canonicalNote = 'Missing';
  if (canonicals.length === 0) {
    warnings.push('it has no canonical tag');
    fixes.push('Add <link rel="canonical" href="…"> with the page\'s full address.');
  } else if (canonicals.length > 1) {
    warnings.push(`it has ${canonicals.length} different canonical tags`);
    fixes.push("Keep one canonical tag, with the page's full address.");
    canonicalNote = canonicals.join(', ');
  } else {
    const canonical = canonicals[0];
    canonicalNote = canonical;
    if (!/^https?:\/\//i.test(canonical)) {
      warnings.push('its canonical address is relative');
      fixes.push('Write the canonical address in full, with https:// and the domain.');
    } else if (new URL(canonical).href !== new URL(finalUrl).href) {
      warnings.push(
        `its canonical tag names another address (${canonical}), which search engines will index instead`,
      );
      fixes.push(
        "Point the canonical tag at this page's own address, unless the other page really is the main version.",
      );
    }
  }
  if (!facts.lang) {
    warnings.push('the <html> element has no lang attribute');
    fixes.push('Add the page\'s language to the <html> element, such as <html lang="en">.');
  }
  const items = [
    { label: 'Title', value: title ? `${clip(title)} (${title.length} characters)` : 'Missing' },
    {
      label: 'Meta description',
      value: description ? `${clip(description)} (${description.length} characters)` : 'Missing',
    },
    { label: 'Canonical', value: canonicalNote },
    {
      label: 'Indexing',
      value: noindexBy.length ? `Blocked by ${noindexBy.join(' and ')}` : 'Allowed',
    },
    { label: 'Language', value: facts.lang || 'Missing' },
  ];
  const learnMore = noindexBy.length ? LEARN_MORE.noindex : LEARN_MORE.meta;
  const problems = [...failures, ...warnings];
  if (problems.length === 0) {
    return finding(
      'meta',
      'pass',
      'The page has a title and description of good length, a canonical tag naming itself, a language and no noindex.',
      { learnMore, items },
    );
  }
  return finding(
    'meta',
    failures.length ? 'fail' : 'warn',
    `The page needs attention: ${problems.join('; ')}.`,
    {
      fix: fixes.join(' '),
      learnMore,
      items,
    },
  );
}

/** `structured-data`: JSON-LD parses; the types found and what Google asks of them. */
export function checkStructuredData(facts: PageFacts): VisibilityCheck {
  const learnMore = LEARN_MORE.structuredData;
  const data = readStructuredData(facts.jsonLd);
  if (data.blocks === 0) {
    return finding('structured-data', 'warn', 'The page has no JSON-LD structured data.', {
      fix: 'Add JSON-LD that describes what visitors see: Organization or LocalBusiness on the home page, Article on guides, BreadcrumbList and FAQPage where the page has them.',
      learnMore,
    });
  }
  const items = data.types.map((type) => {
    const short = data.shortfalls.filter((s) => s.type === type);
    const required = [...new Set(short.flatMap((s) => s.required))];
    const recommended = [...new Set(short.flatMap((s) => s.recommended))];
    return {
      label: type,
      value: required.length
        ? `Missing required: ${required.join(', ')}`
        : recommended.length
          ? `Missing recommended: ${recommended.join(', ')}`
          : 'Complete',
    };
  });
  if (data.invalid)
    items.push({ label: 'Invalid blocks', value: `${data.invalid} of ${data.blocks}` });
  const required = data.shortfalls.filter((s) => s.required.length);
  if (data.invalid || required.length) {
    const problems = [
      data.invalid
        ? `${data.invalid} of ${data.blocks} JSON-LD blocks ${data.invalid === 1 ? 'is' : 'are'} not valid JSON, so search engines ignore ${data.invalid === 1 ? 'it' : 'them'}`
        : '',
      required.length
        ? `${[...new Set(required.map((s) => s.type))].join(', ')} ${required.length === 1 ? 'lacks' : 'lack'} properties Google requires`
        : '',
    ].filter(Boolean);
    return finding('structured-data', 'fail', `${problems.join('; ')}.`, {
      fix: "Fix the JSON-LD so every block parses and has the required properties listed here, then test the page in Google's Rich Results Test.",
      learnMore,
      items,
    });
  }
  const found = data.types.length ? data.types.join(', ') : 'no schema.org types';
  if (data.shortfalls.length) {
    return finding(
      'structured-data',
      'warn',
      `The page's JSON-LD parses (${found}), but some properties Google recommends are missing.`,
      {
        fix: 'Add the recommended properties listed here, using only facts the page shows.',
        learnMore,
        items,
      },
    );
  }
  return finding(
    'structured-data',
    'pass',
    `The page's JSON-LD parses and describes ${found}, with the properties Google asks for.`,
    { learnMore, items },
  );
}

/** `headings`: one h1, and no level skipped on the way down. */
export function checkHeadings(facts: PageFacts): VisibilityCheck {
  const learnMore = LEARN_MORE.headings;
  const h1s = facts.headings.filter((h) => h.level === 1);
  let skip: { from: number; to: number; text: string } | undefined;
  facts.headings.forEach((h, i) => {
    const previous = facts.headings[i - 1];
    if (!skip && previous && h.level > previous.level + 1)
      skip = { from: previous.level, to: h.level, text: h.text };
  });
  const items = [
    {
      label: 'Main heading (h1)',
      value: h1s.length ? h1s.map((h) => clip(h.text || '(empty)', 80)).join(' | ') : 'Missing',
    },
    { label: 'Headings in all', value: String(facts.headings.length) },
    ...(skip
      ? [
          {
            label: 'First skipped level',
            value: `h${skip.from} to h${skip.to} at "${clip(skip.text, 60)}"`,
          },
        ]
      : []),
  ];
  if (h1s.length === 0) {
    return finding('headings', 'fail', 'The page has no main heading (h1).', {
      fix: 'Give the page one h1 that says what it is about, usually the visible headline.',
      learnMore,
      items,
    });
  }
  const problems = [
    h1s.length > 1 ? `it has ${h1s.length} main headings (h1) instead of one` : '',
    skip ? `the outline jumps from h${skip.from} to h${skip.to}` : '',
  ].filter(Boolean);
  if (problems.length) {
    return finding(
      'headings',
      'warn',
      `The page's headings need attention: ${problems.join(' and ')}.`,
      {
        fix: "Keep one h1 for the page's subject, use h2 for its sections and h3 inside them, without skipping a level.",
        learnMore,
        items,
      },
    );
  }
  return finding(
    'headings',
    'pass',
    `One main heading and ${facts.headings.length - 1} more in order.`,
    { learnMore, items },
  );
}

/** `open-graph`: og:title, og:description and og:image. */
export function checkOpenGraph(facts: PageFacts): VisibilityCheck {
  const learnMore = LEARN_MORE.openGraph;
  const tags = ['og:title', 'og:description', 'og:image'] as const;
  const missing = tags.filter((t) => !facts.openGraph[t]);
  const image = facts.openGraph['og:image'];
  const items = tags.map((t) => ({
    label: t,
    value: facts.openGraph[t] ? clip(facts.openGraph[t]) : 'Missing',
  }));
  const fix =
    'Add og:title, og:description and og:image meta tags (the image as a full https:// address, 1200 × 630 pixels works everywhere).';
  if (missing.length === tags.length) {
    return finding(
      'open-graph',
      'fail',
      'The page has no Open Graph tags, so shared links show whatever the app guesses.',
      { fix, learnMore, items },
    );
  }
  if (missing.length) {
    return finding('open-graph', 'warn', `The page is missing ${missing.join(' and ')}.`, {
      fix,
      learnMore,
      items,
    });
  }
  if (image && !/^https?:\/\//i.test(image)) {
    return finding(
      'open-graph',
      'warn',
      'og:image is a relative address, which many apps cannot load.',
      { fix, learnMore, items },
    );
  }
  return finding(
    'open-graph',
    'pass',
    'The page has og:title, og:description and og:image for shared links.',
    { learnMore, items },
  );
}

/** The header a page's indexing rules may also come in. */
export function xRobotsTag(page: Attempt): string {
  return page.ok ? header(page, 'x-robots-tag') : '';
}
