import { describe, expect, it } from 'vitest';
import {
  buildAdvisorIndex,
  markdownSections,
  plainInline,
  type AdvisorSources,
} from '../../src/features/advisor/index-builder';

const service = {
  id: 'discovery-workshop',
  body: '## Who this is for\n\nOwners who want an **outside view**. See [operations](/services/operations-consulting).\n',
  data: {
    title: 'Discovery Workshop: Find Where AI Helps',
    description: 'A 2-3 hour working session with a written report within 48 hours.',
    keywords: ['workshop'],
    card: {
      order: 1,
      title: 'Discovery Workshop',
      summary: 'A focused session.',
      action: 'Book Discovery',
      featured: true,
    },
    hero: { eyebrow: 'Foundation Service', heading: 'Know what to fix first', intro: 'Intro.' },
    features: [
      { title: 'Process walkthrough', description: 'We map the tasks.' },
      { title: 'Ranked list', description: 'Scored by effort.' },
      { title: 'Report', description: 'Within 48 hours.' },
    ],
    investment: {
      startingPrice: 750,
      range: [2000, 6000] as [number, number],
      scope: ['2-3 hour session', 'Written report within 48 hours'],
      note: 'Stands on its own.',
    },
    cta: { heading: 'Start', body: 'Book it.', label: 'Start Your Consultation' },
  },
} satisfies AdvisorSources['services'][number];

const sources: AdvisorSources = {
  firm: {
    name: 'Test Consulting',
    description: 'Veteran-owned consulting for growing businesses and nonprofits everywhere.',
    veteranOwned: true,
    address: { region: 'Michigan', country: 'United States' },
    contacts: [{ label: 'Sales', email: 'sales@example.com', description: 'Projects.' }],
  },
  services: [service],
  articles: [],
  faqs: [
    {
      id: 'timelines',
      data: {
        id: 'timelines',
        order: 1,
        group: 'home',
        question: 'How long before we see results?',
        answer: 'Most clients see first results within 30-60 days.',
      },
    },
  ],
  consultants: [],
};

describe('advisor index', () => {
  const index = buildAdvisorIndex(sources);

  it('takes prices and scope from the service data, never from text', () => {
    expect(index.services).toEqual([
      {
        id: 'discovery-workshop',
        url: '/services/discovery-workshop',
        name: 'Discovery Workshop',
        aliases: ['Foundation Service', 'discovery workshop'],
        description: service.data.description,
        startingPrice: 750,
        range: [2000, 6000],
        scope: ['2-3 hour session', 'Written report within 48 hours'],
        note: 'Stands on its own.',
      },
    ]);
    const price = index.passages.find((p) => p.id === '/services/discovery-workshop#investment');
    expect(price?.text).toContain(
      'Discovery Workshop starts at $750. The listed range is $2,000-$6,000.',
    );
  });

  it('cuts the body into sections of plain text that cite their page', () => {
    const section = index.passages.find((p) => p.section === 'Discovery Workshop: Who this is for');
    expect(section).toMatchObject({
      url: '/services/discovery-workshop',
      text: 'Owners who want an outside view. See operations.',
    });
  });

  it('carries home FAQs under /#faq, and the firm and its contacts', () => {
    expect(index.passages.find((p) => p.kind === 'faq')).toMatchObject({
      url: '/#faq',
      question: 'How long before we see results?',
    });
    expect(index.contacts).toEqual(sources.firm.contacts);
    expect(index.passages.find((p) => p.kind === 'contact')?.text).toContain('sales@example.com');
    expect(index.passages.find((p) => p.kind === 'about')?.text).toContain('based in Michigan');
  });
});

describe('markdownSections', () => {
  it('drops code and imports, turns tables and lists into items, and splits at headings', () => {
    const sections = markdownSections(
      [
        "import X from './x';",
        'Intro text.',
        '## Robots',
        '| Robot | Does |',
        '| --- | --- |',
        '| GPTBot | Trains |',
        '```text',
        'User-agent: *',
        '```',
        '### Details',
        '- first',
        '- second item',
      ].join('\n'),
    );
    expect(sections).toEqual([
      { heading: 'Introduction', slug: 'introduction', text: 'Intro text.' },
      { heading: 'Robots', slug: 'robots', text: '- GPTBot; Does: Trains.' },
      { heading: 'Robots: Details', slug: 'robots-details', text: '- first.\n- second item.' },
    ]);
  });

  it('reduces inline markdown to its words', () => {
    expect(plainInline('**Bold** _em_ `code` [link](https://x.y) ![img](a.png)')).toBe(
      'Bold em code link',
    );
  });
});
