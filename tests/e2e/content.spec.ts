import { expect, test, type Page } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import { brokenLinks } from '../../src/lib/links';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { PRICED_SERVICES, UNPRICED_SERVICE, amount } from '../fixtures/services';
import { expectNoSeriousA11yViolations } from './helpers';
import { PATIENCE } from '../browser.mjs';

/** The spec's facts per article (routes table and article list table). */
const ARTICLES = [
  {
    slug: 'ai-citation-guide',
    author: 'consultant-two',
    title: 'How to Get AI Systems to Cite Your Website',
    category: 'AI Optimization',
    date: 'August 29, 2025',
    iso: '2025-08-29',
    readTime: '12 min read',
    crumb: 'guide',
    back: { name: 'Back to Articles', href: '/articles' },
    takeaways: true,
    faq: 0,
    bodyWord: 'bylines',
  },
  {
    slug: 'quick-seo-wins-small-businesses',
    author: 'consultant-two',
    title: 'Quick SEO Wins for Small Businesses: What to Fix This Month',
    category: 'SEO Strategy',
    date: 'August 31, 2025',
    iso: '2025-08-31',
    readTime: '15 min read',
    crumb: 'Quick SEO Wins for Small Businesses: What to Fix This Month',
    back: { name: 'Back to Articles', href: '/articles' },
    takeaways: true,
    faq: 5,
    bodyWord: 'cabinets',
  },
  {
    slug: 'server-errors-guide',
    author: 'consultant-two',
    title: 'Server Errors and SEO: A Plain-English Guide to 4xx and 5xx Problems',
    category: 'Technical SEO',
    date: 'August 31, 2025',
    iso: '2025-08-31',
    readTime: '8 min read',
    crumb: 'Server Errors and SEO: A Plain-English Guide to 4xx and 5xx Problems',
    back: { name: 'Back to Articles', href: '/articles' },
    takeaways: true,
    faq: 0,
    bodyWord: 'dressed',
  },
  {
    slug: 'ai-search-evolution',
    author: 'consultant-one',
    title: 'The Shift from Old SEO to AI Search',
    category: 'SEO Strategy',
    date: 'August 28, 2025',
    iso: '2025-08-28',
    readTime: '8 min read',
    crumb: 'The Shift from Old SEO to AI Search',
    back: { name: 'Back to Home', href: '/' },
    takeaways: true,
    faq: 0,
    bodyWord: 'conditioner',
  },
] as const;

const SERVICE_SLUGS = [...PRICED_SERVICES.map((s) => s.slug), UNPRICED_SERVICE];

const SCRIPT_FREE_PAGES = [
  '/articles',
  ...ARTICLES.map((a) => `/articles/${a.slug}`),
  ...SERVICE_SLUGS.map((slug) => `/services/${slug}`),
  '/privacy',
  '/consultants',
];

/** The example team, as the consultants page and article bylines show it. */
const consultants: { id: string; name: string; title: string; link?: { url: string } }[] = parse(
  readFileSync(new URL('../../src/content/consultants.yaml', import.meta.url), 'utf8'),
);

/** Inline JavaScript budget for script-free pages (gzip bytes). */
const INLINE_SCRIPT_BUDGET = 1536;

async function jsonLd(page: Page): Promise<Record<string, any>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((b) => JSON.parse(b));
}

