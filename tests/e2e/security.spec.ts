import { expect, test } from '@playwright/test';
import { watchCsp } from './helpers';

test.describe('content security policy', () => {
  for (const path of [
    '/',
    '/articles',
    '/articles/ai-citation-guide',
    '/services/seo',
    '/audit',
    '/questionnaire',
    '/auth',
    '/search?q=robots',
    '/consultants',
    '/privacy',
    '/missing-page',
  ]) {
    test(`${path} runs everything it needs under its CSP`, async ({ page }) => {
      const violations = await watchCsp(page);
      await page.goto(path);
      const csp = page.locator('meta[http-equiv="content-security-policy"]');
      await expect(csp).toHaveAttribute('content', /script-src 'self'/);
      for (const directive of [
        "default-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ]) {
        await expect(csp).toHaveAttribute('content', new RegExp(`(^|;)\\s*${directive}\\s*(;|$)`));
      }
      // Without a Turnstile site key no page allows anything from another origin.
      await expect(csp).not.toHaveAttribute('content', /challenges\.cloudflare\.com|frame-src/);
      await page.waitForLoadState('networkidle');
      expect(violations).toEqual([]);
    });
  }

  test('the islands loaded on demand run under the home CSP', async ({ page }) => {
    const violations = await watchCsp(page);
    await page.goto('/');
    await page.getByRole('link', { name: 'Start Strategic Consultation' }).click();
    await expect(page.getByLabel('Full Name *')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'Chat with our AI advisor' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
  });
});

test('pages and functions send the security headers', async ({ request }) => {
  for (const path of ['/', '/articles/ai-citation-guide']) {
    const headers = (await request.get(path)).headers();
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy']).toContain('camera=()');
    expect(headers['strict-transport-security']).toContain('max-age=');
  }
  const api = (await request.post('/api/analytics/vitals', { data: {} })).headers();
  expect(api['x-content-type-options']).toBe('nosniff');
  expect(api['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
});
