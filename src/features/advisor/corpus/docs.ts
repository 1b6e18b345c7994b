/**
 * The advisor's documents for the firm and its pages: FAQ items, standalone pages by section,
 * the consultants, the team, the firm's facts, the contact directory and the consultation; and
 * the helpers that write a document's text (one paragraph per line, list items as "- ").
 */
import type { CollectionEntry } from 'astro:content';
import { faqAnchor } from '../../../lib/paths';
import { firmIntroduction } from '../../../lib/site-config';
import { mdxSections, type RenderedHeading, type Rendering } from './mdx-sections';
import { CONTACT_URL, type AdvisorDoc, type ContactFacts } from './schema';

export type Entry<C extends 'services' | 'articles' | 'faqs' | 'consultants'> = {
  id: string;
  data: CollectionEntry<C>['data'];
  body?: string | undefined;
};

/** A standalone MDX page (the privacy policy), cut into sections like an article. */
export interface MdxPage {
  url: string;
  title: string;
  body: string;
  headings?: readonly RenderedHeading[];
  /** What its components and expressions show on the page. */
  rendering?: Rendering;
}

/** The firm's facts the documents state (site.config). */
export interface FirmSource {
  name: string;
  description: string;
  veteranOwned: boolean;
  address: { region: string; country: string };
  contacts: readonly ContactFacts[];
  /** The privacy policy's contact, for requests about personal information. */
  privacy?: ContactFacts;
}

export function faqDoc({ id, data }: Entry<'faqs'>): AdvisorDoc {
  return {
    id: `faq/${id}`,
    kind: 'faq',
    url: `${data.group === 'home' ? '/' : `/${data.group}`}#${faqAnchor({ id, question: data.question })}`,
    page: data.group === 'home' ? 'Frequently Asked Questions' : 'Free Website Audit: FAQ',
    title: data.question,
    text: data.answer,
  };
}

/** A standalone page's sections, each at its heading. */
export function pageDocs(p: MdxPage): AdvisorDoc[] {
  return mdxSections(p.body, p.headings, p.rendering)
    .filter((s) => s.text)
    .map((s) => ({
      id: `page${p.url}#${s.anchor || 'introduction'}`,
      kind: 'page',
      url: s.anchor ? `${p.url}#${s.anchor}` : p.url,
      page: p.title,
      title: s.heading ? s.heading.replace(/^\d+\.\s*/, '') : p.title,
      context: p.title,
      text: s.text,
    }));
}

export function consultantDoc({ id, data }: Entry<'consultants'>): AdvisorDoc {
  return {
    id: `consultant/${id}`,
    kind: 'consultant',
    url: `/consultants#${id}`,
    page: 'Meet Our Consultants',
    title: `${data.name}, ${data.title}`,
    context: 'Our consultants and team',
    text: lines([
      `${data.name} is our ${data.title}.`,
      data.bio,
      data.knowsAbout.length ? `Areas of expertise: ${data.knowsAbout.join(', ')}.` : undefined,
    ]),
  };
}

/** The consultants page as a whole: who the team is and who a client works with. */
export function teamDoc(consultants: readonly Entry<'consultants'>[], intro = ''): AdvisorDoc {
  return {
    id: 'team',
    kind: 'team',
    url: '/consultants',
    page: 'Meet Our Consultants',
    title: 'Meet our consultants: the team you work with',
    // One paragraph: who the team is, then the names, so an answer quotes them together.
    text: [
      intro,
      `Our consultants are ${joinNames(consultants.map(({ data }) => `${data.name} (${data.title})`))}.`,
    ]
      .filter(Boolean)
      .join(' '),
  };
}

export function firmDocs(firm: FirmSource, contactIntro: string, consultation = ''): AdvisorDoc[] {
  const docs: AdvisorDoc[] = [
    {
      id: 'firm/about',
      kind: 'firm',
      url: '/consultants',
      page: 'Meet Our Consultants',
      title: `About ${firm.name}: who we are and where we are based`,
      // As /consultants shows it under its heading.
      text: lines([firmIntroduction(firm), firm.description]),
    },
    {
      id: 'firm/contact',
      kind: 'contact',
      url: CONTACT_URL,
      page: 'Contact us',
      title: 'Contact us: email addresses and how to reach a person',
      text: lines([
        contactIntro,
        'Our email addresses:',
        items(firm.contacts.map((c) => `${c.label}: ${c.email}. ${c.description}`)),
      ]),
    },
  ];
  if (consultation) {
    docs.push({
      id: 'firm/consultation',
      kind: 'page',
      url: '/#consultation',
      page: 'Start a consultation',
      title: 'Start a consultation: the five-question questionnaire',
      text: consultation,
    });
  }
  return docs;
}

/** "a, b and c". */
export function joinNames(names: readonly string[]): string {
  return names.length <= 1
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

export function lines(parts: readonly (string | undefined)[]): string {
  return parts
    .filter((p): p is string => Boolean(p?.trim()))
    .map((p) => p.trim())
    .join('\n');
}

export function items(list: readonly string[]): string {
  return lines(list.map((item) => `- ${/[.!?:]$/.test(item) ? item : `${item}.`}`));
}
