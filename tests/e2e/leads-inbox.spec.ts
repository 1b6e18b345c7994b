import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  TURNSTILE_DUMMY_TOKEN,
  expect,
  fakeAccount,
  openAs,
  test,
  type FakeAccount,
  type SupabaseProject,
} from './accounts-site';
import { SAMPLE_ANSWERS } from '../fixtures/leads';
import { STUB_ORIGIN, deliveredLeads, expectNoSeriousA11yViolations } from './helpers';

// One worker builds and serves the accounts variant; its tests run in order there.
test.describe.configure({ mode: 'default' });

const require = createRequire(import.meta.url);
const { SERVICE_ROLE_KEY } = require('./stubs/supabase.stub.cjs');

const STORE = `${STUB_ORIGIN}/supabase/rest/v1/leads`;

/** The `lead_dead_letters` rows the admin's session reads (the Worker writes them). */
const deadLetters: { id: string; failed_at: string; error: string; payload: string }[] = [];

/**
 * The browser's Supabase for the inbox: the caller's roles, and the `leads` table the functions
 * write (the stand-in behind the stub server), with row-level security as the migrations set
 * it: admins read every lead, change contacted_at only, and erase through admin_delete_lead;
 * anyone else reads nothing and changes nothing.
 */
function leadsProject(
  me: FakeAccount,
  roles: string[],
  request: APIRequestContext,
): SupabaseProject {
  const admin = roles.includes('admin');
  return async (call) => {
    if (call.headers.authorization !== `Bearer ${me.token}`) return { status: 401, body: {} };
    const store = (method: string, query: URLSearchParams, data?: unknown) =>
      request.fetch(`${STORE}?${query}`, {
        method,
        headers: { apikey: SERVICE_ROLE_KEY, Prefer: 'return=representation' },
        ...(data === undefined ? {} : { data }),
      });
    switch (call.path) {
      case '/rest/v1/rpc/get_current_user_roles':
        return { status: 200, body: roles };
      case '/rest/v1/rpc/admin_list_users':
        return { status: 200, body: [] };
      case '/rest/v1/leads': {
        if (!admin) return { status: 200, body: [] };
        if (call.method === 'PATCH' && Object.keys(call.body).some((k) => k !== 'contacted_at')) {
          return { status: 403, body: { code: '42501', message: 'permission denied' } };
        }
        const answer = await store(call.method, call.query, call.body ?? undefined);
        return { status: answer.status(), body: await answer.json() };
      }
      case '/rest/v1/advisor_questions':
        return { status: 200, body: [] };
      case '/rest/v1/lead_dead_letters': {
        if (!admin) return { status: 200, body: [] };
        if (call.method === 'DELETE') {
          const id = call.query.get('id')?.replace(/^eq\./, '');
          deadLetters.splice(0, deadLetters.length, ...deadLetters.filter((d) => d.id !== id));
          return { status: 204 };
        }
        return { status: 200, body: deadLetters };
      }
      case '/rest/v1/rpc/admin_delete_lead': {
        if (!admin)
          return { status: 403, body: { code: '42501', message: 'Only admins can do this' } };
        const query = new URLSearchParams({ id: `eq.${call.body.target_lead_id}` });
        const deleted = await (await store('DELETE', query)).json();
        return { status: 200, body: deleted.length ? 'deleted' : 'not_found' };
      }
      case '/auth/v1/logout':
        return { status: 204 };
    }
    return undefined;
  };
}

/** A word no other lead holds, so each test finds its own leads. */
const tag = () => `t${Math.random().toString(36).slice(2, 10)}`;

/** Each seeded lead comes from its own address, so the lead allowance is never met. */
let client = 0;
const clientIp = () => `198.51.100.${(client++ % 250) + 1}`;

/**
 * Sends the sample answers under `fields` through the real function (Turnstile's testing token),
 * answering the lead's id.
 */
