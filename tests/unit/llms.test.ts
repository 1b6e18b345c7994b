import { describe, expect, it } from 'vitest';
import { buildLlmsTxt } from '../../src/lib/llms';
import { formatUsdRange, serviceName } from '../../src/lib/services';
import { site } from '../../src/site.config';

describe('service helpers', () => {
  it('formats a listed range with thousands separators', () => {
    expect(formatUsdRange([2000, 6000])).toBe('$2,000-$6,000');
    expect(formatUsdRange([5000, 25000])).toBe('$5,000-$25,000');
  });

  it('names a service by its card title, else its hero eyebrow', () => {
    expect(serviceName({ card: { title: 'Discovery Workshop' }, hero: { eyebrow: 'X' } })).toBe(
      'Discovery Workshop',
    );
    expect(serviceName({ hero: { eyebrow: 'SEO Services' } })).toBe('SEO Services');
  });
});

describe('buildLlmsTxt', () => {
  const text = buildLlmsTxt({
    site,
    origin: 'https://firm.test',
    services: [
      {
        path: '/services/discovery-workshop',
        name: 'Discovery Workshop',
        description: 'A working session.',
        startingPrice: 750,
        range: [2000, 6000],
      },
      { path: '/services/free-thing', name: 'Free Thing', description: 'No price.' },
    ],
    articles: [
      {
        path: '/articles/ai-citation-guide',
        title: 'How to Get AI Systems to Cite Your Website',
        description: 'How engines pick sources.',
        category: 'AI Optimization',
        publishDate: new Date('2025-08-29'),
      },
    ],
  });

  it('starts with the firm name and its summary as a blockquote', () => {
    const lines = text.split('\n');
    expect(lines[0]).toBe(`# ${site.name}`);
    expect(lines[2]).toBe(`> ${site.description}`);
    expect(text).toContain('Michigan, United States');
  });

  it('lists services with absolute links, starting prices and ranges', () => {
    expect(text).toContain(
      '- [Discovery Workshop](https://firm.test/services/discovery-workshop): A working session. Starting at $750 (typical range $2,000-$6,000).',
    );
    expect(text).toContain('- [Free Thing](https://firm.test/services/free-thing): No price.\n');
  });

  it('links every article with its category and date', () => {
    expect(text).toContain(
      '- [How to Get AI Systems to Cite Your Website](https://firm.test/articles/ai-citation-guide): How engines pick sources. (AI Optimization, August 29, 2025)',
    );
  });

  it('says where the full text of every page is', () => {
    expect(text).toContain('https://firm.test/llms-full.txt holds them all in one file.');
  });

  it('keeps the sections in order', () => {
    const order = ['## Services', '## Articles', '## Contact'].map((h) => text.indexOf(h));
    expect(order.every((i) => i > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });
});
