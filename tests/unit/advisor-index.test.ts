/**
 * The advisor's index builder: sections cut from MDX with the parser Astro uses, linked to the
 * headings Astro renders; services' blocks as documents with their facts; a serialised search
 * index that loads and finds them.
 */
import { describe, expect, it } from 'vitest';
import {
  ADVISOR_ARTICLE_LIMIT,
  advisorArticles,
  buildAdvisorIndex,
  type AdvisorSources,
} from '../../src/features/advisor/corpus/build';
import { mdxSections } from '../../src/features/advisor/corpus/mdx-sections';
import type { AdvisorIndex } from '../../src/features/advisor/corpus/schema';
import { SectionSearch } from '../../src/features/advisor/engine/search';
import { queryWords } from '../../src/features/advisor/engine/query';
import { terms } from '../../src/features/advisor/corpus/text';

const service = {
  id: 'data-insights',
  body: [
    '## Who this is for',
    '',
    'Owners who want an **outside view** of [their numbers](/articles/x).',
    '',
    '## What we need from you',
    '',
    '- Read access to your systems',
    '- One person who knows the numbers',
  ].join('\n'),
  headings: [
    { depth: 2, slug: 'who-this-is-for', text: 'Who this is for' },
    { depth: 2, slug: 'what-we-need-from-you', text: 'What we need from you' },
  ],
  data: {
    title: 'Data Insights & Analytics: Dashboards You Use',
    description: 'We connect your business data and build 3-5 clear dashboards with reports.',
    keywords: ['dashboards'],
    card: {
      order: 5,
      title: 'Data Insights & Analytics',
      summary: 'Clear dashboards.',
      action: 'Learn More',
      featured: false,
    },
    hero: { eyebrow: 'Data Insights', heading: 'See your business clearly', intro: 'Intro.' },
    features: [
      { title: 'Dashboards', description: 'Three to five of them.' },
      { title: 'Reports', description: 'Weekly and monthly.' },
      { title: 'Training', description: 'For your team.' },
    ],
    process: [{ title: 'Discovery', description: 'We learn what you decide.' }],
    results: ['Decisions from current numbers'],
    investment: {
      startingPrice: 4000,
      range: [4000, 12000] as [number, number],
      scope: ['3-5 dashboards', '60 days of support'],
    },
    cta: { heading: 'Start', body: 'Tell us.', label: 'Start Your Consultation' },
  },
} satisfies AdvisorSources['services'][number];

const article = {
  id: 'server-errors-guide',
  body: [
    "import Note from './note.astro';",
    '',
    'Servers answer with a status code.',
    '',
    '## How Google treats codes',
    '',
    'It depends on the code.',
    '',
    '### 404 and 410: the page is gone',
    '',
    'Use 410 when a page is gone for good.',
    '',
    '| Code | Meaning |',
    '| --- | --- |',
    '| 404 | Not found |',
    '| 410 | Gone |',
    '',
    '```text',
    'HTTP/1.1 410 Gone',
    '```',
    '',
    '<Note>A note for readers.</Note>',
  ].join('\n'),
  headings: [
    { depth: 2, slug: 'how-google-treats-codes', text: 'How Google treats codes' },
    { depth: 3, slug: '404-and-410-the-page-is-gone', text: '404 and 410: the page is gone' },
  ],
  data: {
    title: 'Server Errors and SEO',
    description: 'How Google handles 404, 410 and 5xx answers, and how to fix the causes.',
    excerpt: 'A plain guide to status codes.',
    category: 'Technical SEO' as const,
    publishDate: new Date('2025-08-31'),
    readTime: 8,
    author: { collection: 'consultants' as const, id: 'consultant-two' },
    keywords: ['server errors'],
    hero: { image: {} as never, alt: 'An illustration' },
    backLink: 'articles' as const,
    takeaways: ['Return 404 or 410 for missing pages'],
    faq: [{ question: 'Is a soft 404 bad?', answer: 'Yes: return a real 404 or 410 instead.' }],
  },
} satisfies AdvisorSources['articles'][number];

