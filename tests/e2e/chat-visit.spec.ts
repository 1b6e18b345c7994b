/**
 * The chat across a visit: replies that stream in (and one that breaks off), the conversation
 * kept when the visitor follows a cited link or opens the chat from another page, and 'New
 * conversation'. The hand-off to a person is chat-handoff.spec.ts.
 */
import { expect, test, type Route } from '@playwright/test';
import { openChat } from './helpers';

const CONNECTION_ERROR =
  "I apologize, but I'm having trouble connecting right now. Please try again in a moment.";

const sse = (events: [string, unknown][]) =>
  events.map(([event, data]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join('');

/** Answers /api/chat with a server-sent event stream, once `until` settles. */
function streamed(events: [string, unknown][], until?: Promise<void>) {
  return async (route: Route) => {
    await until;
    await route.fulfill({ status: 200, contentType: 'text/event-stream', body: sse(events) });
  };
}

test('a streamed reply shows, with its sources, and the typing indicator before it', async ({
  page,
}) => {
  // The reply waits until the typing indicator has been seen, however slow the machine.
  let release = () => {};
  const seen = new Promise<void>((resolve) => (release = resolve));
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
      seen,
    ),
  );
  const c = await openChat(page);
  await c.ask('How much is the workshop?');
  await expect(c.typing).toBeVisible();
  release();
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
  const c = await openChat(page);
  await c.ask('How much is data insights?');
  await expect(c.log).toContainText('Data Insights starts at');
  await expect(c.log.getByText(CONNECTION_ERROR)).toBeVisible();
});

test('the conversation survives following a cited link and opening the chat from another page', async ({
  page,
}) => {
  const c = await openChat(page);
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
