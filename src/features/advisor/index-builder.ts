/**
 * The chat advisor's knowledge: passages cut from the content collections at build time
 * (src/pages/advisor-index.json.ts writes them to /advisor-index.json) and the structured service
 * facts the advisor quotes prices from. Pure: takes plain collection data, so tests can call it.
 */
import type { CollectionEntry } from 'astro:content';
import { formatUsd } from '../../lib/format';
import { formatUsdRange, serviceName } from '../../lib/services';

/** Bumped when the shape changes, so a function never reads an index it does not understand. */
export const ADVISOR_INDEX_VERSION = 1;

/** Public path of the built index. */
export const ADVISOR_INDEX_PATH = '/advisor-index.json';

/** Where the home page FAQ and contact directory live. */
export const HOME_FAQ_URL = '/#faq';
export const CONTACT_URL = '/#chat';
export const QUESTIONNAIRE_URL = '/questionnaire';

/** Passages longer than this many words are cut at paragraph boundaries. */
const PASSAGE_WORDS = 110;

export type PassageKind = 'service' | 'faq' | 'article' | 'consultant' | 'contact' | 'about';

/** A piece of site content the advisor can retrieve, quote and cite. */
export interface Passage {
  id: string;
  kind: PassageKind;
  /** Root-relative address of the page the passage is on. */
  url: string;
  /** Title of that page, shown as the source link. */
  page: string;
  /** Section within the page, if any. */
  section?: string;
  /** Plain text: one paragraph per line; list items and table rows start with "- ". */
  text: string;
  /** For FAQ passages: the question, answered by `text`. */
  question?: string;
  /** For service passages: the service id, to connect passages with `services`. */
  service?: string;
}

/** Facts the advisor quotes exactly; prices are never taken from anywhere else. */
export interface ServiceFacts {
  id: string;
  url: string;
  /** Short name, e.g. "Discovery Workshop". */
  name: string;
  /** Other ways visitors name it (page title, eyebrow, slug words). */
  aliases: string[];
  description: string;
  startingPrice?: number;
  range?: [number, number];
  scope?: string[];
  note?: string;
}

export interface ContactFacts {
  label: string;
  email: string;
  description: string;
}

export interface AdvisorIndex {
  version: typeof ADVISOR_INDEX_VERSION;
  firm: { name: string; veteranOwned: boolean; region: string; country: string };
  contacts: ContactFacts[];
  services: ServiceFacts[];
  passages: Passage[];
}

type Entry<C extends 'services' | 'articles' | 'faqs' | 'consultants'> = {
  id: string;
  data: CollectionEntry<C>['data'];
  body?: string | undefined;
};

/** What the builder reads: the collections and the firm's facts from site.config. */
export interface AdvisorSources {
  firm: {
    name: string;
    description: string;
    veteranOwned: boolean;
    address: { region: string; country: string };
    contacts: ContactFacts[];
  };
  services: Entry<'services'>[];
  articles: Entry<'articles'>[];
  faqs: Entry<'faqs'>[];
  consultants: Entry<'consultants'>[];
}

/** Builds the index. Output order follows input order, so builds are reproducible. */
export function buildAdvisorIndex(sources: AdvisorSources): AdvisorIndex {
  const passages: Passage[] = [];
  const services = [...sources.services].sort((a, b) => a.id.localeCompare(b.id));
  for (const entry of services) passages.push(...servicePassages(entry));
  const faqs = [...sources.faqs].sort((a, b) => a.data.order - b.data.order);
  for (const faq of faqs) passages.push(faqPassage(faq));
  const articles = [...sources.articles].sort((a, b) => a.id.localeCompare(b.id));
  for (const article of articles) passages.push(...articlePassages(article));
  for (const c of [...sources.consultants].sort((a, b) => a.data.order - b.data.order)) {
    passages.push(consultantPassage(c));
  }
  passages.push(...firmPassages(sources.firm));
  return {
    version: ADVISOR_INDEX_VERSION,
    firm: {
      name: sources.firm.name,
      veteranOwned: sources.firm.veteranOwned,
      region: sources.firm.address.region,
      country: sources.firm.address.country,
    },
    contacts: sources.firm.contacts.map(({ label, email, description }) => ({
      label,
      email,
      description,
    })),
    services: services.map(serviceFacts),
    passages,
  };
}

function serviceFacts({ id, data }: Entry<'services'>): ServiceFacts {
  const name = serviceName(data);
  const aliases = [data.hero.eyebrow, data.title.split(':')[0]!, id.replace(/-/g, ' ')]
    .map((a) => a.trim())
    .filter((a, i, all) => a !== name && all.indexOf(a) === i);
  const facts: ServiceFacts = {
    id,
    url: `/services/${id}`,
    name,
    aliases,
    description: data.description,
  };
  if (data.investment) {
    facts.startingPrice = data.investment.startingPrice;
    facts.range = [...data.investment.range];
    facts.scope = [...data.investment.scope];
    if (data.investment.note) facts.note = data.investment.note;
  }
  return facts;
}