const sources: AdvisorSources = {
  firm: {
    name: 'Test Consulting',
    description: 'Veteran-owned consulting for growing businesses and nonprofits everywhere.',
    veteranOwned: true,
    address: { region: 'Michigan', country: 'United States' },
    contacts: [{ label: 'Sales', email: 'sales@example.com', description: 'Projects.' }],
  },
  contactIntro: 'A person will answer within one business day.',
  services: [service],
  articles: [article],
  faqs: [
    {
      id: 'typical-timelines',
      data: {
        id: 'typical-timelines',
        order: 1,
        group: 'home',
        question: 'How long before we see results?',
        answer: 'Most clients see first results within 30-60 days.',
      },
    },
  ],
  consultants: [
    {
      id: 'consultant-one',
      data: {
        id: 'consultant-one',
        order: 1,
        name: 'Alex Example',
        title: 'Principal',
        bio: 'Leads engagements.',
        knowsAbout: ['Operations'],
      },
    },
    {
      id: 'consultant-two',
      data: {
        id: 'consultant-two',
        order: 2,
        name: 'Sam Example',
        title: 'SEO Lead',
        bio: 'Writes the guides.',
        knowsAbout: ['SEO'],
      },
    },
  ],
  pages: [
    {
      url: '/audit',
      title: 'Free Website Audit',
      text: 'Scores for one page from PageSpeed Insights. Free, no sign-up.',
    },
  ],
  mdxPages: [
    {
      url: '/privacy',
      title: 'Privacy Policy',
      body: [
        '## 8. Data Retention',
        '',
        '- **Analytics data** is kept for 26 months.',
        '',
        '## 12. Contact Us',
        '',
        'Write to {site.legalName} at the address below.',
        '',
        '<DataController />',
      ].join('\n'),
      headings: [
        { depth: 2, slug: '8-data-retention', text: '8. Data Retention' },
        { depth: 2, slug: '12-contact-us', text: '12. Contact Us' },
      ],
      rendering: {
        components: { DataController: 'Privacy requests: privacy@example.com.' },
        expressions: { 'site.legalName': 'Test Consulting LLC' },
      },
    },
  ],
};

