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

/** What a sitemap file holds. */
export interface SitemapFacts {
  /** 'urlset' for a list of pages, 'sitemapindex' for a list of sitemaps, else what it is. */
  root: string | undefined;
  /** Every <loc>, in order. */
  locs: string[];
}

/** Parses sitemap XML (the sitemaps.org protocol): its root element and its <loc> entries. */
export function readSitemap(xml: string): SitemapFacts {
  const facts: SitemapFacts = { root: undefined, locs: [] };
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
        if (loc !== undefined) loc += text;
      },
      onclosetag(name) {
        if (local(name) === 'loc' && loc !== undefined) {
          const trimmed = loc.trim();
          if (trimmed) facts.locs.push(trimmed);
          loc = undefined;
        }
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.end(xml);
  return facts;
}
