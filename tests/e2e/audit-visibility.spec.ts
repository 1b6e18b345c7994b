import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './helpers';
import { PATIENCE } from '../browser.mjs';

/**
 * The AI-visibility part of the /audit report, against the built site served by wrangler: the
 * function fetches a neglected fixture website (tests/e2e/stubs/audit-sites.cjs) and this site
 * itself, both on loopback and allowed by AUDIT_ALLOW_HOSTS in playwright.config.ts.
 */
const PORT = Number(process.env.E2E_PORT ?? 8788);
const SITE = `http://127.0.0.1:${process.env.E2E_AUDIT_SITE_PORT ?? PORT + 4}/`;

const results = (page: Page) => page.getByRole('region', { name: 'Audit Results' });
const report = (page: Page) => page.getByRole('region', { name: 'AI visibility' });

/** Audits `url` through the island, as a visitor's shared link would. */
async function auditInBrowser(page: Page, url: string) {
  await page.goto(`/audit?url=${encodeURIComponent(url)}`);
  await expect(results(page)).toBeVisible({ timeout: 20_000 * PATIENCE });
}

test('a neglected site: the AI visibility grade beside PageSpeed, the fixes first, then every check by group', async ({
  page,
}) => {
  await auditInBrowser(page, SITE);
  await expect(results(page).getByText('Overall grade')).toBeVisible();
  await expect(results(page).getByText('AI visibility grade F')).toBeVisible();

  const fixes = report(page).getByRole('heading', { name: 'The fixes that matter most' });
  await expect(fixes).toBeVisible();
  const top = report(page).locator('ol > li');
  await expect(top).toHaveCount(3);
  // robots.txt blocks Bingbot (20 points lost) and the page says noindex (14): they lead.
  await expect(top.nth(0)).toContainText('AI crawler access:');
  await expect(top.nth(1)).toContainText('Title, description and indexing:');

  const groups = report(page).getByRole('heading', { level: 4 });
  await expect(groups).toHaveText([
    'The fixes that matter most',
    'AI crawlers',
    'Search basics',
    'Page structure',
  ]);
  const checks = report(page).getByRole('heading', { level: 5 });
  await expect(checks).toHaveText([
    'AI crawler access',
    'Content signals',
    'llms.txt',
    'Markdown version',
    'Secure connection (HTTPS)',
    'Page response',
    'Sitemap',
    'Title, description and indexing',
    'Structured data',
    'Headings',
    'Sharing tags (Open Graph)',
  ]);

  const crawlers = report(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'AI crawler access' }) });
  // The status is written out, not only coloured.
  await expect(crawlers.getByText('Failed', { exact: true })).toBeVisible();
  await expect(crawlers).toContainText('robots.txt blocks Bingbot');
  await expect(crawlers).toContainText('Why it matters:');
  await expect(crawlers).toContainText('How to fix it:');
  await crawlers.getByText('What we found').click();
  await expect(crawlers.getByRole('definition').filter({ hasText: 'Blocked' })).toHaveCount(3);

  const response = report(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Page response' }) });
  await expect(response.getByText('Needs attention', { exact: true })).toBeVisible();
  await expect(response).toContainText('temporary');

  // Each check links to the section of our guide that explains it, and the section exists.
  const links = report(page).getByRole('link', { name: /^Learn more: / });
  await expect(links).toHaveCount(11);
  const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
  for (const href of hrefs) expect(href).toMatch(/^\/articles\/[a-z0-9-]+#[a-z0-9-]+$/);
  await expect(report(page).getByRole('link', { name: /^Recommended: / })).toHaveAttribute(
    'href',
    '/services/ai-website-optimization',
  );
  await expectNoSeriousA11yViolations(page);

  await crawlers.getByRole('link', { name: /^Learn more: / }).click();
  await expect(page).toHaveURL(/\/articles\/ai-citation-guide#step-1-let-the-right-crawlers-in$/);
  await expect(page.locator('#step-1-let-the-right-crawlers-in')).toBeVisible();
});

test('this site passes its own checks that do not depend on where it is deployed', async ({
  page,
}) => {
  // Served here on plain http at 127.0.0.1, built for https://www.example.com: HTTPS and HSTS
  // come from Cloudflare in production, and the canonical tags and sitemap name the production
  // origin (self-audit.spec.ts audits a build made for its own address).
  await auditInBrowser(page, `http://127.0.0.1:${PORT}/articles/ai-citation-guide`);
  await expect(results(page).getByText('AI visibility grade')).toBeVisible();
  const passed = [
    'AI crawler access',
    'Content signals',
    'llms.txt',
    'Markdown version',
    'Page response',
    'Structured data',
    'Headings',
    'Sharing tags (Open Graph)',
  ];
  for (const name of passed) {
    const item = report(page)
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name, exact: true }) });
    await expect(item.getByText('Passed', { exact: true }), name).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page);
});
