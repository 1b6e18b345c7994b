import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Paths of every page in the built sitemap, so new routes are covered without editing tests. */
export async function sitemapPaths(page: Page): Promise<string[]> {
  const index = await (await page.request.get('/sitemap-index.xml')).text();
  const paths: string[] = [];
  for (const [, loc] of index.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const xml = await (await page.request.get(new URL(loc!).pathname)).text();
    for (const [, url] of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) paths.push(new URL(url!).pathname);
  }
  return paths;
}

/** Fails on any serious or critical axe violation, listing them. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'best-practice'])
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')})`,
    );
  expect(serious, `axe violations on ${page.url()}`).toEqual([]);
}
