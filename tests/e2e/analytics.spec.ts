import type { Page, Request } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import { expect, test } from './accounts-site';

/** The analytics events the page sent, as the browser sent them, and the function's answers. */
async function recordEvents(page: Page) {
  // This page's own client address (wrangler passes CF-Connecting-IP on), so the analytics
  // allowance the rest of the suite spends from 127.0.0.1 is not this test's.
  const client = { 'CF-Connecting-IP': `198.51.100.${Math.floor(Math.random() * 250) + 1}` };
  await page.setExtraHTTPHeaders(client);
  const sent: Request[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/analytics/event') sent.push(r);
  });
  const events = (): Record<string, string>[] =>
    sent.map((r) => ({
      method: r.method(),
      ...Object.fromEntries(new URL(r.url()).searchParams),
    }));
  // Beacons and pings sent as a page unloads may never show their answer to the test, so each
  // recorded event is sent again as recorded and the function's answer checked.
  const statuses = () =>
    Promise.all(
      sent.map(async (r) => (await page.request.post(r.url(), { headers: client })).status()),
    );
  return { events, statuses };
}

const ARTICLE = {
  path: '/articles/ai-citation-guide',
  title: 'How to Get AI Systems to Cite Your Website',
};

test('an article page reports its view and both calls to action, with no script file', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
  const { events, statuses } = await recordEvents(page);
  await page.goto(ARTICLE.path);
  const title = await page.title();
  await expect
    .poll(events)
    .toContainEqual({ method: 'POST', name: 'page_view', path: ARTICLE.path, title });

  await page.getByRole('button', { name: 'Subscribe for Updates' }).click();
  await expect(page.getByRole('dialog', { name: 'Subscribe to our articles' })).toBeVisible();
  await expect.poll(events).toContainEqual({
    method: 'POST',
    name: 'subscribe_click',
    category: 'Articles',
    label: ARTICLE.title,
    path: ARTICLE.path,
  });
  await page.keyboard.press('Escape');
  // The article page itself loaded no script file for any of this, and its inline scripts keep
  // within the 1.5 KB gzip budget of script-free pages.
  expect(scripts).toEqual([]);
  const inline = await page.locator('script:not([type])').allTextContents();
  expect(gzipSync(inline.join('\n')).length).toBeLessThanOrEqual(1536);

  // The link's own ping attribute reports the click; the browser sends it as it follows the link.
  const cta = page.getByRole('link', { name: 'Book a Consultation', exact: true });
  await expect(cta).toHaveAttribute('ping', /^\/api\/analytics\/event\?/);
  await cta.click();
  await expect(page).toHaveURL(/\/questionnaire\?from=ai-citation-guide$/);
  await expect.poll(events).toContainEqual({
    method: 'POST',
    name: 'consultation_click',
    category: 'Articles',
    label: ARTICLE.title,
    path: ARTICLE.path,
  });
  // The function accepted every event.
  expect([...new Set(await statuses())]).toEqual([204]);
});

test('the article list reports its view and the Articles Page RSS subscribe click', async ({
  page,
}) => {
  const { events } = await recordEvents(page);
  await page.goto('/articles');
  await expect.poll(events).toContainEqual({
    method: 'POST',
    name: 'page_view',
    path: '/articles',
    title: await page.title(),
  });
  await page.getByRole('button', { name: 'Subscribe for Updates' }).click();
  await expect.poll(events).toContainEqual({
    method: 'POST',
    name: 'subscribe_click',
    category: 'Articles',
    label: 'Articles Page RSS',
    path: '/articles',
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the consultation link still reports its click by ping', async ({ page }) => {
    const { events } = await recordEvents(page);
    await page.goto(ARTICLE.path);
    await page.getByRole('link', { name: 'Book a Consultation', exact: true }).click();
    await expect(page).toHaveURL(/\/questionnaire/);
    await expect
      .poll(events)
      .toContainEqual(expect.objectContaining({ name: 'consultation_click', path: ARTICLE.path }));
    expect(events().map((e) => e.name)).not.toContain('page_view');
  });
});
