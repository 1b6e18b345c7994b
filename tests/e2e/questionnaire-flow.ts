/**
 * The questionnaire as a visitor goes through it, shared by the specs that submit it: the
 * spec's toasts, sample answers, and the steps from opening the dialog to the last step.
 */
import { expect, type Locator, type Page, type Response } from '@playwright/test';

export const SUCCESS = {
  title: 'Thank you!',
  description: "We've received your information and will be in touch within 24 hours.",
};
export const FAILURE = {
  title: 'Error',
  description: 'There was an issue submitting your information. Please try again.',
};
export const DIALOG_NAME = 'Ready to Transform Your Operations?';

export const contact = { name: 'Jane Doe', email: 'jane@example.com', company: 'Acme Nonprofit' };
export const choices = {
  currentChallenge: 'Converting visitors to customers',
  budget: '$2,000 - $5,000/month',
  timeline: '3-6 months',
};
export const priorities = 'More qualified leads and less manual reporting.';

/** A toast in the notifications live region: a status, or an alert when destructive. */
export function toast(page: Page, title: string): Locator {
  const region = page.getByRole('region', { name: 'Notifications' });
  return region.getByRole('status').or(region.getByRole('alert')).filter({ hasText: title });
}

/** Opens the questionnaire dialog from the home page's call to action. */
export async function openDialog(page: Page): Promise<Locator> {
  await page.goto('/');
  await page.getByRole('link', { name: 'Start Strategic Consultation' }).click();
  const dialog = page.getByRole('dialog', { name: DIALOG_NAME });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Full Name *')).toBeFocused();
  return dialog;
}

/** Fills the contact step with the sample contact. */
export async function fillContact(scope: Locator): Promise<void> {
  await scope.getByLabel('Full Name *').fill(contact.name);
  await scope.getByLabel('Email Address *').fill(contact.email);
  await scope.getByLabel('Company Name *').fill(contact.company);
}

/** Steps 1 to 4 with the mouse, checking the progress and the Next rule on the way. */
export async function answerToLastStep(scope: Locator): Promise<void> {
  const next = scope.getByRole('button', { name: 'Next' });
  await fillContact(scope);
  await next.click();
  for (const [i, option] of Object.values(choices).entries()) {
    await expect(scope.getByText(`Question ${i + 2} of 5`)).toBeVisible();
    await expect(scope.getByText(`${(i + 2) * 20}%`)).toBeVisible();
    await expect(next).toBeDisabled();
    await scope.getByRole('radio', { name: option }).check();
    await expect(next).toBeEnabled();
    await next.click();
  }
  await expect(scope.getByText('Question 5 of 5')).toBeVisible();
  await expect(scope.getByText('100%')).toBeVisible();
}

/**
 * Opens the questionnaire page at `path`, answers every step, submits, and answers the form and
 * the function's response.
 */
export async function submitQuestionnairePage(
  page: Page,
  path = '/questionnaire',
): Promise<{ form: Locator; response: Response }> {
  await page.goto(path);
  const form = page.getByRole('main');
  await answerToLastStep(form);
  await form.getByRole('textbox').fill(priorities);
  const answer = page.waitForResponse('**/api/questionnaire');
  await form.getByRole('button', { name: 'Submit' }).click();
  return { form, response: await answer };
}
