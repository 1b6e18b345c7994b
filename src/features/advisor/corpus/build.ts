/**
 * Builds the advisor's index at build time (src/pages/advisor-index.json.ts writes it to
 * /advisor-index.json): every article section under its `##`/`###` heading, every FAQ item, each
 * service's blocks (overview, what it includes, price and scope, process, results and the body's
 * sections), the list of services, the consultants, the contacts, the consultation, the firm's
 * facts and other pages (the audit's introduction, the privacy policy's sections), each a
 * document linked to the exact place on the site; then a serialised MiniSearch index over them.
 * Pure: it takes plain collection data, so tests can call it.
 */
import { sortNewestFirst, type ArticleSummary } from '../../../lib/articles';
import { formatUsd } from '../../../lib/format';
import { faqAnchor } from '../../../lib/paths';
import { serviceName } from '../../../lib/services';
import { priceSentence } from './price';
import {
  consultantDoc,
  faqDoc,
  firmDocs,
  items,
  lines,
  pageDocs,
  teamDoc,
  type Entry,
  type FirmSource,
  type MdxPage,
} from './docs';
import { mdxSections, type RenderedHeading } from './mdx-sections';
import {
  ADVISOR_INDEX_VERSION,
  SERVICES_URL,
  type AdvisorDoc,
  type AdvisorIndex,
  type ServiceFacet,
  type ServiceFacts,
} from './schema';
import { createSearchIndex } from './search-options';
import { realWordStems } from './spelling';
import { terms } from './text';

/** An MDX entry with the headings Astro rendered for it (their ids are the anchors). */
type Rendered<C extends 'services' | 'articles'> = Entry<C> & {
  headings?: readonly RenderedHeading[];
};

/** What the builder reads: the collections and the firm's facts from site.config. */
export type { MdxPage } from './docs';

export interface AdvisorSources {
  firm: FirmSource;
  /** The home page contact directory's intro (blocks.yaml `contact`). */
  contactIntro: string;
  /** The home page's blocks the advisor quotes: services, consultation, consultants. */
  blocks?: {
    services?: string;
    consultation?: string;
    consultants?: string;
  };
  services: readonly Rendered<'services'>[];
  articles: readonly Rendered<'articles'>[];
  faqs: readonly Entry<'faqs'>[];
  consultants: readonly Entry<'consultants'>[];
  /** Other pages' introductions (the free audit's): what the page is and does. */
  pages: readonly { url: string; title: string; text: string }[];
  /** Standalone MDX pages, indexed by section. */
  mdxPages?: readonly MdxPage[];
  /** The stems of an English word list (english.ts): which near-misses are real words. */
  englishStems?: Iterable<string>;
  /** Questions visitors ask that a section answers (advisor-asks.yaml), by its address. */
  asks?: readonly { url: string; asks: readonly string[] }[];
  /** Questions visitors ask that the site does not answer (advisor-declines.yaml), by topic. */
  declines?: readonly (readonly string[])[];
}

/**
 * How many articles the advisor reads, newest first. The chat function loads the whole index
 * into a Workers isolate (128 MB of memory) on a cold start, and Cloudflare serves no asset
 * over 25 MiB: 1,000 long guides make a 33 MB index that takes 177 MB of heap once loaded. A
 * hundred make about 3 MB and load in tens of milliseconds. Services, FAQs, the consultants and
 * the firm's facts are always indexed; every article stays in /search.
 */
export const ADVISOR_ARTICLE_LIMIT = 100;

/** The articles the advisor indexes: the newest ADVISOR_ARTICLE_LIMIT. */
export function advisorArticles<T extends ArticleSummary>(articles: readonly T[]): T[] {
  return sortNewestFirst(articles).slice(0, ADVISOR_ARTICLE_LIMIT);
}

/** Anchors of the blocks ServiceLayout renders from frontmatter. */
export const SERVICE_ANCHORS = {
  includes: 'features-heading',
  process: 'process-heading',
  results: 'results-heading',
  price: 'investment-heading',
} as const;