/** The sentence the advisor and the index use for a service's price, from the data only. */
export function priceSentence(s: Pick<ServiceFacts, 'name' | 'startingPrice' | 'range'>): string {
  if (s.startingPrice === undefined) return '';
  const range = s.range ? ` The listed range is ${formatUsdRange(s.range)}.` : '';
  return `${s.name} starts at ${formatUsd(s.startingPrice)}.${range}`;
}

function servicePassages(entry: Entry<'services'>): Passage[] {
  const { id, data } = entry;
  const url = `/services/${id}`;
  const name = serviceName(data);
  const base = { kind: 'service' as const, url, page: data.title, service: id };
  const out: Passage[] = [
    {
      ...base,
      id: `${url}#overview`,
      section: name,
      text: lines([data.description, data.hero.heading, data.hero.intro, data.card?.summary]),
    },
    {
      ...base,
      id: `${url}#features`,
      section: `${name}: what is included`,
      text: items(data.features.map((f) => `${f.title}: ${f.description}`)),
    },
  ];
  if (data.investment) {
    const facts = serviceFacts(entry);
    out.push({
      ...base,
      id: `${url}#investment`,
      section: `${name}: investment and price`,
      text: lines([
        priceSentence(facts),
        'The starting price includes:',
        items(data.investment.scope),
        data.investment.note,
      ]),
    });
  }
  if (data.process) {
    out.push({
      ...base,
      id: `${url}#process`,
      section: `${name}: process`,
      text: items(data.process.map((p, i) => `Step ${i + 1}, ${p.title}: ${p.description}`)),
    });
  }
  if (data.results) {
    out.push({
      ...base,
      id: `${url}#results`,
      section: `${name}: typical results`,
      text: items(data.results),
    });
  }
  for (const s of markdownSections(entry.body ?? '')) {
    out.push({ ...base, id: `${url}#${s.slug}`, section: `${name}: ${s.heading}`, text: s.text });
  }
  return dedupeIds(out);
}

function faqPassage({ id, data }: Entry<'faqs'>): Passage {
  const url = data.group === 'home' ? HOME_FAQ_URL : `/${data.group}`;
  return {
    id: `${url}/${id}`,
    kind: 'faq',
    url,
    page: data.group === 'home' ? 'Frequently Asked Questions' : 'Free Website Audit: FAQ',
    section: data.question,
    question: data.question,
    text: data.answer,
  };
}

function articlePassages({ id, data, body }: Entry<'articles'>): Passage[] {
  const url = `/articles/${id}`;
  const base = { kind: 'article' as const, url, page: data.title };
  const out: Passage[] = [
    {
      ...base,
      id: `${url}#summary`,
      section: 'Summary',
      text: lines([data.description, data.excerpt]),
    },
  ];
  if (data.takeaways?.length) {
    out.push({
      ...base,
      id: `${url}#takeaways`,
      section: 'Key takeaways',
      text: items(data.takeaways),
    });
  }
  for (const s of markdownSections(body ?? '')) {
    out.push({ ...base, id: `${url}#${s.slug}`, section: s.heading, text: s.text });
  }
  data.faq?.forEach((f, i) => {
    out.push({
      ...base,
      kind: 'faq',
      id: `${url}#faq-${i + 1}`,
      section: f.question,
      question: f.question,
      text: f.answer,
    });
  });
  return dedupeIds(out);
}

function consultantPassage({ id, data }: Entry<'consultants'>): Passage {
  return {
    id: `/consultants#${id}`,
    kind: 'consultant',
    url: '/consultants',
    page: 'Meet Our Consultants',
    section: `${data.name}, ${data.title}`,
    text: lines([
      `${data.name} is our ${data.title}.`,
      data.bio,
      data.knowsAbout.length ? `Areas of expertise: ${data.knowsAbout.join(', ')}.` : undefined,
    ]),
  };
}

function firmPassages(firm: AdvisorSources['firm']): Passage[] {
  const where = `${firm.address.region}, ${firm.address.country}`;
  return [
    {
      id: '/#about',
      kind: 'about',
      url: '/',
      page: firm.name,
      section: `About ${firm.name}`,
      text: lines([
        firm.description,
        `${firm.name} is ${firm.veteranOwned ? 'a veteran-owned business ' : ''}based in ${where}.`,
      ]),
    },
    {
      id: `${CONTACT_URL}/contacts`,
      kind: 'contact',
      url: CONTACT_URL,
      page: 'Contact us',
      section: 'Contact, email addresses and how to reach us',
      text: lines(firm.contacts.map((c) => `${c.label}: ${c.email}. ${c.description}`)),
    },
  ];
}