test.describe('article list', () => {
  test('shows breadcrumb, header and the four cards newest first with their spec facts', async ({
    page,
  }) => {
    await page.goto('/articles');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(crumbs.getByText('Articles')).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Articles');

    const cards = page.locator('main li article').filter({ has: page.getByRole('link') });
    await expect(cards).toHaveCount(4);
    // Newest first; the two August 31 articles are ordered by title.
    const expected = [ARTICLES[1], ARTICLES[2], ARTICLES[0], ARTICLES[3]];
    for (const [i, a] of expected.entries()) {
      const card = cards.nth(i);
      await expect(card.getByRole('link', { name: a.title })).toHaveAttribute(
        'href',
        `/articles/${a.slug}`,
      );
      await expect(card).toContainText(a.category);
      await expect(card).toContainText(a.date);
      await expect(card).toContainText(a.readTime);
    }
    await expect(page.getByRole('heading', { name: 'Stay Updated' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('the grid has two columns on a wide screen', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/articles');
    const boxes = await page
      .locator('main ul > li')
      .evaluateAll((items) => items.slice(0, 2).map((li) => li.getBoundingClientRect().top));
    expect(boxes[0]).toBe(boxes[1]);
    const third = await page.locator('main ul > li').nth(2).boundingBox();
    expect(third!.y).toBeGreaterThan(boxes[0]);
  });
});

test.describe('article pages', () => {
  for (const a of ARTICLES) {
    test(`${a.slug} shows its spec facts, calls to action and head data`, async ({ page }) => {
      const response = await page.goto(`/articles/${a.slug}`);
      expect(response?.status()).toBe(200);
      const main = page.locator('main');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(a.title);
      const header = main.locator('article > header');
      await expect(header.locator(`time[datetime="${a.iso}"]`)).toHaveText(a.date);
      await expect(header.getByText(a.readTime, { exact: true })).toBeVisible();
      await expect(header.getByText(a.category, { exact: true })).toBeVisible();

      const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
      await expect(crumbs.getByRole('link')).toHaveText(['Home', 'Articles']);
      await expect(crumbs.locator('[aria-current="page"]')).toHaveText(a.crumb);
      await expect(page.getByRole('link', { name: a.back.name })).toHaveAttribute(
        'href',
        a.back.href,
      );

      const hero = main.locator('img').first();
      await expect(hero).toHaveAttribute('loading', 'eager');
      await expect(hero).toHaveAttribute('alt', /.{10,}/);
      await expect(page.getByRole('heading', { name: 'Key Takeaways' })).toHaveCount(
        a.takeaways ? 1 : 0,
      );

      const faq = page.getByRole('heading', { name: 'Frequently Asked Questions', exact: true });
      if (a.faq > 0) {
        await expect(faq).toBeVisible();
        await expect(main.locator('details')).toHaveCount(a.faq);
      } else {
        await expect(faq).toHaveCount(0);
      }

      await expect(
        page.getByRole('link', { name: 'Book a Consultation', exact: true }),
      ).toHaveAttribute('href', `/questionnaire?from=${a.slug}`);
      await expect(page.getByRole('button', { name: 'Subscribe for Updates' })).toBeVisible();

      const related = page.locator('section[aria-labelledby="related-heading"] li');
      await expect(related).toHaveCount(3);
      await expect(related.getByRole('link', { name: a.title })).toHaveCount(0);

      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        'href',
        new RegExp(`/articles/${a.slug}$`),
      );
      await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
      await expect(page.locator('meta[name="keywords"]')).toHaveAttribute('content', /.+/);
      const data = await jsonLd(page);
      const article = data.find((d) => d['@type'] === 'Article')!;
      expect(article.headline).toBe(a.title);
      expect(article.datePublished).toBe(a.iso);
      expect(article.wordCount).toBeGreaterThan(1800);
      // Search engines get the full title even where the visible crumb is the spec's short one.
      const breadcrumb = data.find((d) => d['@type'] === 'BreadcrumbList')!;
      expect(breadcrumb.itemListElement.map((i: any) => i.name)).toEqual([
        'Home',
        'Articles',
        a.title,
      ]);

      // The byline names the consultant and links to their profile, which exists.
      const consultant = consultants.find((c) => c.id === a.author)!;
      const byline = header.getByRole('link', { name: consultant.name });
      await expect(byline).toHaveAttribute('href', `/consultants#${a.author}`);
      await expect(header).toContainText(`By ${consultant.name}, ${consultant.title}`);
      expect(article.author).toMatchObject({
        '@type': 'Person',
        name: consultant.name,
        jobTitle: consultant.title,
        url: expect.stringMatching(new RegExp(`/consultants#${a.author}$`)),
      });
      expect(article.author.sameAs ?? []).toEqual(consultant.link ? [consultant.link.url] : []);
      const faqLd = data.find((d) => d['@type'] === 'FAQPage');
      expect(faqLd?.mainEntity.length ?? 0).toBe(a.faq);
    });
  }

  test('a byline leads to its author on the consultants page', async ({ page }) => {
    await page.goto('/articles/server-errors-guide');
    await page.locator('article > header').getByRole('link', { name: 'Jordan Example' }).click();
    await expect(page).toHaveURL(/\/consultants#consultant-two$/);
    const card = page.locator('#consultant-two');
    await expect(card.getByRole('heading', { name: 'Jordan Example' })).toBeInViewport();
    // The Person in the consultants page's data is the one the Article names as its author.
    const people = (await jsonLd(page)).filter((d) => d['@type'] === 'Person');
    expect(people.map((p) => new URL(p['@id']).hash)).toContain('#consultant-two');
  });

  test('ai-search-evolution has the six sections the spec lists and about 3,200 words', async ({
    page,
  }) => {
    await page.goto('/articles/ai-search-evolution');
    const sections = await page.locator('.prose-body h2').allTextContents();
    for (const pattern of [/keyword/i, /AI explosion/i, /AEO.*GEO.*AIO/, /less traffic/i]) {
      expect(sections.some((s) => pattern.test(s))).toBe(true);
    }
    expect(sections.some((s) => /seven practical steps/i.test(s))).toBe(true);
    expect(sections.at(-1)).toMatch(/bottom line/i);
    const external = await page.locator('.prose-body a[href^="https://"]').count();
    expect(external).toBeGreaterThanOrEqual(10);
    const article = (await jsonLd(page)).find((d) => d['@type'] === 'Article')!;
    expect(article.wordCount).toBeGreaterThan(3000);
    expect(article.wordCount).toBeLessThan(3500);
  });

  test('long articles have a table of contents whose links reach anchored headings', async ({
    page,
  }) => {
    await page.goto('/articles/ai-citation-guide');
    const toc = page.getByRole('navigation', { name: 'In this article' });
    const links = toc.getByRole('link');
    expect(await links.count()).toBeGreaterThanOrEqual(4);
    for (const href of await links.evaluateAll((l) => l.map((a) => a.getAttribute('href')!))) {
      const heading = page.locator(`h2${href}`);
      await expect(heading).toHaveCount(1);
      // Each section heading carries a link to itself for sharing.
      await expect(page.locator(`.prose-body a[href="${href}"]`)).toHaveCount(1);
    }
    await links.nth(2).click();
    await expect(page).toHaveURL(/#step-1-let-the-right-crawlers-in$/);
  });
});

test.describe('service pages', () => {
  for (const s of PRICED_SERVICES) {
    test(`${s.slug} shows its price, scope, range, call to action and Service JSON-LD`, async ({
      page,
    }) => {
      const response = await page.goto(`/services/${s.slug}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
      await expect(crumbs.getByRole('link')).toHaveText(['Home', 'Services']);
      await expect(crumbs.getByRole('link', { name: 'Services' })).toHaveAttribute(
        'href',
        '/#services',
      );
      expect(await page.locator('main article').count()).toBeGreaterThanOrEqual(3);

      const investment = page.getByRole('complementary', { name: 'Investment' });
      await expect(investment).toContainText(s.price);
      for (const item of s.scope) await expect(investment).toContainText(item);
      await expect(investment).toContainText(s.range);

      const ctas = page.getByRole('link', { name: 'Start Your Consultation' });
      expect(await ctas.count()).toBeGreaterThanOrEqual(1);
      for (const href of await ctas.evaluateAll((l) => l.map((a) => a.getAttribute('href')))) {
        expect(href).toBe(`/questionnaire?from=${s.slug}`);
      }

      const data = await jsonLd(page);
      const service = data.find((d) => d['@type'] === 'Service')!;
      expect(service.offers.price).toBe(amount(s.price));
      expect(service.offers.priceCurrency).toBe('USD');
      const [min, max] = s.range.split('-').map(amount);
      expect(service.offers.priceSpecification).toMatchObject({ minPrice: min, maxPrice: max });
      expect(data.some((d) => d['@type'] === 'BreadcrumbList')).toBe(true);
    });
  }

  test('seo is the ongoing monthly service: no price, how it is quoted, and its call to action', async ({
    page,
  }) => {
    const response = await page.goto(`/services/${UNPRICED_SERVICE}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link')).toHaveText(['Home', 'Services']);
    expect(await page.locator('main article').count()).toBeGreaterThanOrEqual(3);

    // The spec gives this service no price, so the page states none.
    await expect(page.getByRole('complementary', { name: 'Investment' })).toHaveCount(0);
    await expect(page.locator('main')).not.toContainText('Starting at');
    await expect(page.locator('main')).not.toContainText('$');
    const pricing = page.getByRole('heading', { name: 'How it is priced' });
    await expect(pricing).toBeVisible();
    await expect(page.locator('.prose-body')).toContainText('billed monthly');
    await expect(page.locator('.prose-body')).toContainText('monthly fee');

    const ctas = page.getByRole('link', { name: 'Start Your Consultation' });
    expect(await ctas.count()).toBeGreaterThanOrEqual(1);
    for (const href of await ctas.evaluateAll((l) => l.map((a) => a.getAttribute('href')))) {
      expect(href).toBe(`/questionnaire?from=${UNPRICED_SERVICE}`);
    }

    const data = await jsonLd(page);
    const service = data.find((d) => d['@type'] === 'Service')!;
    expect(service.name).toBeTruthy();
    expect(service.offers).toBeUndefined();
  });

  test('the two search services each say when to choose the other', async ({ page }) => {
    for (const [from, to] of [
      ['seo', '/services/ai-website-optimization'],
      ['ai-website-optimization', '/services/seo'],
    ]) {
      await page.goto(`/services/${from}`);
      const body = page.locator('.prose-body');
      await expect(body.getByRole('heading', { level: 2, name: /SEO Services/ })).toBeVisible();
      expect(await body.locator(`a[href="${to}"]`).count(), from).toBeGreaterThanOrEqual(1);
    }
    // Only the optimization project carries the spec's numbers.
    await page.goto('/services/ai-website-optimization');
    const investment = page.getByRole('complementary', { name: 'Investment' });
    for (const fact of ['$2,500', 'Up to 20 pages', '3 months of monitoring', '$2,500-$8,000']) {
      await expect(investment).toContainText(fact);
    }
  });

  test('the training formats and the 30-minute nonprofit assessment are stated', async ({
    page,
  }) => {
    await page.goto('/services/ai-strategy-training');
    for (const format of ['2-4 hours', '4-6 sessions', '1-2 days']) {
      await expect(page.locator('main')).toContainText(format);
    }
    await page.goto('/services/nonprofit-support');
    await expect(page.locator('main')).toContainText('30-minute');
    await expect(page.locator('main')).toContainText('20-30%');
  });
});

test('article, service, list, privacy and consultants pages load no script file', async ({
  page,
}) => {
  const scriptRequests: string[] = [];
  const analytics: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scriptRequests.push(r.url());
    if (r.url().includes('/api/analytics/event')) analytics.push(r.url());
  });
  for (const path of SCRIPT_FREE_PAGES) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('script[src]'), path).toHaveCount(0);
    // This build has no PUBLIC_ANALYTICS: no event addresses on links or buttons.
    await expect(page.locator('[ping], [data-ping]'), path).toHaveCount(0);
    await expect(page.locator('script[type="module"]'), path).toHaveCount(0);
    const inline = await page
      .locator('script:not([type]), script[type="text/javascript"]')
      .allTextContents();
    const gzipped = gzipSync(inline.join('\n')).length;
    expect(gzipped, `inline script on ${path}`).toBeLessThanOrEqual(INLINE_SCRIPT_BUDGET);
  }
  expect(scriptRequests).toEqual([]);
  expect(analytics, 'analytics events on a build without PUBLIC_ANALYTICS').toEqual([]);
});

test('article, service, list, privacy and consultants pages fetch no stylesheet and are styled', async ({
  page,
}) => {
  const stylesheets: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'stylesheet' || r.resourceType() === 'font') stylesheets.push(r.url());
  });
  for (const path of SCRIPT_FREE_PAGES) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('link[rel="stylesheet"]'), path).toHaveCount(0);
    // The inline stylesheet applies: the navigation bar is fixed and the main landmark clears it.
    await expect(page.locator('#site-nav'), path).toHaveCSS('position', 'fixed');
    await expect(page.locator('main'), path).toHaveCSS('padding-top', '64px');
  }
  expect(stylesheets).toEqual([]);
});