/** Which facet a service page's body section is, by its heading. */
const BODY_FACETS: [RegExp, ServiceFacet][] = [
  [/who (this|it) is for/i, 'audience'],
  [/format/i, 'formats'],
  [/engagement|how it works|what happens|looks like/i, 'engagement'],
  [/need from you|requirements/i, 'requirements'],
  [/\bpric|\bcosts?\b|\bfees?\b/i, 'price'],
];

/** Builds the index. Output order follows the collections' ids, so builds are reproducible. */
export function buildAdvisorIndex(sources: AdvisorSources): AdvisorIndex {
  const byId = <T extends { id: string }>(list: readonly T[]) =>
    [...list].sort((a, b) => a.id.localeCompare(b.id));
  const services = byId(sources.services);
  const facts = services.map(serviceFacts);
  const consultants = [...sources.consultants].sort((a, b) => a.data.order - b.data.order);
  const docs: AdvisorDoc[] = withAsks(
    uniqueIds([
      ...services.flatMap(serviceDocs),
      servicesDoc(facts, sources.blocks?.services),
      ...[...sources.faqs].sort((a, b) => a.data.order - b.data.order).map(faqDoc),
      ...byId(sources.articles).flatMap((a) => articleDocs(a, consultants, facts)),
      ...consultants.map(consultantDoc),
      teamDoc(consultants, sources.blocks?.consultants),
      ...firmDocs(sources.firm, sources.contactIntro, sources.blocks?.consultation),
      ...sources.pages.map((p): AdvisorDoc => ({
        id: `page${p.url}`,
        kind: 'page',
        page: p.title,
        ...p,
      })),
      ...(sources.mdxPages ?? []).flatMap(pageDocs),
    ]),
    sources.asks,
  );
  for (const f of facts) {
    const onlyFor = audienceWords(f, facts);
    if (onlyFor) f.onlyFor = [...onlyFor, ...audienceMarks(f, docs, onlyFor)];
  }
  const { firm } = sources;
  return {
    version: ADVISOR_INDEX_VERSION,
    firm: {
      name: firm.name,
      description: firm.description,
      veteranOwned: firm.veteranOwned,
      region: firm.address.region,
      country: firm.address.country,
    },
    contacts: [...firm.contacts, ...(firm.privacy ? [firm.privacy] : [])].map(
      ({ label, email, description }) => ({ label, email, description }),
    ),
    contactIntro: sources.contactIntro,
    consultation: sources.blocks?.consultation ?? '',
    services: facts,
    docs,
    search: createSearchIndex(docs).toJSON(),
    realWords: realWordStems(siteStems(docs), sources.englishStems ?? []),
    declines: (sources.declines ?? []).map((topic) => [...topic]),
  };
}

/**
 * The docs with the questions visitors ask of them. An address on an indexed page that names
 * none of its sections stops the build (a heading renamed, its anchor with it); one on a page
 * the advisor does not index (an article past ADVISOR_ARTICLE_LIMIT) is left out.
 */
function withAsks(docs: AdvisorDoc[], asks: AdvisorSources['asks'] = []): AdvisorDoc[] {
  const pages = new Set(docs.map((d) => d.url.split('#')[0]));
  const byUrl = new Map(asks.map((a) => [a.url, a.asks]));
  const missing = [...byUrl.keys()].filter(
    (url) => pages.has(url.split('#')[0]) && !docs.some((d) => d.url === url),
  );
  if (missing.length) {
    throw new Error(
      `src/content/advisor-asks.yaml names sections the site does not have: ${missing.join(', ')}`,
    );
  }
  return docs.map((d) => {
    const list = byUrl.get(d.url);
    return list ? { ...d, asks: lines(list) } : d;
  });
}

/** The stems of the words of the sections' titles and text: what a typo is read as. */
function siteStems(docs: readonly AdvisorDoc[]): Set<string> {
  return new Set(docs.flatMap((d) => terms(`${d.title}\n${d.text}`)));
}