function lines(parts: readonly (string | undefined)[]): string {
  return parts
    .filter((p): p is string => Boolean(p && p.trim()))
    .map((p) => p.trim())
    .join('\n');
}

function items(list: readonly string[]): string {
  return lines(list.map((item) => `- ${sentence(item)}`));
}

function dedupeIds(passages: Passage[]): Passage[] {
  const seen = new Map<string, number>();
  return passages.map((p) => {
    const n = (seen.get(p.id) ?? 0) + 1;
    seen.set(p.id, n);
    return n === 1 ? p : { ...p, id: `${p.id}-${n}` };
  });
}

export interface MarkdownSection {
  heading: string;
  slug: string;
  text: string;
}

/**
 * Splits an MDX body into plain-text sections under its `##` and `###` headings, each cut into
 * passages of about PASSAGE_WORDS words at paragraph boundaries. Code blocks, imports, JSX and
 * link targets are dropped; tables become one line per row.
 */
export function markdownSections(mdx: string): MarkdownSection[] {
  const source = mdx
    .replace(/\r\n?/g, '\n')
    .replace(/^(?:```|~~~)[^\n]*\n[\s\S]*?\n(?:```|~~~)[ \t]*$/gm, '')
    .replace(/^(?:import|export)\s.*$/gm, '');
  const sections: { heading: string; blocks: string[] }[] = [
    { heading: 'Introduction', blocks: [] },
  ];
  let parent = '';
  let tableHeader: string[] | null = null;
  for (const raw of source.split('\n')) {
    const line = raw.trim();
    const heading = /^(#{2,3})\s+(.+)$/.exec(line);
    if (heading) {
      const title = plainInline(heading[2]!);
      if (heading[1] === '##') parent = title;
      sections.push({
        heading: heading[1] === '###' && parent ? `${parent}: ${title}` : title,
        blocks: [],
      });
      tableHeader = null;
      continue;
    }
    const current = sections[sections.length - 1]!;
    if (line.startsWith('|')) {
      const cells = line
        .replace(/^\||\|$/g, '')
        .split('|')
        .map((c) => plainInline(c.trim()));
      if (cells.every((c) => /^:?-{2,}:?$/.test(c) || c === '')) continue;
      if (!tableHeader) {
        tableHeader = cells;
        continue;
      }
      const header = tableHeader;
      current.blocks.push(
        `- ${sentence(cells.map((c, i) => (i === 0 ? c : `${header[i] ?? ''}: ${c}`)).join('; '))}`,
      );
      continue;
    }
    tableHeader = null;
    if (line === '' || /^#{1,6}\s/.test(line) || /^<[^>]+>$/.test(line)) {
      current.blocks.push('');
      continue;
    }
    const item = /^(?:[-*+]|\d+[.)])\s+(.*)$/.exec(line.replace(/^>\s?/, ''));
    const text = plainInline(item ? item[1]! : line.replace(/^>\s?/, ''));
    if (!text) continue;
    if (item) current.blocks.push(`- ${sentence(text)}`, '');
    else {
      // Consecutive lines belong to one paragraph.
      const last = current.blocks.length - 1;
      if (last >= 0 && current.blocks[last] !== '') current.blocks[last] += ` ${text}`;
      else current.blocks.push(text);
    }
  }
  const out: MarkdownSection[] = [];
  for (const { heading, blocks } of sections) {
    const paragraphs = blocks.filter((b) => b.trim() !== '');
    const slug = slugify(heading);
    chunk(paragraphs, PASSAGE_WORDS).forEach((text, i) => {
      out.push({ heading, slug: i === 0 ? slug : `${slug}-${i + 1}`, text });
    });
  }
  return out;
}

/** Groups paragraphs into passages of about `words` words; a longer paragraph stands alone. */
function chunk(paragraphs: string[], words: number): string[] {
  const out: string[] = [];
  let current: string[] = [];
  let count = 0;
  for (const p of paragraphs) {
    const n = p.split(/\s+/).length;
    if (count > 0 && count + n > words) {
      out.push(current.join('\n'));
      current = [];
      count = 0;
    }
    current.push(p);
    count += n;
  }
  if (current.length) out.push(current.join('\n'));
  return out;
}

/** Markdown inline syntax to plain text: links keep their text, emphasis and code marks go. */
export function plainInline(text: string): string {
  return text
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|[^\w*])[*_](?!\s)(.+?)[*_](?=[^\w*]|$)/g, '$1$2')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\\([\\`*_{}[\]()#+\-.!|])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

function sentence(text: string): string {
  return /[.!?:]$/.test(text) ? text : `${text}.`;
}

function slugify(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-|-$/g, '') || 'section'
  );
}
