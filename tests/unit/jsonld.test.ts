import { describe, expect, it } from 'vitest';
import {
  articleJsonLd,
  breadcrumbJsonLd,
  businessJsonLd,
  faqJsonLd,
  personJsonLd,
  serializeJsonLd,
  serviceJsonLd,
  websiteJsonLd,
} from '../../src/lib/jsonld';
import { site } from '../../src/site.config';

const origin = 'https://consulting.test';

describe('JSON-LD builders', () => {
  it('describes the business in Michigan with its price range', () => {
    const b = businessJsonLd(site, origin);
    expect(b['@type']).toBe('ProfessionalService');
    expect(b.address).toEqual({
      '@type': 'PostalAddress',
      addressRegion: 'MI',
      addressCountry: 'US',
    });
    expect(b.priceRange).toBe('$1500-$10000');
    expect(b['@id']).toBe('https://consulting.test/#organization');
  });

  it('gives the website a search action with the query placeholder', () => {
    const w = websiteJsonLd(site, origin) as { potentialAction: Record<string, any> };
    expect(w.potentialAction.target.urlTemplate).toBe(
      'https://consulting.test/search?q={search_term_string}',
    );
    expect(w.potentialAction['query-input']).toBe('required name=search_term_string');
  });

  it('numbers breadcrumbs from 1 with absolute items', () => {
    const b = breadcrumbJsonLd(
      [
        { name: 'Home', url: '/' },
        { name: 'Articles', url: '/articles' },
      ],
      origin,
    ) as { itemListElement: Record<string, unknown>[] };
    expect(b.itemListElement.map((i) => [i.position, i.item])).toEqual([
      [1, 'https://consulting.test/'],
      [2, 'https://consulting.test/articles'],
    ]);
  });

  it('names a breadcrumb by its full name even when the visible crumb is a short label', () => {
    const b = breadcrumbJsonLd(
      [{ name: 'How to Get AI Systems to Cite Your Website', label: 'guide', url: '/a' }],
      origin,
    ) as { itemListElement: Record<string, unknown>[] };
    expect(b.itemListElement[0].name).toBe('How to Get AI Systems to Cite Your Website');
  });

  it('dates an article by day and links the publisher', () => {
    const a = articleJsonLd(
      {
        title: 'T',
        description: 'D',
        path: '/articles/x',
        publishDate: new Date('2025-08-28'),
        keywords: ['a', 'b'],
        category: 'SEO Strategy',
        wordCount: 3200,
        author: {
          name: 'Ann Author',
          title: 'Search Lead',
          profilePath: '/consultants#ann',
          sameAs: 'https://www.linkedin.com/in/ann',
        },
      },
      site,
      origin,
    );
    expect(a.author).toEqual({
      '@type': 'Person',
      '@id': 'https://consulting.test/consultants#ann',
      name: 'Ann Author',
      jobTitle: 'Search Lead',
      url: 'https://consulting.test/consultants#ann',
      sameAs: ['https://www.linkedin.com/in/ann'],
      worksFor: { '@id': 'https://consulting.test/#organization' },
    });
    expect(a.datePublished).toBe('2025-08-28');
    expect(a.dateModified).toBe('2025-08-28');
    expect(a.keywords).toBe('a, b');
    expect(a.wordCount).toBe(3200);
    expect(a.url).toBe('https://consulting.test/articles/x');
  });

  it('builds FAQ, person and service entries', () => {
    const f = faqJsonLd([{ question: 'Q?', answer: 'A.' }]) as { mainEntity: any[] };
    expect(f.mainEntity[0].acceptedAnswer.text).toBe('A.');
    const p = personJsonLd(
      { name: 'N', title: 'T', bio: 'B', profilePath: '/consultants#n', knowsAbout: [] },
      site,
      origin,
    );
    // The same @id as the Article author, so search engines see one person.
    expect(p['@id']).toBe('https://consulting.test/consultants#n');
    expect(p).not.toHaveProperty('knowsAbout');
    expect(p).not.toHaveProperty('sameAs');
    const s = serviceJsonLd(
      {
        title: 'S',
        description: 'D',
        path: '/services/s',
        startingPrice: 750,
        range: [2000, 6000],
      },
      site,
      origin,
    ) as { offers: any };
    expect(s.offers.price).toBe(750);
    expect(s.offers.priceSpecification).toMatchObject({ minPrice: 2000, maxPrice: 6000 });
  });

  it('escapes < so text cannot close the script element', () => {
    const out = serializeJsonLd({ name: '</script><script>alert(1)</script>' });
    expect(out).not.toContain('</script>');
    expect(JSON.parse(out).name).toBe('</script><script>alert(1)</script>');
  });
});

import { publicPath } from '../../src/lib/paths';

describe('publicPath', () => {
  it.each([
    ['/index.html', '/'],
    ['/', '/'],
    ['/consultants.html', '/consultants'],
    ['/articles/ai-citation-guide.html', '/articles/ai-citation-guide'],
    ['/articles/', '/articles'],
    ['/articles/index.html', '/articles'],
  ])('%s -> %s', (input, expected) => expect(publicPath(input)).toBe(expected));
});