function serviceFacts(entry: Rendered<'services'>): ServiceFacts {
  const { id, data } = entry;
  const name = serviceName(data);
  const url = `/services/${id}`;
  const aliases = [data.hero.eyebrow, data.title.split(/[:&]/)[0], id.replace(/-/g, ' ')]
    .map((a) => a.trim())
    .filter((a, i, all) => a && a !== name && all.indexOf(a) === i);
  const audience = mdxSections(entry.body ?? '', entry.headings).find((s) =>
    /who (this|it) is for/i.test(s.heading),
  );
  const facts: ServiceFacts = { id, url, name, aliases, description: data.description };
  if (data.card?.summary) facts.summary = data.card.summary;
  if (audience) facts.audience = audience.text.split('\n')[0]!;
  if (data.investment) {
    facts.startingPrice = data.investment.startingPrice;
    facts.range = [...data.investment.range];
    facts.scope = [...data.investment.scope];
    facts.priceUrl = `${url}#${SERVICE_ANCHORS.price}`;
    if (data.investment.note) facts.note = data.investment.note;
  }
  return facts;
}

/**
 * Whom a service is only for: the words of its name that its "Who this is for" opening says it
 * is for ("Nonprofit Support Services": "This service is for small and mid-sized nonprofits"),
 * leaving out words other services' names use too ("AI").
 */
function audienceWords(s: ServiceFacts, all: readonly ServiceFacts[]): string[] | undefined {
  const first = audienceOpening(s);
  const phrase = /\bis for (.*?)(?:,? (?:that|who|which) |\.|$)/i.exec(first)?.[1];
  if (!phrase) return undefined;
  const others = new Set(all.filter((o) => o !== s).flatMap((o) => terms(o.name)));
  const own = new Set(terms(phrase));
  const words = terms(s.name).filter((t) => own.has(t) && !others.has(t));
  return words.length ? words : undefined;
}

/** The first sentence of a service's "Who this is for". */
function audienceOpening(s: ServiceFacts): string {
  return s.audience?.split(/(?<=\.)\s/)[0] ?? '';
}

/**
 * Further words by which a visitor says they belong to a service's restricted audience: words of
 * its "Who this is for" opening that its own pages use at least as often as the rest of the site
 * ("charities", "faith-based", "volunteers" for Nonprofit Support).
 */
function audienceMarks(s: ServiceFacts, docs: readonly AdvisorDoc[], own: string[]): string[] {
  const first = audienceOpening(s);
  const stems = docs.map((d) => ({ ours: d.service === s.id, terms: new Set(terms(d.text)) }));
  return [...new Set(terms(first))].filter((t) => {
    if (own.includes(t)) return false;
    const ours = stems.filter((d) => d.ours && d.terms.has(t)).length;
    const others = stems.filter((d) => !d.ours && d.terms.has(t)).length;
    return ours > 0 && ours >= others;
  });
}

function serviceDocs(entry: Rendered<'services'>): AdvisorDoc[] {
  const { id, data } = entry;
  const name = serviceName(data);
  const url = `/services/${id}`;
  const doc = (facet: ServiceFacet, title: string, text: string, anchor = ''): AdvisorDoc => ({
    id: `${url}#${facet}${anchor && facet === 'details' ? `-${anchor}` : ''}`,
    kind: 'service',
    url: anchor ? `${url}#${anchor}` : url,
    page: data.title,
    title,
    context: name,
    text,
    service: id,
    facet,
  });
  const docs = [
    {
      ...doc(
        'overview',
        name,
        lines([data.description, data.hero.heading, data.hero.intro, data.card?.summary]),
      ),
      keywords: data.keywords.join(', '),
    },
    doc(
      'includes',
      `What ${name} includes`,
      items(data.features.map((f) => `${f.title}: ${f.description}`)),
      SERVICE_ANCHORS.includes,
    ),
  ];
  if (data.investment) {
    const facts = serviceFacts(entry);
    docs.push(
      doc(
        'price',
        `${name} price, scope and investment`,
        lines([
          priceSentence(facts),
          'The starting price includes:',
          items(data.investment.scope),
          data.investment.note,
        ]),
        SERVICE_ANCHORS.price,
      ),
    );
  }
  if (data.process) {
    const steps = data.process.map((p, i) => `Step ${i + 1}, ${p.title}: ${p.description}`);
    docs.push(doc('process', `${name} process`, items(steps), SERVICE_ANCHORS.process));
  }
  if (data.results) {
    docs.push(
      doc('results', `${name} typical results`, items(data.results), SERVICE_ANCHORS.results),
    );
  }
  for (const s of mdxSections(entry.body ?? '', entry.headings)) {
    if (!s.heading) continue;
    const facet = BODY_FACETS.find(([pattern]) => pattern.test(s.heading))?.[1] ?? 'details';
    docs.push(doc(facet, `${name}: ${s.heading}`, s.text, s.anchor));
  }
  return docs;
}

