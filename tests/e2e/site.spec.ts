import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { builtPaths, expectNoSeriousA11yViolations } from './helpers';
import { site } from '../../src/site.config';

test('the sitemap lists every public route of the spec', () => {
  expect(builtPaths()).toEqual(
    expect.arrayContaining([
      '/',
      '/articles',
      '/articles/ai-citation-guide',
      '/articles/quick-seo-wins-small-businesses',
      '/articles/server-errors-guide',
      '/articles/ai-search-evolution',
      '/questionnaire',
      '/privacy',
      '/audit',
      '/consultants',
      ...[
        'discovery-workshop',
        'ai-website-optimization',
        'operations-consulting',
        'ai-strategy-training',
        'data-insights',
        'nonprofit-support',
        'ai-implementation-consulting',
        'seo',
      ].map((s) => `/services/${s}`),
    ]),
  );
});

test('routes outside the sitemap answer too', async ({ request }) => {
  for (const path of ['/auth', '/articles/feed.xml', '/sw.js', '/robots.txt', '/llms.txt']) {
    expect((await request.get(path)).status(), path).toBe(200);
  }
});

for (const path of [...builtPaths(), '/missing-page']) {
  test(`${path}: one h1, no horizontal scroll at 360 px, no serious accessibility violations`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    const response = await page.goto(path);
    expect(response?.status()).toBe(path === '/missing-page' ? 404 : 200);
    await expect(page.locator('h1')).toHaveCount(1);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow, 'horizontal overflow').toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page);
  });
}

test('the head carries canonical, social tags and parseable JSON-LD', async ({ page }) => {
  await page.goto('/consultants');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/consultants$/);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
    'content',
    'Meet Our Consultants',
  );
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const types = blocks.map((b) => JSON.parse(b)['@type']);
  expect(types.filter((t) => t === 'Person')).toHaveLength(3);
});

test('the consultants page shows three profiles in the order the spec gives', async ({ page }) => {
  await page.goto('/consultants');
  await expect(page.getByText('Veteran-Owned Business').first()).toBeVisible();
  const cards = page.locator('main article');
  await expect(cards).toHaveCount(3);
  await expect(cards.nth(0).getByRole('img')).toHaveAttribute('loading', 'eager');
  await expect(cards.nth(0).getByRole('link', { name: /LinkedIn/ })).toBeVisible();
  await expect(cards.nth(1).getByRole('img')).toHaveAttribute('loading', 'lazy');
  await expect(cards.nth(1).getByRole('link', { name: /Learn More/ })).toBeVisible();
  await expect(cards.nth(2).getByText('Photo TBD')).toBeVisible();
  await expect(cards.nth(2).getByRole('link')).toHaveCount(0);
});

test('the consultants page says who the firm is and where it is based, as the advisor quotes it', async ({
  page,
}) => {
  await page.goto('/consultants');
  const index = JSON.parse(readFileSync('dist/advisor-index.json', 'utf8'));
  const about = index.docs.find((d: { id: string }) => d.id === 'firm/about');
  expect(about.url).toBe('/consultants');
  for (const line of about.text.split('\n')) await expect(page.locator('main')).toContainText(line);
  await expect(page.locator('main')).toContainText(`based in ${site.address.region}`);
});

test('the privacy page has 14 numbered sections and a fixed last-updated date', async ({
  page,
}) => {
  await page.goto('/privacy');
  const headings = await page.locator('main h2').allTextContents();
  expect(headings).toHaveLength(14);
  headings.forEach((h, i) => expect(h).toMatch(new RegExp(`^${i + 1}\\.`)));
  await expect(page.getByText(/Last updated: November 25, 2026/)).toBeVisible();
  for (const fact of ['3 years', '7 years', '26 months', '16', '30 days']) {
    await expect(page.locator('main')).toContainText(fact);
  }
  // What the advisor's records keep, and for how long.
  await expect(page.locator('main')).toContainText('deleted automatically 90 days after');
  await expect(page.locator('main')).toContainText('email address or phone number in it masked');
});

test('the privacy page names the data controller and gives a direct privacy contact', async ({
  page,
}) => {
  await page.goto('/privacy');
  const contact = page.locator('main');
  await expect(contact).toContainText(
    `Data controller: ${site.legalName}, ${site.address.region}, ${site.address.country}`,
  );
  await expect(contact.getByRole('heading', { name: site.privacy.label })).toBeVisible();
  await expect(contact.getByRole('link', { name: site.privacy.email })).toHaveAttribute(
    'href',
    `mailto:${site.privacy.email}`,
  );
  await expect(page.locator('main')).not.toContainText('listed under General Inquiries');
  // The home contact directory keeps the spec's three entries.
  await page.goto('/');
  const directory = page.locator('main li').filter({ has: page.locator('a[href^="mailto:"]') });
  await expect(directory.getByRole('heading', { level: 3 })).toHaveText([
    'General Inquiries',
    'Sales & Consulting',
    'Billing & Support',
  ]);
});

test('an unknown path shows the 404 page with the path, its cards and noindex', async ({
  page,
}) => {
  const messages: string[] = [];
  page.on('console', (m) => messages.push(m.text()));
  const response = await page.goto('/no/such/page?x=1');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('404').first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Page Not Found');
  await expect(page.locator('#missed-path')).toHaveText('/no/such/page?x=1');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  for (const [name, href] of [
    ['Go Home', '/'],
    ['Read Articles', '/articles'],
    ['Try Audit Tool', '/audit'],
    ['Start Consultation', '/questionnaire'],
  ]) {
    await expect(page.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  for (const href of [
    '/articles/ai-search-evolution',
    '/articles/ai-citation-guide',
    '/articles/quick-seo-wins-small-businesses',
    '/services/ai-website-optimization',
    '/services/operations-consulting',
    '/services/discovery-workshop',
  ]) {
    await expect(page.locator(`main a[href="${href}"]`)).toHaveCount(1);
  }
  expect(messages.some((m) => m.includes('/no/such/page'))).toBe(true);
});

test('robots.txt names the sitemap', async ({ request }) => {
  const body = await (await request.get('/robots.txt')).text();
  expect(body).toMatch(/^Sitemap: https?:\/\/.+\/sitemap-index\.xml$/m);
});
