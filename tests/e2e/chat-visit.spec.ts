/**
 * The chat across a visit: replies that stream in (and one that breaks off), the conversation
 * kept when the visitor follows a cited link or opens the chat from another page, 'New
 * conversation', and the hand-off to a person through the lead pipeline.
 */
import { expect, test, type Page, type Route } from '@playwright/test';

const CONNECTION_ERROR =
  "I apologize, but I'm having trouble connecting right now. Please try again in a moment.";

function chat(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'AI Advisor' });
  const input = dialog.getByRole('textbox', { name: 'Your question' });
  return {
    dialog,
    input,
    log: dialog.getByRole('log', { name: 'Conversation' }),
    typing: dialog.getByRole('status').filter({ hasText: 'The advisor is typing' }),
    async ask(question: string) {
      await input.fill(question);
      await input.press('Enter');
    },
  };
}

const sse = (events: [string, unknown][]) =>
  events.map(([event, data]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join('');

/** Answers /api/chat with a server-sent event stream, after `delayMs`. */
function streamed(events: [string, unknown][], delayMs = 0) {
  return async (route: Route) => {
    if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
    await route.fulfill({ status: 200, contentType: 'text/event-stream', body: sse(events) });
  };
}

test('a streamed reply shows, with its sources, and the typing indicator before it', async ({
  page,
}) => {
  await page.route(
    '**/api/chat',
    streamed(
      [
        ['delta', { content: 'The **Discovery Workshop** ' }],
        ['delta', { content: 'starts at $750.' }],
        [
          'done',
          { sources: [{ title: 'Discovery Workshop', url: '/services/discovery-workshop' }] },
        ],
      ],
      600,
    ),
  );
  await page.goto('/');
  await page.getByRole('link', { name: 'Ask the AI Advisor' }).click();
  const c = chat(page);
  await c.ask('How much is the workshop?');
  await expect(c.typing).toBeVisible();
  await expect(c.log).toContainText('The Discovery Workshop starts at $750.');
  await expect(c.typing).toBeHidden();
  await expect(c.log.getByRole('link', { name: 'Discovery Workshop' })).toHaveAttribute(
    'href',
    '/services/discovery-workshop',
  );
  await expect(c.input).toBeEnabled();
});

test('a stream that breaks off keeps what arrived, then shows the connection message', async ({
  page,
}) => {
  // No `done` event: the connection ended midway.
  await page.route('**/api/chat', streamed([['delta', { content: 'Data Insights starts at' }]]));
  await page.goto('/');
  await page.getByRole('link', { name: 'Ask the AI Advisor' }).click();
  const c = chat(page);
  await c.ask('How much is data insights?');
  await expect(c.log).toContainText('Data Insights starts at');
  await expect(c.log.getByText(CONNECTION_ERROR)).toBeVisible();
});

test('the conversation survives following a cited link and opening the chat from another page', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Ask the AI Advisor' }).click();
  const c = chat(page);
  // The real built-in advisor, through the functions runtime.
  await c.ask('How much is the Discovery Workshop?');
  await expect(c.log).toContainText('$750');

  // Following a source link and coming back reopens the chat with the conversation.
  await c.log.getByRole('link', { name: 'Discovery Workshop' }).first().click();
  await expect(page).toHaveURL(/\/services\/discovery-workshop/);
  await page.goBack();
  await expect(c.dialog).toBeVisible();
  await expect(c.log).toContainText('How much is the Discovery Workshop?');
  await expect(c.log).toContainText('$750');

  // From another page, 'Got Questions?' opens it on home with the conversation still there.
  await page.goto('/articles');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Got Questions?' })
    .click();
  await expect(c.dialog).toBeVisible();
  await expect(c.log).toContainText('How much is the Discovery Workshop?');

  // 'New conversation' clears it, here and on the next page.
  await c.dialog.getByRole('button', { name: 'New conversation' }).click();
  await expect(c.log).not.toContainText('Discovery Workshop?');
  await page.goto('/');
  await page.getByRole('link', { name: 'Ask the AI Advisor' }).click();
  await expect(c.dialog).toBeVisible();
  await expect(c.log).not.toContainText('Discovery Workshop?');
});

test('asking for a person offers the questionnaire and an email hand-off that sends the transcript', async ({
  page,
}) => {
  const leads: { body: any; key: string | null }[] = [];
  await page.route('**/api/chat/lead', async (route) => {
    const request = route.request();
    leads.push({ body: request.postDataJSON(), key: await request.headerValue('Idempotency-Key') });
    const first = leads.length === 1;
    await route.fulfill({
      status: first ? 502 : 200,
      contentType: 'application/json',
      body: JSON.stringify(
        first ? { error: { code: 'x', message: 'down' } } : { ok: true, id: 'lead-1' },
      ),
    });
  });
  await page.goto('/');
  await page.getByRole('link', { name: 'Ask the AI Advisor' }).click();
  const c = chat(page);
  await c.ask('Can I talk to a real person?');
  await expect(c.log).toContainText('Happy to put you in touch with a person.');
  const email = c.log.getByLabel("Or leave your email and we'll reply");
  await email.fill('jane@example.com');
  await c.log.getByRole('button', { name: 'Send' }).click();
  // A failure keeps the address and says so; the retry goes through with the same key.
  await expect(c.log.getByRole('alert')).toContainText('could not be sent');
  await expect(email).toHaveValue('jane@example.com');
  await c.log.getByRole('button', { name: 'Send' }).click();
  await expect(c.log.getByRole('status')).toContainText("We've received your email");
  expect(leads).toHaveLength(2);
  expect(leads[1]!.key).toBe(leads[0]!.key);
  expect(leads[1]!.body).toEqual({
    email: 'jane@example.com',
    transcript: [
      { role: 'user', content: 'Can I talk to a real person?' },
      { role: 'assistant', content: expect.stringContaining('Happy to put you in touch') },
    ],
  });

  // The questionnaire is one click away.
  await c.log.page().reload();
  await page.getByRole('link', { name: 'Ask the AI Advisor' }).click();
  await c.log.getByRole('button', { name: 'Answer five short questions' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Ready to Transform Your Operations?' }),
  ).toBeVisible();
});