/** The home page's services section: every service with its starting price and summary. */
function servicesDoc(services: readonly ServiceFacts[], intro = ''): AdvisorDoc {
  const line = (s: ServiceFacts) =>
    `${s.name}: ${
      s.startingPrice === undefined
        ? 'no published starting price'
        : `from ${formatUsd(s.startingPrice)}`
    }. ${s.summary ?? s.description}`;
  return {
    id: 'services',
    kind: 'page',
    url: SERVICES_URL,
    page: 'Our services',
    title: 'Our services and their starting prices',
    text: lines([intro, `We offer ${services.length} services:`, items(services.map(line))]),
  };
}

function articleDocs(
  entry: Rendered<'articles'>,
  consultants: readonly Entry<'consultants'>[],
  services: readonly ServiceFacts[],
): AdvisorDoc[] {
  const { id, data } = entry;
  const url = `/articles/${id}`;
  const base = { kind: 'article' as const, page: data.title };
  // The byline: who wrote it, as the article page names them.
  const author = consultants.find((c) => c.id === data.author.id)?.data;
  const byline = author && `Written by ${author.name}, ${author.title}.`;
  const docs: AdvisorDoc[] = [];
  const sections = mdxSections(entry.body ?? '', entry.headings);
  // The services a section links to ("our SEO services"), else those its article does.
  const refers = (links: readonly string[]) =>
    services.filter((s) => links.some((l) => l.split('#')[0] === s.url)).map((s) => s.id);
  const throughout = refers(sections.flatMap((s) => s.links));
  for (const s of sections) {
    if (!s.text) continue;
    const own = refers(s.links).length ? refers(s.links) : throughout;
    docs.push({
      ...base,
      id: `${url}#${s.anchor || 'introduction'}`,
      url: s.anchor ? `${url}#${s.anchor}` : url,
      title: s.heading || data.title,
      context: s.parent ? `${data.title}: ${s.parent}` : data.title,
      // The opening text is the article's summary; its description says it in one sentence.
      text: s.anchor ? s.text : lines([data.description, byline, s.text]),
      ...(s.anchor ? {} : { keywords: data.keywords.join(', ') }),
      ...(own.length > 0 && { refers: own }),
    });
  }
  if (data.takeaways?.length) {
    docs.push({
      ...base,
      id: `${url}#takeaways`,
      url: `${url}#takeaways-heading`,
      title: `Key takeaways: ${data.title}`,
      context: data.title,
      text: items(data.takeaways),
      ...(throughout.length > 0 && { refers: throughout }),
    });
  }
  for (const f of data.faq ?? []) {
    const anchor = faqAnchor(f);
    docs.push({
      ...base,
      kind: 'faq',
      id: `${url}#${anchor}`,
      url: `${url}#${anchor}`,
      title: f.question,
      context: data.title,
      text: f.answer,
      ...(throughout.length > 0 && { refers: throughout }),
    });
  }
  return docs;
}

function uniqueIds(docs: AdvisorDoc[]): AdvisorDoc[] {
  const seen = new Map<string, number>();
  return docs.map((d) => {
    const n = (seen.get(d.id) ?? 0) + 1;
    seen.set(d.id, n);
    return n === 1 ? d : { ...d, id: `${d.id}-${n}` };
  });
}
