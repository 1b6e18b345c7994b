import type { Locator, Page } from '@playwright/test';
import { expect, test, TURNSTILE_DUMMY_TOKEN, TURNSTILE_TEST_SITE_KEY } from './accounts-site';
import { deliveredLeads, sentEmails, stubRequests, watchCsp } from './helpers';
import {
  FAILURE,
  SUCCESS,
  answerToLastStep,
  openDialog,
  priorities,
  submitQuestionnairePage,
  toast,
} from './questionnaire-flow';
import { serveTurnstile } from './turnstile-fake';

// One worker builds and serves the accounts variant (built with Turnstile's always-pass
// testing key); its tests run in order there.
test.describe.configure({ mode: 'default' });

const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';
const CHALLENGE = 'Widget containing a Cloudflare security challenge';

/** The page's CSP as directive name -> sources. */
async function cspOf(page: Page): Promise<Map<string, string[]>> {
  const content = await page
    .locator('meta[http-equiv="content-security-policy"]')
    .getAttribute('content');
  const directives = new Map<string, string[]>();
  for (const part of (content ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name, sources);
  }
  return directives;
}

/** Fills the last step, waits for the check to pass, submits, and answers the lead's id. */
async function submitWithCheck(page: Page, form: Locator): Promise<string> {
  await form.getByRole('textbox').fill(priorities);
  const submit = form.getByRole('button', { name: 'Submit' });
  await expect(form.getByTitle(CHALLENGE)).toBeVisible();
  await expect(submit).toBeEnabled();
  const answer = page.waitForResponse('**/api/questionnaire');
  await submit.click();
  const response = await answer;
  expect(response.request().postDataJSON()).toMatchObject({
    turnstileToken: TURNSTILE_DUMMY_TOKEN,
  });
  expect(response.status()).toBe(200);
  await expect(toast(page, SUCCESS.title)).toContainText(SUCCESS.description);
  return (await response.json()).id;
}

/** The function checked the token with siteverify, using the secret. */
async function expectVerified(page: Page): Promise<void> {
  const checks = await stubRequests(page, '/turnstile/siteverify');
  const form = new URLSearchParams(checks.at(-1).body);
  expect(form.get('response')).toBe(TURNSTILE_DUMMY_TOKEN);
  expect(form.get('secret')).toBe('1x0000000000000000000000000000000AA');
}

test.describe('Turnstile under the Content Security Policy', () => {
  test('the dialog loads the check, passes it and sends the lead, with no CSP violation', async ({
    page,
  }) => {
    const violations = await watchCsp(page);
    const turnstile = await serveTurnstile(page);
    const dialog = await openDialog(page);
    await answerToLastStep(dialog);
    const id = await submitWithCheck(page, dialog);
    await expectVerified(page);
    expect(turnstile.requests).toContain('/turnstile/v0/api.js');
    // The widget was rendered with the build's site key: Cloudflare's always-pass testing key.
    expect(turnstile.requests).toContain(
      `/cdn-cgi/challenge-platform/turnstile/if/${TURNSTILE_TEST_SITE_KEY}`,
    );
    expect(violations).toEqual([]);

    // The lead reached the database and the firm's inbox.
    const [lead] = await deliveredLeads(page.request, (l) => l.id === id);
    expect(lead).toMatchObject({
      source: 'home',
      notify_attempts: 1,
    });
    const sent = await sentEmails(page.request);
    expect(sent.filter((m: { key: string }) => m.key.startsWith(`lead-${id}-`))).toHaveLength(1);
  });

  test('the /questionnaire page does the same', async ({ page }) => {
    const violations = await watchCsp(page);
    await serveTurnstile(page);
    await page.goto('/questionnaire?from=seo');
    const form = page.getByRole('main');
    await answerToLastStep(form);
    await submitWithCheck(page, form);
    await expectVerified(page);
    expect(violations).toEqual([]);
  });

  test('a check that cannot load says so, keeps the answers, and can be tried again', async ({
    page,
  }) => {
    const turnstile = await serveTurnstile(page);
    turnstile.available = false;
    await page.goto('/questionnaire');
    const form = page.getByRole('main');
    await answerToLastStep(form);
    await form.getByRole('textbox').fill(priorities);
    const alert = form.getByRole('alert');
    await expect(alert).toContainText(
      'The human check could not be completed. Your answers are kept',
    );
    const submit = form.getByRole('button', { name: 'Submit' });
    await expect(submit).toBeDisabled();

    turnstile.available = true;
    await alert.getByRole('button', { name: 'Try the check again' }).click();
    await expect(submit).toBeEnabled();
    await expect(alert).toBeHidden();
    await expect(form.getByRole('textbox')).toHaveValue(priorities);
    await form.getByRole('button', { name: 'Previous' }).click();
    await expect(form.getByRole('radio', { name: '3-6 months' })).toBeChecked();
  });

  test('a refused token shows the spec’s failure toast and keeps the answers', async ({ page }) => {
    await serveTurnstile(page);
    // siteverify refuses whatever the widget issued.
    await page.route('**/api/questionnaire', async (route) => {
      const body = route.request().postDataJSON();
      await route.continue({ postData: JSON.stringify({ ...body, turnstileToken: 'forged' }) });
    });
    const { form, response } = await submitQuestionnairePage(page);
    expect(response.status()).toBe(403);
    await expect(toast(page, FAILURE.title)).toContainText(FAILURE.description);
    await expect(form.getByRole('textbox')).toHaveValue(priorities);
    // The single-use token was spent: a fresh check runs before the next try.
    await expect(form.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  test('only the pages with the questionnaire or the chat allow Turnstile, and only its script and frame', async ({
    page,
  }) => {
    for (const path of ['/', '/questionnaire']) {
      await page.goto(path);
      const csp = await cspOf(page);
      const script = csp.get('script-src') ?? [];
      expect(script.slice(0, 2), path).toEqual(["'self'", TURNSTILE_ORIGIN]);
      expect(
        script.slice(2).every((s) => /^'sha256-[\w+/=]+'$/.test(s)),
        path,
      ).toBe(true);
      expect(csp.get('frame-src'), path).toEqual([TURNSTILE_ORIGIN]);
      // The site-wide directives (src/lib/csp.ts), the hashes, and Turnstile's frame.
      expect([...csp.keys()].sort(), path).toEqual([
        'base-uri',
        'connect-src',
        'default-src',
        'form-action',
        'frame-src',
        'img-src',
        'object-src',
        'script-src',
        'style-src',
      ]);
      expect(csp.get('default-src'), path).toEqual(["'self'"]);
      expect(JSON.stringify([...csp]), path).not.toContain('unsafe');
    }
    for (const path of ['/articles', '/audit', '/auth', '/services/seo', '/consultants']) {
      await page.goto(path);
      const csp = await cspOf(page);
      expect(csp.get('script-src')?.[0], path).toBe("'self'");
      expect(JSON.stringify([...csp]), path).not.toContain('challenges.cloudflare.com');
      expect(csp.has('frame-src'), path).toBe(false);
      // Nor do they host a form that shows the check: their chat links lead to the home page.
      await expect(page.locator('[data-island="chat"], [data-island="questionnaire"]')).toHaveCount(
        0,
      );
    }
  });
});
