import { describe, expect, it } from 'vitest';
import {
  absoluteLinks,
  articleMarkdown,
  markdownPath,
  serviceMarkdown,
} from '../../src/lib/markdown';

describe('Markdown versions of pages', () => {
  it('makes links to this site absolute, leaving code and other sites alone', () => {
    const text = [
      'See [the guide](/articles/guide#step-1) and [Google](https://google.com/x).',
      '[ref]: /services/seo',
      'In code: `[x](/not-a-link)` and',
      '```text',
      '- [Drains](/drains)',
      '```',
      'Protocol-relative [cdn](//cdn.example.com/a) stays.',
    ].join('\n');
    expect(absoluteLinks(text, 'https://firm.test')).toBe(
      [
        'See [the guide](https://firm.test/articles/guide#step-1) and [Google](https://google.com/x).',
        '[ref]: https://firm.test/services/seo',
        'In code: `[x](/not-a-link)` and',
        '```text',
        '- [Drains](/drains)',
        '```',
        'Protocol-relative [cdn](//cdn.example.com/a) stays.',
      ].join('\n'),
    );
    expect(markdownPath('/articles/guide')).toBe('/articles/guide.md');
  });

  it('writes an article with its summary, byline, takeaways, body, FAQ and sources', () => {
    const md = articleMarkdown(
      {
        path: '/articles/guide',
        title: 'A Guide',
        description: 'What it covers.',
        category: 'SEO Strategy',
        publishDate: new Date('2025-08-31'),
        updatedDate: new Date('2026-01-02'),
        readTime: 8,
        author: { name: 'Jordan Example', title: 'Lead' },
        takeaways: ['First.'],
        faq: [{ question: 'Why?', answer: 'Because.' }],
        sources: [{ title: 'Docs', url: 'https://docs.example.com/' }],
        body: '## Section\n\nSee [audit](/audit).\n',
      },
      'https://firm.test',
    );
    expect(md).toBe(
      [
        '# A Guide',
        '',
        '> What it covers.',
        '',
        'Published August 31, 2025, updated January 2, 2026. By Jordan Example, Lead. SEO Strategy, 8 min read.',
        '',
        'Web page: https://firm.test/articles/guide',
        '',
        '## Key takeaways',
        '',
        '- First.',
        '',
        '## Section',
        '',
        'See [audit](https://firm.test/audit).',
        '',
        '## Frequently Asked Questions',
        '',
        '### Why?',
        '',
        'Because.',
        '',
        '## Sources',
        '',
        '- [Docs](https://docs.example.com/)',
        '',
      ].join('\n'),
    );
  });

  it('writes a service page in the order the page shows it, with its price', () => {
    const md = serviceMarkdown(
      {
        path: '/services/workshop',
        title: 'Workshop',
        description: 'A session.',
        hero: { heading: 'Know what to fix', intro: 'Intro.' },
        features: [{ title: 'Map', description: 'We map it.' }],
        process: [{ title: 'Talk', description: 'We talk.' }],
        results: ['A plan'],
        investment: { startingPrice: 750, range: [750, 1500], scope: ['Report'] },
        cta: { heading: 'Start', body: 'Tell us.', label: 'Book it' },
        body: '## Who it is for\n\nOwners.',
      },
      'https://firm.test',
    );
    const order = [
      '# Workshop',
      '## Know what to fix',
      "## What's included",
      '- **Map.** We map it.',
      '## How it works',
      '1. **Talk.** We talk.',
      '## Typical results',
      '## Who it is for',
      '## Investment',
      'Starting at $750; typical range $750-$1,500.',
      '## Start',
      'Book it: https://firm.test/questionnaire',
    ];
    const positions = order.map((line) => md.indexOf(line));
    expect(
      positions.every((p) => p >= 0),
      JSON.stringify(positions),
    ).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });
});
