import { expect, test } from '@playwright/test';
import { PATIENCE } from '../browser.mjs';

test.describe('service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('registers, keeps visited pages readable offline and shows the offline page otherwise', async ({
    page,
    context,
  }) => {
    await page.goto('/consultants');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    // The first visit installs the worker; the second is answered through it and cached.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meet Our Consultants');
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meet Our Consultants');
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are offline');
    await context.setOffline(false);
  });

  test('never caches API requests', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const cached = await page.evaluate(async () => {
      await fetch('/api/analytics/vitals', { method: 'POST', body: '{}' });
      const keys = await caches.keys();
      const all = await Promise.all(
        keys.map(async (k) => (await (await caches.open(k)).keys()).map((r) => r.url)),
      );
      return all.flat();
    });
    expect(cached.some((u) => u.includes('/api/'))).toBe(false);
    expect(cached.some((u) => u.endsWith('/offline'))).toBe(true);
  });
});

test('home reports web vitals by beacon with the spec fields', async ({ page }) => {
  const reports: any[] = [];
  await page.route('**/api/analytics/vitals', async (route) => {
    reports.push(JSON.parse(route.request().postData() ?? '{}'));
    await route.fulfill({ status: 204 });
  });
  await page.goto('/');
  // The reporter loads when the page is idle and sends TTFB at once. Hiding a page before it
  // starts would lose its paints, and web-vitals ends LCP only on a real input (a click or key,
  // never a scripted event), which it must be listening for, after the first largest paint.
  await expect
    .poll(() => reports.map((r) => r.metric), { timeout: 15_000 * PATIENCE })
    .toContain('TTFB');
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        new PerformanceObserver((_, observer) => {
          observer.disconnect();
          resolve();
        }).observe({ type: 'largest-contentful-paint', buffered: true }),
      ),
  );
  await page.getByRole('heading', { level: 1 }).click();
  // Hiding the page flushes CLS and INP; the click has ended LCP.
  await expect
    .poll(async () => {
      await page.evaluate(() => {
        Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
        document.dispatchEvent(new Event('visibilitychange'));
      });
      return reports.map((r) => r.metric);
    })
    .toEqual(expect.arrayContaining(['FCP', 'TTFB', 'LCP']));
  for (const r of reports) {
    expect(Object.keys(r).sort()).toEqual([
      'id',
      'metric',
      'timestamp',
      'url',
      'userAgent',
      'value',
    ]);
    expect(r.url).toMatch(/\/$/);
  }
});

test('the vitals endpoint accepts a real beacon through the functions runtime', async ({
  request,
}) => {
  // Its own client address (wrangler passes CF-Connecting-IP on), so the beacons the other
  // tests' pages send within the same minute do not use up this test's analytics allowance.
  const client = { 'CF-Connecting-IP': `198.51.100.${Math.floor(Math.random() * 250) + 1}` };
  const res = await request.post('/api/analytics/vitals', {
    headers: { 'Content-Type': 'text/plain', ...client },
    data: JSON.stringify({
      metric: 'LCP',
      value: 900,
      id: 'x',
      url: 'http://127.0.0.1/',
      timestamp: Date.now(),
      userAgent: 'test',
    }),
  });
  expect(res.status()).toBe(204);
  const bad = await request.post('/api/analytics/vitals', {
    data: { metric: 'nope' },
    headers: client,
  });
  expect(bad.status()).toBe(400);
  const get = await request.get('/api/analytics/vitals', { headers: client });
  expect(get.status()).toBe(405);
});