describe('advisor index', () => {
  const index = buildAdvisorIndex(sources);
  const doc = (id: string) => index.docs.find((d) => d.id === id);

  it('indexes a standalone page by section, with what its components and expressions show', () => {
    expect(doc('page/privacy#8-data-retention')).toMatchObject({
      url: '/privacy#8-data-retention',
      title: 'Data Retention',
      context: 'Privacy Policy',
      text: '- Analytics data is kept for 26 months.',
    });
    expect(doc('page/privacy#12-contact-us')?.text).toBe(
      'Write to Test Consulting LLC at the address below.\nPrivacy requests: privacy@example.com.',
    );
  });

  it('lists the services with their starting prices, and the team', () => {
    expect(doc('services')).toMatchObject({ url: '/#services' });
    expect(doc('services')?.text).toContain('- Data Insights & Analytics: from $4,000.');
    expect(doc('team')).toMatchObject({ url: '/consultants', kind: 'team' });
    expect(doc('team')?.text).toContain(
      'Our consultants are Alex Example (Principal) and Sam Example (SEO Lead).',
    );
  });

  it("indexes other pages' introductions at their address", () => {
    expect(doc('page/audit')).toMatchObject({
      kind: 'page',
      url: '/audit',
      page: 'Free Website Audit',
      text: expect.stringContaining('no sign-up'),
    });
  });

  it('takes prices, scope and support from the service data, never from text', () => {
    expect(index.services).toEqual([
      {
        id: 'data-insights',
        url: '/services/data-insights',
        name: 'Data Insights & Analytics',
        aliases: ['Data Insights', 'data insights'],
        description: service.data.description,
        summary: 'Clear dashboards.',
        audience: 'Owners who want an outside view of their numbers.',
        startingPrice: 4000,
        range: [4000, 12000],
        scope: ['3-5 dashboards', '60 days of support'],
        priceUrl: '/services/data-insights#investment-heading',
      },
    ]);
    expect(doc('/services/data-insights#price')?.text).toBe(
      [
        'Data Insights & Analytics starts at $4,000, and its listed range is $4,000-$12,000.',
        'The starting price includes:',
        '- 3-5 dashboards.',
        '- 60 days of support.',
      ].join('\n'),
    );
  });

  it("makes each of a service page's blocks a document linked to the block", () => {
    const facets = index.docs
      .filter((d) => d.service === 'data-insights')
      .map((d) => [d.facet, d.url]);
    expect(facets).toEqual([
      ['overview', '/services/data-insights'],
      ['includes', '/services/data-insights#features-heading'],
      ['price', '/services/data-insights#investment-heading'],
      ['process', '/services/data-insights#process-heading'],
      ['results', '/services/data-insights#results-heading'],
      ['audience', '/services/data-insights#who-this-is-for'],
      ['requirements', '/services/data-insights#what-we-need-from-you'],
    ]);
    expect(doc('/services/data-insights#requirements')?.text).toBe(
      '- Read access to your systems\n- One person who knows the numbers',
    );
  });

  it('cuts articles at ## and ### with the ids Astro rendered, the parent as context', () => {
    const sections = index.docs.filter((d) => d.kind === 'article').map((d) => d.url);
    expect(sections).toEqual([
      '/articles/server-errors-guide',
      '/articles/server-errors-guide#how-google-treats-codes',
      '/articles/server-errors-guide#404-and-410-the-page-is-gone',
      '/articles/server-errors-guide#takeaways-heading',
    ]);
    expect(doc('/articles/server-errors-guide#404-and-410-the-page-is-gone')).toMatchObject({
      title: '404 and 410: the page is gone',
      context: 'Server Errors and SEO: How Google treats codes',
      // Tables become rows; code blocks, imports and components' markup are left out.
      text: [
        'Use 410 when a page is gone for good.',
        '- 404; Meaning: Not found',
        '- 410; Meaning: Gone',
        'A note for readers.',
      ].join('\n'),
    });
  });

  it("names an article's author in its opening section, as its byline does", () => {
    expect(doc('/articles/server-errors-guide#introduction')?.text).toContain(
      'Written by Sam Example, SEO Lead.',
    );
  });

  it('links FAQ answers to their question on the page, and knows the team and contacts', () => {
    expect(doc('faq/typical-timelines')?.url).toBe('/#faq-typical-timelines');
    expect(doc('/articles/server-errors-guide#faq-is-a-soft-404-bad')?.kind).toBe('faq');
    expect(doc('consultant/consultant-one')?.url).toBe('/consultants#consultant-one');
    expect(doc('firm/contact')?.text).toContain('sales@example.com');
    expect(doc('firm/contact')?.text).toContain('within one business day');
    expect(doc('firm/about')?.text).toContain('veteran-owned consulting firm based in Michigan');
  });

  it('serialises a search index that loads and finds the section that answers', () => {
    const search = new SectionSearch(JSON.parse(JSON.stringify(index)) as AdvisorIndex);
    const ask = (q: string) => search.search(queryWords(search, q));
    const [hit] = ask('should deleted pages return 410?');
    expect(hit?.section.doc.url).toBe('/articles/server-errors-guide#404-and-410-the-page-is-gone');
    // A typo of a word the site uses is read as that word; a question about something the site
    // never mentions finds nothing.
    expect(ask('dashbords')[0]?.section.doc.service).toBe('data-insights');
    expect(ask('weather in paris')).toEqual([]);
    // A word the site writes as two is read as those two words; a word whose halves are
    // shorter than four letters is left alone.
    expect(queryWords(search, 'missingpages').map((w) => w.word)).toEqual(
      queryWords(search, 'missing pages').map((w) => w.terms[0]),
    );
    expect(queryWords(search, 'payroll').map((w) => w.known)).toEqual([false]);
    // Shorthand typed in a chat is searched as the site's word for it.
    expect(queryWords(search, 'ops help')[0].terms).toContain(terms('operations')[0]);
  });

  it('searches the questions visitors ask of a section, in words its text does not use', () => {
    const question = 'will my team see the results from the reports?';
    const find = (asks?: AdvisorSources['asks']) => {
      const built = buildAdvisorIndex({ ...sources, asks });
      const search = new SectionSearch(JSON.parse(JSON.stringify(built)) as AdvisorIndex);
      const section = search.search(queryWords(search, question))[0]?.section;
      return section && { ...section, asks: search.asksOf(section) };
    };
    expect(find()?.doc.url).not.toBe('/privacy#8-data-retention');
    const asked = find([
      { url: '/privacy#8-data-retention', asks: ['who on the team sees the results and reports?'] },
    ]);
    expect(asked?.doc.url).toBe('/privacy#8-data-retention');
    expect([...asked.asks[0].terms]).toEqual(
      terms('who on the team sees the results and reports?'),
    );
    // Never quoted: the section's text is its own.
    expect(asked?.doc.text).toBe('- Analytics data is kept for 26 months.');
  });

  it('carries the questions the site does not answer by topic, and reads them as asks', () => {
    expect(buildAdvisorIndex(sources).declines).toEqual([]);
    const topics = [['do you take credit cards?', 'can we pay by check'], ['are you hiring?']];
    const built = buildAdvisorIndex({ ...sources, declines: topics });
    expect(built.declines).toEqual(topics);
    const search = new SectionSearch(built);
    expect(search.declines.map((asks) => asks.map((a) => [...a.terms]))).toEqual(
      topics.map((qs) => qs.map((q) => terms(q))),
    );
  });

  it('marks each article section with the services it links to, else those its article links to', () => {
    const refers = (body: string) =>
      buildAdvisorIndex({ ...sources, articles: [{ ...article, body }] })
        .docs.filter((d) => d.url.startsWith('/articles/'))
        .map((d) => [d.url, d.refers]);
    expect(refers(article.body).every(([, r]) => r === undefined)).toBe(true);
    const linked = article.body.replace(
      'It depends on the code.',
      'It depends on the code. Our [data work](/services/data-insights) and [a guide](/articles/x) help.',
    );
    expect(refers(linked)).toContainEqual([
      '/articles/server-errors-guide#how-google-treats-codes',
      ['data-insights'],
    ]);
    // A section that links no service (nor a page that is not one: /services/none) gets its article's.
    const opening = refers(
      linked.replace('Servers answer', 'See [this](/services/none). Servers answer'),
    );
    expect(opening).toContainEqual(['/articles/server-errors-guide', ['data-insights']]);
    expect(opening).toContainEqual([
      '/articles/server-errors-guide#faq-is-a-soft-404-bad',
      ['data-insights'],
    ]);
  });

  it('stops the build on a question for a section its page does not have, and skips pages it does not index', () => {
    const asks = (url: string) => [{ url, asks: ['who reads this?'] }];
    expect(() => buildAdvisorIndex({ ...sources, asks: asks('/privacy#9-renamed') })).toThrow(
      /advisor-asks\.yaml names sections the site does not have: \/privacy#9-renamed/,
    );
    expect(() =>
      buildAdvisorIndex({ ...sources, asks: asks('/articles/old-guide#intro') }),
    ).not.toThrow();
  });
});

