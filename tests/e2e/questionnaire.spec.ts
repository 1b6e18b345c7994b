import { expect, test, type Page, type Route } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './helpers';
import {
  DIALOG_NAME,
  FAILURE,
  SUCCESS,
  answerToLastStep,
  choices,
  contact,
  fillContact,
  openDialog,
  priorities,
  submitQuestionnairePage,
  toast,
} from './questionnaire-flow';

interface Recorded {
  body: Record<string, unknown>;
  key: string | null;
}

/**
 * Answers POST /api/questionnaire in the page with `status`, recording what the island sent.
 * `hold` keeps the answer back until it resolves, to see the sending state.
 */
async function routeQuestionnaire(
  page: Page,
  reply: () => { status: number; body: unknown },
  hold?: Promise<void>,
): Promise<Recorded[]> {
  const sent: Recorded[] = [];
  await page.route('**/api/questionnaire', async (route: Route) => {
    const request = route.request();
    sent.push({ body: request.postDataJSON(), key: await request.headerValue('Idempotency-Key') });
    if (hold) await hold;
    const { status, body } = reply();
    await route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
  });
  return sent;
}

const accepted = () => ({ status: 200, body: { ok: true, id: 'lead-1' } });

/** Holds back the scripts matching `glob` until the returned function is called. */
async function holdBack(page: Page, glob: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.route(glob, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test.describe('questionnaire dialog', () => {
  test('opens from Start Strategic Consultation and submits all five steps', async ({ page }) => {
    await page.addInitScript(() => {
      const calls: unknown[][] = [];
      (window as unknown as { gtagCalls: unknown[][] }).gtagCalls = calls;
      (window as unknown as { gtag: (...a: unknown[]) => void }).gtag = (...a) => calls.push(a);
    });
    let release!: () => void;
    const hold = new Promise<void>((r) => (release = r));
    const sent = await routeQuestionnaire(page, accepted, hold);
    const dialog = await openDialog(page);

    await expect(dialog.getByText('Question 1 of 5')).toBeVisible();
    await expect(dialog.getByText('20%')).toBeVisible();
    await expect(dialog.getByRole('progressbar', { name: 'Question 1 of 5' })).toHaveAttribute(
      'value',
      '1',
    );
    await expect(dialog.getByRole('button', { name: 'Previous' })).toBeDisabled();
    const next = dialog.getByRole('button', { name: 'Next' });
    await expect(next).toBeDisabled();
    await expect(dialog.getByLabel('Email Address *')).toHaveAttribute('type', 'email');
    await dialog.getByLabel('Full Name *').fill(contact.name);
    await dialog.getByLabel('Email Address *').fill('jane@');
    await expect(next).toBeDisabled();

    await answerToLastStep(dialog);
    const submit = dialog.getByRole('button', { name: 'Submit' });
    await expect(submit).toBeDisabled();
    await expect(dialog.getByRole('textbox')).toHaveAttribute('rows', '4');
    await dialog.getByRole('textbox').fill(priorities);
    await submit.click();
    await expect(dialog.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    release();

    await expect(toast(page, SUCCESS.title)).toContainText(SUCCESS.description);
    await expect(dialog).toBeHidden();
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toEqual({
      ...contact,
      ...choices,
      priorities,
      additionalInfo: '',
      source: 'home',
    });
    expect(sent[0].key).toMatch(/^[0-9a-f-]{36}$/);
    const calls = await page.evaluate(
      () => (window as unknown as { gtagCalls: unknown[] }).gtagCalls,
    );
    expect(calls).toContainEqual([
      'event',
      'questionnaire_submit',
      { event_category: 'form', event_label: 'Questionnaire Contact Form' },
    ]);

    // Answers were cleared: the next opening starts again at step 1.
    await page.getByRole('link', { name: 'Talk to Our AI Advisor' }).click();
    await expect(dialog.getByText('Question 1 of 5')).toBeVisible();
    await expect(dialog.getByLabel('Full Name *')).toHaveValue('');
  });

  test('a failed submission shows the error toast and keeps every answer', async ({ page }) => {
    let status = 502;
    const sent = await routeQuestionnaire(page, () => ({
      status,
      body: status === 200 ? accepted().body : { error: { code: 'x', message: 'down' } },
    }));
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    const dialog = await openDialog(page);
    await answerToLastStep(dialog);
    await dialog.getByRole('textbox').fill(priorities);
    await dialog.getByRole('button', { name: 'Submit' }).click();

    const error = toast(page, FAILURE.title);
    await expect(error).toContainText(FAILURE.description);
    await expect(error).toHaveAttribute('data-variant', 'destructive');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('textbox')).toHaveValue(priorities);
    await expect(dialog.getByRole('button', { name: 'Submit' })).toBeEnabled();
    expect(errors.some((e) => e.includes('Questionnaire submission failed'))).toBe(true);
    await expectNoSeriousA11yViolations(page);

    await dialog.getByRole('button', { name: 'Previous' }).click();
    await expect(dialog.getByRole('radio', { name: choices.timeline })).toBeChecked();
    await dialog.getByRole('button', { name: 'Previous' }).click();
    await dialog.getByRole('button', { name: 'Previous' }).click();
    await dialog.getByRole('button', { name: 'Previous' }).click();
    await expect(dialog.getByLabel('Full Name *')).toHaveValue(contact.name);

    // Forward again through the kept answers; the same answers reuse the attempt's key.
    for (const option of Object.values(choices)) {
      await dialog.getByRole('button', { name: 'Next' }).click();
      await expect(dialog.getByRole('radio', { name: option })).toBeChecked();
    }
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByRole('textbox')).toHaveValue(priorities);
    status = 200;
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(toast(page, SUCCESS.title)).toBeVisible();
    expect(sent).toHaveLength(2);
    expect(sent[1].key).toBe(sent[0].key);
  });

  test('closing by Escape, the close button or the backdrop clears answers and returns to step 1', async ({
    page,
  }) => {
    const dialog = await openDialog(page);
    const close = async (how: 'escape' | 'button' | 'backdrop') => {
      if (how === 'escape') await page.keyboard.press('Escape');
      if (how === 'button') await dialog.getByRole('button', { name: 'Close' }).click();
      if (how === 'backdrop') await page.mouse.click(5, 5);
    };
    for (const how of ['escape', 'button', 'backdrop'] as const) {
      await fillContact(dialog);
      await dialog.getByRole('button', { name: 'Next' }).click();
      await dialog.getByRole('radio', { name: choices.currentChallenge }).check();
      await close(how);
      await expect(dialog, how).toBeHidden();
      await page.getByRole('link', { name: 'Start Strategic Consultation' }).click();
      await expect(dialog.getByText('Question 1 of 5'), how).toBeVisible();
      await expect(dialog.getByLabel('Full Name *'), how).toHaveValue('');
    }
    // A press that starts inside the dialog and ends on the backdrop keeps it open.
    const name = dialog.getByLabel('Full Name *');
    await name.fill('Jane');
    const box = (await name.boundingBox())!;
    await page.mouse.move(box.x + 5, box.y + 5);
    await page.mouse.down();
    await page.mouse.move(5, 5);
    await page.mouse.up();
    await expect(dialog).toBeVisible();
    await expect(name).toHaveValue('Jane');
  });

  test('can be completed with the keyboard alone, announcing field errors', async ({ page }) => {
    const sent = await routeQuestionnaire(page, accepted);
    await page.goto('/');
    await page.getByRole('link', { name: 'Start Strategic Consultation' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: DIALOG_NAME });
    await expect(dialog.getByLabel('Full Name *')).toBeFocused();

    await page.keyboard.type(contact.name);
    await page.keyboard.press('Tab');
    await page.keyboard.type('jane@');
    await page.keyboard.press('Tab');
    const alert = dialog.getByRole('alert');
    await expect(alert).toHaveText('Please enter a valid email address, such as name@company.com.');
    await expect(dialog.getByLabel('Email Address *')).toHaveAttribute('aria-invalid', 'true');
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('End'); // tabbing into a field selects its text
    await page.keyboard.type('example.com');
    await page.keyboard.press('Tab');
    // Leaving Company Name empty on the way back was an error too; typing a name clears it.
    await expect(alert).toHaveText('Please enter your company name.');
    await page.keyboard.type(contact.company);
    await expect(alert).toHaveCount(0);
    await page.keyboard.press('Enter'); // the contact step's own submit moves on

    // Radio steps: focus lands on the first option; arrows choose, Enter moves on.
    await expect(dialog.getByText('Question 2 of 5')).toBeVisible();
    await expect(dialog.getByRole('radio').first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(dialog.getByText('Question 3 of 5')).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(dialog.getByText('Question 4 of 5')).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');

    await expect(dialog.getByRole('textbox')).toBeFocused();
    await page.keyboard.type(priorities);
    await page.keyboard.press('Tab'); // Previous
    await page.keyboard.press('Tab'); // Submit
    await expect(dialog.getByRole('button', { name: 'Submit' })).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(toast(page, SUCCESS.title)).toContainText(SUCCESS.description);
    expect(sent[0].body).toMatchObject({ ...contact, ...choices, priorities });
  });

  test('has no serious accessibility violations while open', async ({ page }) => {
    const dialog = await openDialog(page);
    await expectNoSeriousA11yViolations(page);
    await fillContact(dialog);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expectNoSeriousA11yViolations(page);
  });

  test('a click made before the dialog code loads opens it once loaded', async ({ page }) => {
    const release = await holdBack(page, '**/_astro/QuestionnaireDialog*.js');
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await page.getByRole('link', { name: 'Start Strategic Consultation' }).click();
    await expect(page).toHaveURL(/\/$/);
    const dialog = page.getByRole('dialog', { name: DIALOG_NAME });
    await expect(dialog).toBeHidden();
    release();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Full Name *')).toBeFocused();
  });
});

test.describe('questionnaire page', () => {
  test("keeps what was typed before the form's code loaded", async ({ page }) => {
    const release = await holdBack(page, '**/_astro/QuestionnaireWizard*.js');
    await page.goto('/questionnaire', { waitUntil: 'domcontentloaded' });
    const form = page.getByRole('main');
    await form.getByLabel('Full Name *').fill(contact.name);
    await expect(page.locator('astro-island[ssr]')).toHaveCount(1);
    release();
    // The island has hydrated once Astro drops `ssr` from it.
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    const next = form.getByRole('button', { name: 'Next' });
    await form.getByLabel('Email Address *').fill(contact.email);
    await form.getByLabel('Company Name *').fill(contact.company);
    await expect(form.getByLabel('Full Name *')).toHaveValue(contact.name);
    await expect(next).toBeEnabled();
  });

  test('sends ?from= as the source and links back home', async ({ page }) => {
    const sent = await routeQuestionnaire(page, accepted);
    await page.goto('/questionnaire?from=seo');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(DIALOG_NAME);
    await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    const form = page.getByRole('main');
    await expect(form.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await answerToLastStep(form);
    await form.getByRole('textbox').fill(priorities);
    await form.getByRole('button', { name: 'Submit' }).click();

    await expect(toast(page, SUCCESS.title)).toContainText(SUCCESS.description);
    expect(sent[0].body.source).toBe('seo');
    // Success clears the answers and goes back to step 1 on the page.
    await expect(form.getByText('Question 1 of 5')).toBeVisible();
    await expect(form.getByLabel('Full Name *')).toHaveValue('');
    await expect(form.getByLabel('Full Name *')).toBeFocused();
  });

  test('ignores a from value that is not a page slug', async ({ page }) => {
    const sent = await routeQuestionnaire(page, accepted);
    await page.goto('/questionnaire?from=%3Cscript%3E');
    const form = page.getByRole('main');
    await answerToLastStep(form);
    await form.getByRole('textbox').fill(priorities);
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(toast(page, SUCCESS.title)).toBeVisible();
    expect(sent[0].body).not.toHaveProperty('source');
  });

  test('a real submission is accepted by the function (development console delivery)', async ({
    page,
  }) => {
    const { response } = await submitQuestionnairePage(page, '/questionnaire?from=consultants');
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ ok: true, id: expect.any(String) });
    expect(response.request().postDataJSON()).toMatchObject({ source: 'consultants' });
    await expect(toast(page, SUCCESS.title)).toContainText(SUCCESS.description);
  });
});