test('every link inside article and service content resolves or is external', async ({ page }) => {
  const hrefs: string[] = [];
  for (const path of [
    ...ARTICLES.map((a) => `/articles/${a.slug}`),
    ...SERVICE_SLUGS.map((slug) => `/services/${slug}`),
  ]) {
    await page.goto(path);
    const content = page.locator(
      '.prose-body a[href], section[aria-labelledby="sources-heading"] a[href]',
    );
    hrefs.push(...(await content.evaluateAll((l) => l.map((a) => a.getAttribute('href')!))));
  }
  expect(hrefs.length).toBeGreaterThan(50);
  const statusOf = async (path: string) =>
    (await page.request.get(path, { maxRedirects: 0 })).status();
  const html = new Map<string, string>();
  const hasAnchor = async (path: string, id: string) => {
    if (!html.has(path)) html.set(path, await (await page.request.get(path)).text());
    return html.get(path)!.includes(` id="${id}"`);
  };
  expect(
    hrefs.some((h) => /^\/[^#]+#/.test(h)),
    'some links point into other pages',
  ).toBe(true);
  expect(await brokenLinks(hrefs, statusOf, hasAnchor)).toEqual([]);
});

test('the feed is RSS 2.0 with four full items whose links resolve', async ({ page }) => {
  const response = await page.request.get('/articles/feed.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/xml/);
  await page.goto('/articles');
  const feed = await page.evaluate(async () => {
    const xml = await (await fetch('/articles/feed.xml')).text();
    const doc = new DOMParser().parseFromString(xml, 'application/xml');
    if (doc.querySelector('parsererror')) return null;
    const text = (el: Element, name: string) =>
      [...el.children].find((c) => c.tagName === name)?.textContent ?? '';
    return {
      root: doc.documentElement.tagName,
      version: doc.documentElement.getAttribute('version'),
      channelTitle: text(doc.querySelector('channel')!, 'title'),
      items: [...doc.querySelectorAll('channel > item')].map((item) => ({
        title: text(item, 'title'),
        link: text(item, 'link'),
        pubDate: text(item, 'pubDate'),
        category: text(item, 'category'),
        description: text(item, 'description'),
        content: text(item, 'content:encoded'),
      })),
    };
  });
  expect(feed, 'feed parses as XML').not.toBeNull();
  expect(feed!.root).toBe('rss');
  expect(feed!.version).toBe('2.0');
  expect(feed!.channelTitle).not.toBe('');
  expect(feed!.items).toHaveLength(4);
  for (const a of ARTICLES) {
    const item = feed!.items.find((i) => i.title === a.title)!;
    expect(item, a.slug).toBeDefined();
    const link = new URL(item.link);
    expect(link.pathname).toBe(`/articles/${a.slug}`);
    expect(new Date(item.pubDate).toISOString().slice(0, 10)).toBe(a.iso);
    expect(item.category).toBe(a.category);
    expect(item.description.length).toBeGreaterThan(50);
    // Full content, with links that work outside the site.
    expect(item.content).toContain('<h2');
    expect(item.content.length).toBeGreaterThan(5000);
    expect(item.content).not.toMatch(/(href|src)="\/(?!\/)/);
    expect((await page.request.get(link.pathname)).status()).toBe(200);
  }
});

test('every page links the feed in its head', async ({ page }) => {
  for (const path of ['/', '/articles', '/services/seo']) {
    await page.goto(path);
    await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
      'href',
      /\/articles\/feed\.xml$/,
    );
  }
});

test.describe('subscribe dialog', () => {
  test('opens from the list, copies the feed address and confirms for 2 seconds', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/articles');
    const trigger = page.getByRole('button', { name: 'Subscribe for Updates' });
    await trigger.click();
    const dialog = page.getByRole('dialog', { name: 'Subscribe to our articles' });
    await expect(dialog).toBeVisible();
    const address = dialog.getByRole('textbox', { name: 'Feed address' });
    await expect(address).toHaveValue(/^https?:\/\/[^/]+\/articles\/feed\.xml$/);
    await expectNoSeriousA11yViolations(page);

    await dialog.getByRole('button', { name: 'Copy' }).click();
    const status = dialog.getByRole('status');
    await expect(status).toHaveText('Copied!');
    const shownAt = Date.now();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      await address.inputValue(),
    );
    await expect(status).toHaveText('', { timeout: 5000 * PATIENCE });
    const shownFor = Date.now() - shownAt;
    expect(shownFor).toBeGreaterThan(1500);
    expect(shownFor).toBeLessThan(3000);

    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test('a failed copy is only logged', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', {
        value: { writeText: () => Promise.reject(new Error('denied')) },
      });
    });
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto('/articles/server-errors-guide');
    await page.getByRole('button', { name: 'Subscribe for Updates' }).click();
    const dialog = page.getByRole('dialog', { name: 'Subscribe to our articles' });
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await expect.poll(() => errors.join('\n')).toContain('Could not copy the feed address');
    await expect(dialog.getByRole('status')).toHaveText('');
    await expect(dialog).toBeVisible();
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the dialog still opens and shows the address', async ({ page }) => {
      await page.goto('/articles');
      await page.getByRole('button', { name: 'Subscribe for Updates' }).click();
      const dialog = page.getByRole('dialog', { name: 'Subscribe to our articles' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('textbox', { name: 'Feed address' })).toHaveValue(
        /\/articles\/feed\.xml$/,
      );
      // Copying needs JavaScript, so the button is not offered.
      await expect(dialog.getByRole('button', { name: 'Copy' })).toHaveCount(0);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();
    });
  });
});