async function seedQuestionnaire(
  request: APIRequestContext,
  fields: { name: string; company: string; email: string; source?: string; priorities?: string },
): Promise<string> {
  const res = await request.post('/api/questionnaire', {
    headers: { 'Idempotency-Key': crypto.randomUUID(), 'CF-Connecting-IP': clientIp() },
    data: { ...SAMPLE_ANSWERS, turnstileToken: TURNSTILE_DUMMY_TOKEN, ...fields },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { id } = await res.json();
  await deliveredLeads(request, (l) => l.id === id);
  return id;
}

/** Sends a chat hand-off through the real function, answering its id. */
async function seedChat(
  request: APIRequestContext,
  email: string,
  page = 'audit',
): Promise<string> {
  const res = await request.post('/api/chat/lead', {
    headers: { 'Idempotency-Key': crypto.randomUUID(), 'CF-Connecting-IP': clientIp() },
    data: {
      email,
      transcript: [
        { role: 'user', content: 'Can a person look at my audit results?' },
        { role: 'assistant', content: 'Yes. Leave your email and the team will reply.' },
      ],
      page,
      turnstileToken: TURNSTILE_DUMMY_TOKEN,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { id } = await res.json();
  await deliveredLeads(request, (l) => l.id === id);
  return id;
}

const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' });
const inbox = (page: Page) => page.getByRole('region', { name: 'Leads' });
const leadCard = (page: Page, name: string | RegExp): Locator =>
  inbox(page).getByRole('article', { name });

/** Opens the home page as an admin and narrows the inbox to `term`. */
async function openInbox(page: Page, term: string, request: APIRequestContext): Promise<void> {
  const admin = fakeAccount('admin');
  await openAs(page, admin, leadsProject(admin, ['admin', 'user'], request));
  await expect(inbox(page).getByRole('status')).toHaveText(/Showing the newest|No leads yet/);
  await inbox(page).getByLabel('Search leads').fill(term);
  await inbox(page).getByRole('button', { name: 'Search' }).click();
  await expect(inbox(page).getByRole('status')).toContainText(`matching “${term}”`);
}

/**
 * Sends the sample answers of a person called `first` (name `${first} <tag>`, company
 * `${first} Co`), the next `failedEmails` notification emails failing, and opens the inbox on
 * that lead: its id, tag, name and card.
 */
async function inboxWithLead(
  page: Page,
  request: APIRequestContext,
  first: string,
  { failedEmails = 0 } = {},
) {
  const t = tag();
  if (failedEmails) {
    // Only this lead's emails fail: other specs send leads at the same time.
    await request.post(`${STUB_ORIGIN}/email/__fail?count=${failedEmails}&match=${t}`);
  }
  const name = `${first} ${t}`;
  const email = `${first.toLowerCase()}.${t}@example.com`;
  const id = await seedQuestionnaire(request, { name, company: `${first} Co`, email });
  await openInbox(page, t, request);
  return { id, t, name, card: leadCard(page, name) };
}

test.describe('the leads inbox', () => {
  test('nobody but an admin gets the inbox or any lead', async ({ page, request }) => {
    const user = fakeAccount('user');
    const calls = await openAs(page, user, leadsProject(user, ['user'], request));
    await expect(page.getByText(`Signed in as ${user.email}`)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Leads' })).toHaveCount(0);
    expect(calls.filter((c) => c.path === '/rest/v1/leads')).toEqual([]);
    // The admin-only function refuses a plain user's token as well.
    const notify = await request.post('/api/leads/notify', {
      headers: { Authorization: `Bearer ${user.token}` },
      data: { id: crypto.randomUUID() },
    });
    expect(notify.status()).toBe(403);
  });

  test('an admin sees every lead newest first: answers, source, time, notification', async ({
    page,
    request,
  }) => {
    const t = tag();
    await seedQuestionnaire(request, {
      name: `Jane ${t}`,
      company: `Acme ${t}`,
      email: `jane.${t}@example.com`,
      source: 'seo',
    });
    await seedChat(request, `pat.${t}@example.org`);
    await openInbox(page, t, request);

    const cards = inbox(page).getByRole('article');
    await expect(cards).toHaveCount(2);
    // The chat hand-off came last, so it is listed first.
    await expect(cards.first().getByRole('heading')).toHaveText(`pat.${t}@example.org`);
    const chat = leadCard(page, `pat.${t}@example.org`);
    await expect(chat.getByRole('list', { name: 'Status' })).toContainText('Chat hand-off');
    await expect(chat).toContainText('Chat hand-off on “audit”');
    await chat.getByText('Conversation (2 messages)').click();
    await expect(chat.getByRole('listitem').filter({ hasText: 'Visitor:' })).toHaveText(
      'Visitor: Can a person look at my audit results?',
    );

    const jane = leadCard(page, `Jane ${t}`);
    await expect(jane).toContainText('Questionnaire from “seo”');
    for (const text of [
      `Acme ${t}`,
      'Streamlining business operations',
      '$2,000 - $5,000/month',
      '1-3 months',
      'Automate intake.',
    ]) {
      await expect(jane.getByRole('definition').filter({ hasText: text })).toBeVisible();
    }
    await expect(jane.getByRole('link', { name: `jane.${t}@example.com` })).toHaveAttribute(
      'href',
      `mailto:jane.${t}@example.com`,
    );
    await expect(jane.getByRole('list', { name: 'Status' })).toContainText(/Notified \w{3} \d/);
    await expect(jane.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
    await expect(jane.getByRole('button', { name: 'Resend notification' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });

  test('a lead whose email failed is marked, and Resend notification sends it once', async ({
    page,
    request,
  }) => {
    const { id, card: sam } = await inboxWithLead(page, request, 'Sam', { failedEmails: 1 });
    await expect(sam.getByRole('list', { name: 'Status' })).toContainText(
      'Not notified (1 attempt: Email API answered 503 application_error)',
    );

    await sam.getByRole('button', { name: 'Resend notification' }).click();
    await expect(toasts(page)).toContainText('Notification sent');
    await expect(sam.getByRole('list', { name: 'Status' })).toContainText(/Notified \w{3} \d/);
    await expect(sam.getByRole('button', { name: 'Resend notification' })).toHaveCount(0);
    const sent = await (await request.get(`${STUB_ORIGIN}/email/__sent`)).json();
    expect(sent.filter((m: { key: string }) => m.key.startsWith(`lead-${id}-`))).toHaveLength(1);
  });

  test('a lead the Worker could not store shows above the inbox until dismissed', async ({
    page,
    request,
  }) => {
    const id = crypto.randomUUID();
    deadLetters.push({
      id,
      failed_at: new Date().toISOString(),
      error: 'The database refused the lead: PostgREST answered 400',
      payload: JSON.stringify({
        id,
        lead: { kind: 'chat', email: 'lee.lost@example.com', name: 'Lee Lost' },
      }),
    });
    await openInbox(page, tag(), request);
    const lost = inbox(page).getByRole('region', { name: 'Leads not stored (1)' });
    await expect(lost).toContainText('Lee Lost · lee.lost@example.com');
    await expect(lost).toContainText('The database refused the lead: PostgREST answered 400');
    await lost.getByText('The message as kept').click();
    await expect(lost.locator('pre')).toContainText('"kind": "chat"');
    await expectNoSeriousA11yViolations(page);
    await lost.getByRole('button', { name: 'Dismiss' }).click();
    await expect(lost).toHaveCount(0);
    expect(deadLetters).toEqual([]);
  });

  test('a failed resend says why and leaves the lead marked', async ({ page, request }) => {
    const { card: kim } = await inboxWithLead(page, request, 'Kim', { failedEmails: 2 });
    await kim.getByRole('button', { name: 'Resend notification' }).click();
    await expect(toasts(page).getByRole('alert')).toContainText(
      'The email was not sent: Email API answered 503 application_error',
    );
    await expect(kim.getByRole('list', { name: 'Status' })).toContainText(
      'Not notified (2 attempts',
    );
  });

  test('marks a lead contacted, and back', async ({ page, request }) => {
    const { t, card: lee } = await inboxWithLead(page, request, 'Lee');
    await lee.getByRole('button', { name: 'Mark contacted' }).click();
    await expect(lee.getByRole('list', { name: 'Status' })).toContainText(/Contacted \w{3} \d/);
    await page.reload();
    await inbox(page).getByLabel('Search leads').fill(t);
    await inbox(page).getByRole('button', { name: 'Search' }).click();
    await expect(lee.getByRole('list', { name: 'Status' })).toContainText('Contacted');
    await lee.getByRole('button', { name: 'Mark not contacted' }).click();
    await expect(lee.getByRole('list', { name: 'Status' })).not.toContainText('Contacted');
    await expect(lee.getByRole('button', { name: 'Mark contacted' })).toBeVisible();
  });

  test('searches by name, company or email', async ({ page, request }) => {
    const t = tag();
    await seedQuestionnaire(request, {
      name: `Ana ${t}a`,
      company: 'Harbor Bakery',
      email: `ana@${t}b.example.com`,
    });
    await seedQuestionnaire(request, {
      name: 'Ben Ortiz',
      company: `Ortiz ${t}c Works`,
      email: `ben@ortiz-${t}.example.com`,
    });
    for (const [term, names] of [
      [`${t}a`, [`Ana ${t}a`]],
      [`${t}B`, [`Ana ${t}a`]],
      [`ortiz ${t}c`, ['Ben Ortiz']],
      [t, ['Ben Ortiz', `Ana ${t}a`]],
    ] as const) {
      await openInbox(page, term, request);
      await expect(inbox(page).getByRole('article').getByRole('heading')).toHaveText([...names]);
    }
    await inbox(page).getByRole('button', { name: 'Show all' }).click();
    await expect(inbox(page).getByRole('status')).toContainText('Showing the newest');
  });

  test('exports the matching leads as CSV, with formulas defused', async ({ page, request }) => {
    const t = tag();
    await seedQuestionnaire(request, {
      name: `=HYPERLINK("http://evil.example","${t}")`,
      company: `@Co ${t}`,
      email: `csv.${t}@example.com`,
      priorities: '+1 more line\nand another',
    });
    await openInbox(page, t, request);
    const download = page.waitForEvent('download');
    await inbox(page).getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await file.path(), 'utf8');
    const records = csv
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(records[0]).toMatch(/^"Received","Kind","Name","Email","Company"/);
    expect(records).toHaveLength(2);
    expect(records[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""${t}"")"`);
    expect(records[1]).toContain(`"'@Co ${t}"`);
    expect(records[1]).toContain(`"'+1 more line\nand another"`);
  });

  test('deletes a lead only after confirming, for good', async ({ page, request }) => {
    const { id, name, card } = await inboxWithLead(page, request, 'Del');
    await card.getByRole('button', { name: 'Delete…' }).click();
    const confirm = card.getByRole('group', { name: 'Confirm deletion' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: 'Delete…' }).click();
    await confirm.getByRole('button', { name: 'Delete permanently' }).click();
    await expect(toasts(page)).toContainText(`${name} was erased.`);
    await expect(card).toHaveCount(0);
    const stored = await (await request.get(`${STUB_ORIGIN}/supabase/__leads`)).json();
    expect(stored.some((l: { id: string }) => l.id === id)).toBe(false);
  });
});
