import { expect, test } from '@playwright/test';

test('home shows the spec texts in the spec order', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Transform Your Business with AI-Powered Operations',
  );
  await expect(page.getByRole('link', { name: 'Talk to Our AI Advisor' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Explore Our Services' })).toHaveAttribute(
    'href',
    '#services',
  );
  for (const tile of ['AI-First Approach', 'SEO Optimized', 'Growth Focused', 'Results Driven']) {
    await expect(page.getByRole('heading', { name: tile })).toBeVisible();
  }

  const order = [
    'Transform Your Business with AI-Powered Operations',
    'Discovery Workshop',
    'Need Guidance?',
    'Ready to Transform Your Operations?',
    'What is Google talking about?',
    'How to Get AI Systems to Cite Your Website',
    'Frequently Asked Questions',
    'Ask Our AI Expert Consultant',
    'Contact us',
  ];
  const headings = await page.getByRole('heading').allTextContents();
  const positions = order.map((text) => headings.findIndex((h) => h.trim() === text));
  positions.forEach((p, i) => expect(p, `heading "${order[i]}"`).toBeGreaterThanOrEqual(0));
  expect([...positions].sort((a, b) => a - b)).toEqual(positions);
});

test('the services grid has seven cards, the first featured with Book Discovery', async ({
  page,
}) => {
  await page.goto('/');
  const cards = page.locator('#services li article');
  await expect(cards).toHaveCount(7);
  const first = cards.first();
  await expect(first).toContainText('Foundation Service');
  await expect(first).toContainText('$750 starting value');
  await expect(first.getByRole('link', { name: /^Book Discovery/ })).toHaveAttribute(
    'href',
    '/services/discovery-workshop',
  );
  const titles = await cards.locator('h3').allTextContents();
  expect(titles.map((t) => t.trim())).toEqual([
    'Discovery Workshop',
    'AI Website Optimization & SEO Guidance',
    'Operations Consulting',
    'AI Strategy & Training',
    'Data Insights & Analytics',
    'Nonprofit Support Services',
    'AI Implementation Consulting',
  ]);
  for (let i = 1; i < 7; i++)
    await expect(cards.nth(i).getByRole('link', { name: /^Learn More/ })).toBeVisible();
});

test('calls to action and featured articles point where the spec says', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Ask the AI Advisor' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start Strategic Consultation' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Read the breakdown' })).toHaveAttribute(
    'href',
    '/articles/ai-search-evolution',
  );
  const insights = page.locator('#insights');
  await expect(insights.getByText('Expert Insights')).toBeVisible();
  await expect(insights.getByRole('link', { name: 'View all articles' })).toHaveAttribute(
    'href',
    '/articles',
  );
  const cite = insights.locator('article', {
    hasText: 'How to Get AI Systems to Cite Your Website',
  });
  await expect(cite).toContainText('12 min read');
  await expect(cite).toContainText('New');
  const shift = insights.locator('article', { hasText: 'The Shift from Old SEO to AI Search' });
  await expect(shift).toContainText('8 min read');
  await expect(shift).toContainText('Popular');
  await expect(page.getByRole('link', { name: 'Chat with our AI advisor' })).toBeVisible();
  for (const label of ['General Inquiries', 'Sales & Consulting', 'Billing & Support']) {
    await expect(page.getByRole('heading', { name: label })).toBeVisible();
  }
  await expect(page.locator('footer')).toContainText('© 2024');
  await expect(page.locator('footer')).toContainText('Simple Strategy. Smart Growth.');
});

test('the FAQ has nine questions, opens one at a time and collapses', async ({ page }) => {
  await page.goto('/');
  const items = page.locator('#faq details');
  await expect(items).toHaveCount(9);
  await items.nth(0).locator('summary').click();
  await expect(items.nth(0)).toHaveAttribute('open', '');
  await items.nth(3).locator('summary').click();
  await expect(items.nth(3)).toHaveAttribute('open', '');
  await expect(items.nth(0)).not.toHaveAttribute('open', '');
  await items.nth(3).locator('summary').click();
  await expect(page.locator('#faq details[open]')).toHaveCount(0);
});

test('structured data describes the Michigan business and the website search action', async ({
  page,
}) => {
  await page.goto('/');
  const data = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
    (t) => JSON.parse(t),
  );
  const business = data.find((d) => d['@type'] === 'ProfessionalService');
  expect(business.address.addressRegion).toBe('MI');
  expect(business.address.addressCountry).toBe('US');
  expect(business.priceRange).toBe('$1500-$10000');
  const website = data.find((d) => d['@type'] === 'WebSite');
  expect(website.potentialAction['@type']).toBe('SearchAction');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/$/);
});
