/**
 * The chat's hand-off to a person, through the real lead pipeline: the accounts build stores
 * leads in the Supabase stand-in and emails them through the email stand-in. That build has
 * Turnstile, so the hand-off shows the human check (served by route handlers,
 * ./turnstile-fake.ts) and the Worker checks its token with the siteverify stand-in.
 */
import { expect, test, TURNSTILE_DUMMY_TOKEN } from './accounts-site';
import { deliveredLeads, openChat, sentEmails, stubRequests, watchCsp } from './helpers';
import { serveTurnstile } from './turnstile-fake';

const CHALLENGE = 'Widget containing a Cloudflare security challenge';

test('asking for a person offers the questionnaire and an email hand-off that becomes a lead with the transcript', async ({
  page,
}) => {
  const address = `handoff-${Date.now()}@example.com`;
  const violations = await watchCsp(page);
  const turnstile = await serveTurnstile(page);
  // The human check does not pass until the test lets it.
  turnstile.available = false;
  // The first attempt never arrives; the retry goes through to the function.
  const keys: (string | null)[] = [];
  const tokens: unknown[] = [];
  await page.route('**/api/chat/lead', async (route) => {
    keys.push(await route.request().headerValue('Idempotency-Key'));
    tokens.push(route.request().postDataJSON().turnstileToken);
    if (keys.length === 1) await route.abort('connectionreset');
    else await route.continue();
  });
  const c = await openChat(page);
  await c.ask('Can I talk to a real person?');
  await expect(c.log).toContainText('Happy to put you in touch with a person.');
  const email = c.log.getByLabel("Or leave your email and we'll reply");
  await email.fill(address);
  const send = c.log.getByRole('button', { name: 'Send' });
  // No token, no sending: the check says what went wrong and can be tried again.
  await expect(c.log.getByRole('alert')).toContainText('The human check could not be completed');
  await expect(send).toBeDisabled();
  turnstile.available = true;
  await c.log.getByRole('button', { name: 'Try the check again' }).click();
  await expect(c.log.getByTitle(CHALLENGE)).toBeVisible();
  await expect(send).toBeEnabled();
  await send.click();
  // A failure keeps the address and says so; the retry, with a fresh token, carries the same key.
  await expect(c.log.getByRole('alert')).toContainText('could not be sent');
  await expect(email).toHaveValue(address);
  await expect(send).toBeEnabled();
  await send.click();
  await expect(c.log.getByRole('status')).toContainText("We've received your email");
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  expect(tokens).toEqual([TURNSTILE_DUMMY_TOKEN, TURNSTILE_DUMMY_TOKEN]);
  // The Worker checked the token with siteverify; the home page's CSP let the check load.
  const checks = await stubRequests(page, '/turnstile/siteverify');
  expect(
    checks.map((r: { body: string }) => new URLSearchParams(r.body).get('response')),
  ).toContain(TURNSTILE_DUMMY_TOKEN);
  expect(violations).toEqual([]);

  // One lead of kind chat, from the home page, with the conversation (the advisor's turn checked
  // against the signature the chat route gave it), and one email about it.
  const mine = await deliveredLeads(page.request, (l) => l.email === address);
  expect(mine[0]).toMatchObject({ kind: 'chat', source: 'home', notify_attempts: 1 });
  expect(mine[0].transcript).toEqual([
    { role: 'user', content: 'Can I talk to a real person?' },
    {
      role: 'assistant',
      content: expect.stringContaining('Happy to put you in touch'),
      verified: true,
    },
  ]);
  const sent = await sentEmails(page.request);
  const emails = sent.filter((m: { key: string }) => m.key.startsWith(`lead-${mine[0].id}-`));
  expect(emails).toHaveLength(1);
  expect(JSON.stringify(emails[0].message)).toContain('Can I talk to a real person?');

  // The questionnaire is one click away.
  await page.reload();
  await page.getByRole('link', { name: 'Ask the AI Advisor' }).click();
  await c.log.getByRole('button', { name: 'Answer five short questions' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Ready to Transform Your Operations?' }),
  ).toBeVisible();
});
