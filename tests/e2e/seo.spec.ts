import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { builtPaths } from './helpers';

/**
 * Search results show about 600 px of a title, 55-65 characters; past that the end is cut. Titles
 * aim at 60 and may not pass this bound, suffix (" | <short name>") included.
 */
const TITLE_MAX = 65;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
const decode = (html: string) => html.replace(/&(amp|lt|gt|quot|#39);/g, (_, e) => ENTITIES[e]);

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

const articlePaths = builtPaths().filter((p) => /^\/articles\/[^/]+$/.test(p));

test('every article shares as itself: its own 1200x630 image in the social tags and its data', async ({
  page,
  request,
}) => {
  expect(articlePaths.length).toBeGreaterThanOrEqual(4);
  const images = new Set<string>();
  for (const path of articlePaths) {
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    await page.goto(path);
    const slug = path.split('/').pop()!;
    const meta = (selector: string) => page.locator(selector).getAttribute('content');
    const og = await meta('meta[property="og:image"]');
    expect(new URL(og!).pathname, path).toBe(`/og/articles/${slug}.jpg`);
    expect(await meta('meta[name="twitter:image"]')).toBe(og);
    expect(await meta('meta[property="og:image:width"]')).toBe('1200');
    expect(await meta('meta[property="og:image:height"]')).toBe('630');
    const h1 = await page.getByRole('heading', { level: 1 }).textContent();
    expect(await meta('meta[property="og:image:alt"]')).toContain(h1!);
    expect(await meta('meta[name="twitter:image:alt"]')).toBe(
      await meta('meta[property="og:image:alt"]'),
    );
    const data = await page.locator('script[type="application/ld+json"]').allTextContents();
    const article = data.map((d) => JSON.parse(d)).find((d) => d['@type'] === 'Article');
    expect(article.image).toBe(og);
    // The page itself never downloads its share image.
    expect(requested).not.toContain(`/og/articles/${slug}.jpg`);
    page.removeAllListeners('request');

    const response = await request.get(new URL(og!).pathname);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('image/jpeg');
    const body = await response.body();
    const info = await sharp(body).metadata();
    expect([info.format, info.width, info.height]).toEqual(['jpeg', 1200, 630]);
    images.add(body.toString('base64'));
  }
  expect(images.size, 'each article has an image of its own').toBe(articlePaths.length);
});

test('other pages share the default 1200x630 card', async ({ page }) => {
  await page.goto('/services/seo');
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    'content',
    /\/og-default\.jpg$/,
  );
  await expect(page.locator('meta[property="og:image:width"]')).toHaveAttribute('content', '1200');
  await expect(page.locator('meta[property="og:image:alt"]')).toHaveAttribute('content', /.{10,}/);
});
