/**
 * What prospects ask, end to end on the accounts build (which records questions in the Supabase
 * stand-in): a visitor rates an answer in the chat, the Worker stores it with the question
 * masked, and an admin finds it in "What prospects ask"; nobody else gets the list.
 */
import type { Page } from '@playwright/test';
import {
  expect,
  fakeAccount,
  openAs,
  test,
  type FakeAccount,
  type SupabaseProject,
} from './accounts-site';
import { STUB_ORIGIN, expectNoSeriousA11yViolations, openChat } from './helpers';

/** The Worker's recorded questions, as the stand-in holds them. */
async function recorded(page: Page): Promise<any[]> {
  return (await page.request.get(`${STUB_ORIGIN}/supabase/__questions`)).json();
}

/** The browser's Supabase project for `me`: the roles, and the recorded questions for admins. */
function project(page: Page, me: FakeAccount, roles: string[]): SupabaseProject {
  return async (call) => {
    if (call.headers.authorization !== `Bearer ${me.token}`) return { status: 401, body: {} };
    switch (call.path) {
      case '/rest/v1/rpc/get_current_user_roles':
        return { status: 200, body: roles };
      case '/rest/v1/rpc/admin_list_users':
      case '/rest/v1/leads':
      case '/rest/v1/lead_dead_letters':
        return { status: 200, body: [] };
      case '/rest/v1/advisor_questions':
        // Row-level security: admins read every question, anyone else none.
        return { status: 200, body: roles.includes('admin') ? await recorded(page) : [] };
      case '/auth/v1/logout':
        return { status: 204 };
    }
    return undefined;
  };
}

test('a visitor rates an answer, and admins read it under what prospects ask', async ({ page }) => {
  const tag = `t${Date.now().toString(36)}`;
  const question = `How long does the Discovery Workshop take? I'm ${tag}@example.com`;
  const c = await openChat(page);
  await c.ask(question);
  const rate = c.log.getByRole('group', { name: 'Was this answer helpful?' });
  await expect(rate).toBeVisible();
  await rate.getByRole('button', { name: 'Not helpful' }).click();
  await c.log.getByLabel('What were you looking for? (optional)').fill('Whether it can be remote.');
  await c.log.getByRole('button', { name: 'Send rating' }).click();
  await expect(c.log.getByRole('status').filter({ hasText: 'rating was recorded' })).toBeVisible();

  // Stored masked, with the rating and its comment, and nothing that names the visitor.
  let row: any;
  await expect
    .poll(async () => {
      row = (await recorded(page)).find((q) => q.question.includes('Discovery Workshop take'));
      return row?.rating;
    })
    .toBe('not_helpful');
  expect(row.question).toBe("How long does the Discovery Workshop take? I'm [email]");
  expect(row.comment).toBe('Whether it can be remote.');
  expect(JSON.stringify(row)).not.toContain(tag);

  const admin = fakeAccount('admin');
  await openAs(page, admin, project(page, admin, ['admin', 'user']));
  const panel = page.getByRole('region', { name: 'What prospects ask' });
  await expect(panel).toContainText("“How long does the Discovery Workshop take? I'm [email]”");
  await expect(panel).toContainText('rated not helpful');
  await expect(panel).toContainText('Comment: Whether it can be remote.');
  await panel.getByLabel('Search questions').fill('Discovery Workshop take');
  await panel.getByRole('button', { name: 'Search' }).click();
  await expect(panel.getByRole('status')).toContainText('matching “Discovery Workshop take”');
  await expectNoSeriousA11yViolations(page);
});

test('visitors and plain users get no list of what prospects ask', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'What prospects ask' })).toHaveCount(0);

  const user = fakeAccount('user');
  const calls = await openAs(page, user, project(page, user, ['user']));
  await expect(page.getByText(`Signed in as ${user.email}`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What prospects ask' })).toHaveCount(0);
  expect(calls.filter((c) => c.path === '/rest/v1/advisor_questions')).toEqual([]);
});
