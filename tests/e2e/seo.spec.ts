import { expect, test } from '@playwright/test';
import { builtPaths } from './helpers';

/**
 * Search results show about 600 px of a title, 55-65 characters; past that the end is cut. Titles
 * aim at 60 and may not pass this bound, suffix (" | <short name>") included.
 */
const TITLE_MAX = 65;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
const decode = (html: string) => html.replace(/&(amp|lt|gt|quot|#39);/g, (_, e) => ENTITIES[e]!);

/** The text of the first match of `re` in `html`, entities decoded. */
const first = (html: string, re: RegExp) => decode(html.match(re)?.[1] ?? '');

test('every page title fits in search results, and social cards carry the same title', async ({
  request,
}) => {
  const paths = [...builtPaths(), '/auth', '/offline', '/missing-page'];
  const titles: Record<string, string> = {};
  for (const path of paths) {
    const html = await (await request.get(path)).text();
    const title = first(html, /<title>([^<]*)<\/title>/);
    titles[path] = title;
    expect(title.length, `${path}: "${title}"`).toBeGreaterThan(10);
    const og = first(html, /<meta property="og:title" content="([^"]*)"/);
    const twitter = first(html, /<meta name="twitter:title" content="([^"]*)"/);
    expect(title, path).toContain(og);
    expect(twitter, path).toBe(og);
  }
  const tooLong = Object.entries(titles).filter(([, t]) => t.length > TITLE_MAX);
  expect(tooLong, `titles over ${TITLE_MAX} characters`).toEqual([]);
});

test('a short search title leaves the long headline in the h1', async ({ page }) => {
  await page.goto('/articles/server-errors-guide');
  await expect(page).toHaveTitle(/^4xx and 5xx Server Errors: An SEO Guide \| /);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Server Errors and SEO: A Plain-English Guide to 4xx and 5xx Problems',
  );
  await page.goto('/services/data-insights');
  await expect(page).toHaveTitle(/^Data Insights: Dashboards and Reports \| /);
});
