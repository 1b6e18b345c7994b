/**
 * Reads what the checks need from a page's HTML and from sitemap XML in one pass each, with
 * htmlparser2's streaming parser (forgiving like a browser about broken markup, decodes
 * entities, runs anywhere JavaScript does). Pure: text in, facts out.
 */
import { Parser } from 'htmlparser2';

/** A heading of the page, in document order. */
export interface Heading {
  level: number;
  text: string;
}

/** The parts of a page the AI-visibility checks look at. */
export interface PageFacts {
  /** The document's <title> (not SVG titles), whitespace collapsed; undefined when missing. */
  title: string | undefined;
  /** <html lang>, when set. */
  lang: string | undefined;
  /** The first meta description's content. */
  description: string | undefined;
  /** Content of every robots or googlebot meta tag, lower case. */
  robots: string[];
  /** href of every link whose rel includes canonical. */
  canonicals: string[];
  /** og:title, og:description, og:image and og:url: the first of each. */
  openGraph: Partial<Record<'og:title' | 'og:description' | 'og:image' | 'og:url', string>>;
  /** The text of every application/ld+json script. */
  jsonLd: string[];
  headings: Heading[];
}

const OPEN_GRAPH = new Set(['og:title', 'og:description', 'og:image', 'og:url']);
const HEADING = /^h([1-6])$/;

/** Collapses runs of white space and trims. */
function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Parses a page's HTML into PageFacts. */
export function readPageFacts(html: string): PageFacts {
  const facts: PageFacts = {
    title: undefined,
    lang: undefined,
    description: undefined,
    robots: [],
    canonicals: [],
    openGraph: {},
    jsonLd: [],
    headings: [],
  };
  /** Inside <svg> or <math>, where <title> names a drawing, not the page. */
  let foreign = 0;
  let capture: { kind: 'title' | 'json' | 'heading'; level: number; text: string } | undefined;
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === 'svg' || name === 'math') foreign++;
        if (name === 'html' && facts.lang === undefined && attrs.lang !== undefined) {
          facts.lang = attrs.lang.trim();
        }
        if (name === 'meta') readMeta(facts, attrs);
        if (name === 'link' && /(?:^|\s)canonical(?:\s|$)/i.test(attrs.rel ?? '')) {
          facts.canonicals.push((attrs.href ?? '').trim());
        }
        if (capture) return;
        const heading = HEADING.exec(name);
        if (name === 'title' && foreign === 0 && facts.title === undefined) {
          capture = { kind: 'title', level: 0, text: '' };
        } else if (
          name === 'script' &&
          (attrs.type ?? '').trim().toLowerCase() === 'application/ld+json'
        ) {
          capture = { kind: 'json', level: 0, text: '' };
        } else if (heading && foreign === 0) {
          capture = { kind: 'heading', level: Number(heading[1]), text: '' };
        }
      },
      ontext(text) {
        if (capture) capture.text += text;
      },
      onclosetag(name) {
        if (name === 'svg' || name === 'math') foreign = Math.max(0, foreign - 1);
        if (!capture) return;
        if (capture.kind === 'title' && name === 'title') facts.title = squash(capture.text);
        else if (capture.kind === 'json' && name === 'script') facts.jsonLd.push(capture.text);
        else if (capture.kind === 'heading' && name === `h${capture.level}`) {
          facts.headings.push({ level: capture.level, text: squash(capture.text) });
        } else return;
        capture = undefined;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return facts;
}

function readMeta(facts: PageFacts, attrs: Record<string, string>): void {
  const name = (attrs.name ?? '').trim().toLowerCase();
  const property = (attrs.property ?? '').trim().toLowerCase();
  const content = attrs.content ?? '';
  if (name === 'description' && facts.description === undefined)
    facts.description = squash(content);
  if (name === 'robots' || name === 'googlebot') facts.robots.push(content.toLowerCase());
  // Some sites write og: tags with name= instead of property=; crawlers accept both.
  const og = OPEN_GRAPH.has(property) ? property : OPEN_GRAPH.has(name) ? name : undefined;
  if (og && facts.openGraph[og as keyof PageFacts['openGraph']] === undefined) {
    facts.openGraph[og as keyof PageFacts['openGraph']] = content.trim();
  }
}

/** What a sitemap file holds, as far as it was read. */
export interface SitemapFacts {
  /** 'urlset' for a list of pages, 'sitemapindex' for a list of sitemaps, else what it is. */
  root: string | undefined;
  /** The first <loc> entries, at most SITEMAP_LOCS_KEPT (the sitemaps of an index). */
  locs: string[];
  /** How many <loc> entries were read. */
  count: number;
  /** Whether an entry is the page (by the reader's `isPage`). */
  listsPage: boolean;
  /** True when reading stopped at a limit before the end of the text. */
  cut: boolean;
}

/** <loc> entries kept as written; the rest are only counted and compared. */
export const SITEMAP_LOCS_KEPT = 50;
/** Characters of one <loc> read at most: no real address is longer. */
const MAX_LOC_LENGTH = 4096;
/** Characters handed to the parser at a time, between looks at the limits. */
const CHUNK = 64 * 1024;

/** What may still be read of an audit's sitemaps, shared by every file it reads. */
export interface SitemapBudget {
  /** <loc> entries left to read. */
  urls: number;
  /** Reading stops at this `now()` time. */
  deadline: number;
  now: () => number;
}

/**
 * Parses sitemap XML (the sitemaps.org protocol): its root element and its <loc> entries, each
 * compared once with `isPage`. Reading stops when the budget's entries or time run out.
 */
export function readSitemap(
  xml: string,
  isPage: (loc: string) => boolean = () => false,
  budget: SitemapBudget = { urls: Infinity, deadline: Infinity, now: Date.now },
): SitemapFacts {
  const facts: SitemapFacts = { root: undefined, locs: [], count: 0, listsPage: false, cut: false };
  let loc: string | undefined;
  /** Local name without a namespace prefix (<sm:loc> is <loc>). */
  const local = (name: string) => name.slice(name.indexOf(':') + 1).toLowerCase();
  const parser = new Parser(
    {
      onopentag(name) {
        const tag = local(name);
        if (facts.root === undefined) facts.root = tag;
        if (tag === 'loc') loc = '';
      },
      ontext(text) {
        if (loc !== undefined && loc.length < MAX_LOC_LENGTH) loc += text;
      },
      onclosetag(name) {
        if (local(name) !== 'loc' || loc === undefined) return;
        const trimmed = loc.trim();
        loc = undefined;
        if (!trimmed || facts.cut) return;
        if (budget.urls <= 0) {
          facts.cut = true;
          return;
        }
        budget.urls -= 1;
        facts.count += 1;
        if (facts.locs.length < SITEMAP_LOCS_KEPT) facts.locs.push(trimmed);
        if (!facts.listsPage && isPage(trimmed)) facts.listsPage = true;
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  for (let at = 0; at < xml.length && !facts.cut; at += CHUNK) {
    if (budget.now() > budget.deadline) facts.cut = true;
    else parser.write(xml.slice(at, at + CHUNK));
  }
  if (!facts.cut) parser.end();
  return facts;
}