describe('mdxSections', () => {
  it('falls back to Astro-style ids when no rendered headings are given', () => {
    expect(mdxSections('## What about llms.txt?\n\nA proposal.').map((s) => s.anchor)).toEqual([
      'what-about-llmstxt',
    ]);
  });

  it('keeps the addresses each section links to, in order', () => {
    const sections = mdxSections(
      'Intro [a](/a).\n\n## Steps\n\n- See [b](/b) and **[c](/c)**\n\n## End',
    );
    expect(sections.map((s) => s.links)).toEqual([['/a'], ['/b', '/c'], []]);
  });

  it('keeps nested list items under their item', () => {
    const [section] = mdxSections('## Steps\n\n- First\n  - detail\n- Second');
    expect(section?.text).toBe('- First\n  - detail\n- Second');
  });
});

describe('advisorArticles', () => {
  const dated = (n: number) => ({
    id: `article-${n}`,
    data: { title: `Article ${n}`, category: 'Guides', publishDate: new Date(2020, 0, n) },
  });

  it('keeps every article of an archive within the limit, newest first', () => {
    expect(advisorArticles([dated(1), dated(3), dated(2)]).map((a) => a.id)).toEqual([
      'article-3',
      'article-2',
      'article-1',
    ]);
  });

  it('reads only the newest ADVISOR_ARTICLE_LIMIT of a larger archive', () => {
    const archive = Array.from({ length: ADVISOR_ARTICLE_LIMIT + 25 }, (_, i) => dated(i + 1));
    const kept = advisorArticles(archive);
    expect(kept).toHaveLength(ADVISOR_ARTICLE_LIMIT);
    expect(kept[0].id).toBe(`article-${ADVISOR_ARTICLE_LIMIT + 25}`);
    expect(kept.map((a) => a.id)).not.toContain('article-25');
    expect(kept.at(-1)!.id).toBe('article-26');
  });
});

describe('terms', () => {
  it('reads an irregular form of a verb as its plain form, as the stemmer does a regular one', () => {
    expect(terms('we ran the audit twice')).toContain(terms('runs')[0]);
    expect(terms('we paid for it')).toEqual(terms('we pay for it'));
    expect(terms('broken links')).toEqual(terms('break links'));
    // A form that is also another word keeps its own meaning ("found a company").
    expect(terms('we found it')).not.toEqual(terms('we find it'));
  });

  it('reads a noun made with "-ship" as the word it is made from', () => {
    expect(terms('partnerships')).toEqual(terms('partnering'));
    expect(terms('leadership')).toEqual(terms('leaders'));
    expect(terms('hardship')).not.toEqual(terms('hard'));
  });

  it('stems words that name built-in properties of an object like any other word', () => {
    expect(terms('constructor toString valueOf')).toEqual(['constructor', 'tostr', 'valueof']);
  });

  it('drops a question word contracted with "is" as it drops the question word', () => {
    expect(terms("who's on your team? where's your office?")).toEqual(['team', 'offic']);
  });
});