test.describe('search', () => {
  for (const a of ARTICLES) {
    test(`finds ${a.slug} by a word from its body`, async ({ page }) => {
      await page.goto(`/search?q=${a.bodyWord}`);
      await expect(page.getByRole('searchbox', { name: 'Search terms' })).toHaveValue(a.bodyWord);
      await expect(page.getByRole('status')).toContainText(/\d+ results? for/);
      await expect(
        page.locator('#search-results').getByRole('link', { name: a.title }),
      ).toHaveAttribute('href', `/articles/${a.slug}`);
    });
  }

  test('the form runs a query, updates the address and reports no results', async ({ page }) => {
    await page.goto('/search');
    const box = page.getByRole('searchbox', { name: 'Search terms' });
    await box.fill('investment dashboards');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=investment\+dashboards$/);
    await expect(
      page.locator('#search-results').getByRole('link').filter({ hasText: /./ }).first(),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await box.fill('zzzqqqxxy');
    await box.press('Enter');
    await expect(page.getByRole('status')).toHaveText('No results for “zzzqqqxxy”.');
    await expect(page.locator('#search-results li')).toHaveCount(0);
  });
});

test('llms.txt summarises the firm, its services with prices and every article', async ({
  request,
}) => {
  const response = await request.get('/llms.txt');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^text\/plain/);
  const body = await response.text();
  expect(body).toMatch(/^# .+\n\n> .+/);
  for (const s of PRICED_SERVICES) {
    expect(body).toContain(`/services/${s.slug}.md)`);
    expect(body).toContain(`Starting at ${s.price}`);
  }
  const seoLine = body.split('\n').find((l) => l.includes(`/services/${UNPRICED_SERVICE}.md)`));
  expect(seoLine).toBeDefined();
  expect(seoLine).not.toContain('Starting at');
  for (const a of ARTICLES) expect(body).toContain(`[${a.title}](`);
});

test('an article and a service page have no serious accessibility violations', async ({ page }) => {
  for (const path of [
    '/articles/quick-seo-wins-small-businesses',
    '/services/discovery-workshop',
  ]) {
    await page.goto(path);
    await expectNoSeriousA11yViolations(page);
  }
});
