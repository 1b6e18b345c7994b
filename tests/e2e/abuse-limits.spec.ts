import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { stubRequests } from './helpers';
import { FAILURE, priorities, submitQuestionnairePage, toast } from './questionnaire-flow';

/**
 * Over a route's allowance the functions answer 429, and each island says what the spec says
 * for a failure. Each test acts as its own client: wrangler passes the CF-Connecting-IP a
 * request carries (Cloudflare's edge would overwrite it), so the shared test server's other
 * tests keep their allowance.
 */
const clientAddress = () => `203.0.113.${Math.floor(Math.random() * 200) + 20}`;

/** Uses up `count` requests of the client's allowance on `path`, answering the last status. */
async function exhaust(
  request: APIRequestContext,
  path: string,
  ip: string,
  count: number,
): Promise<number> {
  let status = 0;
  for (let i = 0; i < count; i++) {
    // An empty body is refused by the route, but it has counted by then.
    status = (await request.post(path, { data: {}, headers: { 'CF-Connecting-IP': ip } })).status();
  }
  return status;
}

/** Makes the page's own requests come from `ip`. */
async function actAs(page: Page, ip: string): Promise<void> {
  await page.setExtraHTTPHeaders({ 'CF-Connecting-IP': ip });
}

test('the audit: a refused request shows the server’s wait and never reaches PageSpeed', async ({
  page,
  request,
}) => {
  const ip = clientAddress();
  expect(await exhaust(request, '/api/site-audit', ip, 20)).toBe(400);
  const refused = await request.post('/api/site-audit', {
    data: { url: 'https://www.example.com' },
    headers: { 'CF-Connecting-IP': ip },
  });
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()['retry-after'])).toBeGreaterThan(0);

  await actAs(page, ip);
  const host = `limited-${Date.now()}.example.com`;
  await page.goto('/audit');
  // The island has hydrated once Astro drops `ssr` from it.
  await page.waitForFunction(() => document.querySelector('astro-island[ssr]') === null);
  await page.getByLabel('Website URL to audit').fill(host);
  await page.getByLabel('Website URL to audit').press('Enter');
  const failure = page.getByRole('region', { name: 'Audit Failed' });
  await expect(failure).toContainText(
    /Too many requests\. Please wait \d+ minutes and try again\./,
  );
  expect((await stubRequests(page, '/psi')).filter((r) => r.query.includes(host))).toEqual([]);
});

test('the questionnaire: the spec’s error toast, and every answer kept', async ({
  page,
  request,
}) => {
  const ip = clientAddress();
  await exhaust(request, '/api/questionnaire', ip, 10);
  await actAs(page, ip);
  const { form, response } = await submitQuestionnairePage(page);
  expect(response.status()).toBe(429);
  await expect(toast(page, FAILURE.title)).toContainText(FAILURE.description);
  await expect(form.getByRole('textbox')).toHaveValue(priorities);
});

test('the chat: the spec’s connection message', async ({ page, request }) => {
  const ip = clientAddress();
  await actAs(page, ip);
  await page.goto('/');
  await page.getByRole('link', { name: 'Chat with our AI advisor' }).click();
  const dialog = page.getByRole('dialog', { name: 'AI Advisor' });
  const input = dialog.getByRole('textbox', { name: 'Your question' });
  await input.fill('What does the workshop cost?');
  // The chat's allowance refills every few seconds: use it all up at once, then send.
  await Promise.all(
    Array.from({ length: 30 }, () =>
      request.post('/api/chat', { data: {}, headers: { 'CF-Connecting-IP': ip } }),
    ),
  );
  const answer = page.waitForResponse('**/api/chat');
  await input.press('Enter');
  expect((await answer).status()).toBe(429);
  await expect(dialog.getByRole('log', { name: 'Conversation' })).toContainText(
    "I apologize, but I'm having trouble connecting right now. Please try again in a moment.",
  );
});

test('a post from another site is refused before it counts or runs', async ({ request }) => {
  const ip = clientAddress();
  for (let i = 0; i < 12; i++) {
    const foreign = await request.post('/api/questionnaire', {
      data: {},
      headers: { Origin: 'https://elsewhere.example', 'CF-Connecting-IP': ip },
    });
    expect(foreign.status()).toBe(403);
  }
  // Twelve refusals used none of the ten leads this client may send.
  const own = await request.post('/api/questionnaire', {
    data: {},
    headers: { 'CF-Connecting-IP': ip },
  });
  expect(own.status()).toBe(400);
  const plain = await request.post('/api/chat', {
    data: JSON.stringify({ role: 'user', content: 'hi' }),
    headers: { 'Content-Type': 'text/plain', 'CF-Connecting-IP': clientAddress() },
  });
  expect(plain.status()).toBe(415);
});
