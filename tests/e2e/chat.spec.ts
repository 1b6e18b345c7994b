import { expect, test, type Page, type Route } from '@playwright/test';
import { chat, expectNoSeriousA11yViolations, openChat } from './helpers';

const CONNECTION_ERROR =
  "I apologize, but I'm having trouble connecting right now. Please try again in a moment.";
const PROCESSING_ERROR = 'I apologize, but I encountered an error processing your request.';

const navChatButton = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Got Questions?' });

/** Answers /api/chat with `body` (or fails), recording what the island sent. */
async function answerWith(page: Page, reply: (route: Route) => Promise<void>) {
  const sent: unknown[] = [];
  await page.route('**/api/chat', async (route) => {
    sent.push(route.request().postDataJSON());
    await reply(route);
  });
  return sent;
}

const json =
  (body: unknown, status = 200) =>
  (route: Route) =>
    route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });

test.describe('opening the chat', () => {
  test('its code is fetched only when the chat is first opened', async ({ page }) => {
    const chunks: string[] = [];
    page.on('request', (r) => {
      if (/\/_astro\/ChatDialog\.[\w-]+\.js$/.test(r.url())) chunks.push(r.url());
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(chunks).toEqual([]);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByRole('link', { name: 'Chat with our AI advisor' }).click();
    await expect(chat(page).dialog).toBeVisible();
    expect(chunks).toHaveLength(1);
  });

  for (const name of ['Chat with our AI advisor', 'Ask the AI Advisor', 'Start a conversation']) {
    test(`"${name}" opens the floating panel with the welcome message`, async ({ page }) => {
      await page.goto('/');
      await page.getByRole('link', { name }).click();
      const { dialog, input, log } = chat(page);
      await expect(dialog).toBeVisible();
      await expect(log).toContainText("Hi! I'm the");
      await expect(input).toBeFocused();
      const box = (await dialog.boundingBox())!;
      expect(box.height).toBeLessThanOrEqual(600);
      expect(box.width).toBeLessThan(page.viewportSize()!.width / 2);
      expect(page.url()).not.toContain('#');
    });
  }

  test('the nav button on home scrolls to the bottom, then opens the chat', async ({ page }) => {
    await page.goto('/');
    await navChatButton(page).click();
    await expect(chat(page).dialog).toBeVisible();
    const atBottom = await page.evaluate(
      () => Math.ceil(scrollY + innerHeight) >= document.documentElement.scrollHeight - 1,
    );
    expect(atBottom).toBe(true);
  });

  test('the nav button on another page goes home and opens the chat', async ({ page }) => {
    await page.goto('/consultants');
    await navChatButton(page).click();
    await expect(page).toHaveURL(/\/#chat$/);
    await expect(chat(page).dialog).toBeVisible();
  });

  test('the hero trigger opens the advisor full screen, as a modal', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Open the full-screen advisor' }).click();
    const { dialog } = chat(page);
    await expect(dialog).toBeVisible();
    const box = (await dialog.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box).toEqual({ x: 0, y: 0, width: viewport.width, height: viewport.height });
    expect(await dialog.evaluate((d) => d.matches(':modal'))).toBe(true);
    await expectNoSeriousA11yViolations(page);
  });

  test('on a small screen the panel fills the screen', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    await page.getByRole('link', { name: 'Chat with our AI advisor' }).click();
    const box = (await chat(page).dialog.boundingBox())!;
    expect(box).toEqual({ x: 0, y: 0, width: 360, height: 740 });
  });
});

test.describe('conversation', () => {
  test('sending shows the message, clears and disables the input, then shows the reply', async ({
    page,
  }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const sent = await answerWith(page, async (route) => {
      await held;
      await json({
        content: 'Here is **the answer**:\n\n- one\n- two',
        sources: [{ title: 'FAQ', url: '/#faq' }],
      })(route);
    });
    const c = await openChat(page);
    await c.ask('  What do you offer?  ');
    await expect(c.log).toContainText('What do you offer?');
    await expect(c.input).toHaveValue('');
    await expect(c.input).toBeDisabled();
    await expect(c.typing).toBeVisible();
    release();
    await expect(c.log.getByRole('strong')).toHaveText('the answer');
    await expect(c.log.getByRole('list').first().getByRole('listitem')).toHaveText(['one', 'two']);
    const sources = c.log.getByRole('list', { name: 'Sources' });
    await expect(sources.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/#faq');
    await expect(c.typing).toHaveCount(0);
    await expect(c.input).toBeEnabled();
    await expect(c.input).toBeFocused();
    // With the conversation's id, so "What prospects ask" counts a question once in it.
    expect(sent).toEqual([
      {
        conversation: expect.stringMatching(/^[0-9a-f]{32}$/),
        messages: [{ role: 'user', content: 'What do you offer?' }],
      },
    ]);
  });

  test('a non-OK answer and a network error give the connection message', async ({ page }) => {
    let fail: 'status' | 'network' = 'status';
    await answerWith(page, (route) =>
      fail === 'status'
        ? json({ error: { code: 'x', message: 'y' } }, 502)(route)
        : route.abort('failed'),
    );
    const c = await openChat(page);
    await c.ask('First question');
    await expect(c.log.getByText(CONNECTION_ERROR)).toHaveCount(1);
    fail = 'network';
    await c.ask('Second question');
    await expect(c.log.getByText(CONNECTION_ERROR)).toHaveCount(2);
    await expect(c.input).toBeEnabled();
  });

  test('an answer without content or message gives the processing message', async ({ page }) => {
    await answerWith(page, json({ ok: true }));
    const c = await openChat(page);
    await c.ask('Hello there');
    await expect(c.log).toContainText(PROCESSING_ERROR);
  });

  test('a reply may link over http(s) but a javascript: link renders as text', async ({ page }) => {
    await answerWith(
      page,
      json({ content: 'Try [click me](javascript:alert(1)) or [our site](https://example.com/).' }),
    );
    const c = await openChat(page);
    await c.ask('Links please');
    await expect(c.log.getByRole('link', { name: 'our site' })).toHaveAttribute(
      'href',
      'https://example.com/',
    );
    await expect(c.log).toContainText('click me');
    await expect(c.log.getByRole('link', { name: 'click me' })).toHaveCount(0);
    expect(await c.log.locator('a[href^="javascript"]').count()).toBe(0);
  });

  test('the built-in advisor answers from the site content through the real function', async ({
    page,
  }) => {
    const c = await openChat(page);
    await c.ask('How much is the Discovery Workshop?');
    const reply = c.log.getByText(/starts at/);
    await expect(reply).toContainText('$750');
    await expect(
      c.log.getByRole('link', { name: 'Discovery Workshop price' }).first(),
    ).toHaveAttribute('href', '/services/discovery-workshop#investment-heading');
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('choices', () => {
  test('a reply offering choices shows them as buttons; choosing one sends it as the next question', async ({
    page,
  }) => {
    let release!: () => void;
    const sent = await answerWith(page, async (route) => {
      if (sent.length === 1) {
        await json({
          content: 'Several sections match this about as well; choose one below to read it.',
          choices: ['What the support period covers', 'How the rollout works', '  '],
        })(route);
        return;
      }
      await new Promise<void>((resolve) => (release = resolve));
      await json({ content: 'The support period covers monitoring.' })(route);
    });
    const c = await openChat(page);
    await c.ask('What happens after launch?');
    const choices = c.log.getByRole('list', { name: 'Choose one' });
    await expect(choices.getByRole('button')).toHaveText([
      'What the support period covers',
      'How the rollout works',
    ]);
    await expectNoSeriousA11yViolations(page);
    await choices.getByRole('button', { name: 'What the support period covers' }).click();
    await expect(c.log).toContainText('You said: What the support period covers');
    await expect(choices.getByRole('button', { name: 'How the rollout works' })).toBeDisabled();
    release();
    await expect(c.log).toContainText('The support period covers monitoring.');
    await expect(choices.getByRole('button', { name: 'How the rollout works' })).toBeEnabled();
    expect(sent[1]).toEqual({
      conversation: expect.any(String),
      messages: [
        { role: 'user', content: 'What happens after launch?' },
        {
          role: 'assistant',
          content: 'Several sections match this about as well; choose one below to read it.',
        },
        { role: 'user', content: 'What the support period covers' },
      ],
    });
  });

  test('the built-in advisor offers the likely sections as choices when it cannot pick one, and a choice gets its section quoted', async ({
    page,
  }) => {
    const c = await openChat(page);
    await c.ask('what does the report include?');
    const choices = c.log.getByRole('list', { name: 'Choose one' }).first();
    const first = choices.getByRole('button').first();
    await expect(first).toBeVisible();
    const heading = (await first.textContent())!;
    // The reply names each choice as a link to its section, with its sentence that matches best.
    await expect(c.log.getByRole('link', { name: heading }).first()).toBeVisible();
    await first.click();
    const reply = c.log.locator('> div').last();
    await expect(reply.getByRole('link', { name: heading }).first()).toBeVisible();
  });
});

test.describe('keyboard', () => {
  test('Enter sends, Shift+Enter adds a line, blank messages are not sent', async ({ page }) => {
    const sent = await answerWith(page, json({ content: 'Noted.' }));
    const c = await openChat(page);
    await c.input.press('Enter');
    await c.input.fill('   ');
    await c.input.press('Enter');
    await expect(c.dialog.getByRole('button', { name: 'Send' })).toBeDisabled();
    await c.input.fill('Line one');
    await c.input.press('Shift+Enter');
    await c.input.pressSequentially('Line two');
    await expect(c.input).toHaveValue('Line one\nLine two');
    expect(sent).toEqual([]);
    await c.input.press('Enter');
    await expect(c.log).toContainText('Noted.');
    expect(sent).toEqual([
      {
        conversation: expect.any(String),
        messages: [{ role: 'user', content: 'Line one\nLine two' }],
      },
    ]);
  });

  test('Escape closes, focus returns to the opener, and the conversation is kept', async ({
    page,
  }) => {
    await answerWith(page, json({ content: 'Kept reply.' }));
    await page.goto('/');
    const opener = page.getByRole('link', { name: 'Ask the AI Advisor' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const c = chat(page);
    await expect(c.input).toBeFocused();
    await c.ask('Remember me');
    await expect(c.log).toContainText('Kept reply.');
    await page.keyboard.press('Escape');
    await expect(c.dialog).toBeHidden();
    await expect(opener).toBeFocused();

    const floating = page.getByRole('link', { name: 'Chat with our AI advisor' });
    await floating.click();
    await expect(c.log).toContainText('Remember me');
    await expect(c.log).toContainText('Kept reply.');
    await c.close.click();
    await expect(c.dialog).toBeHidden();
    await expect(floating).toBeFocused();
  });

  test('Escape closes the full-screen advisor too', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Open the full-screen advisor' }).click();
    const c = chat(page);
    await expect(c.input).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(c.dialog).toBeHidden();
  });
});

test('the open chat has no serious accessibility violations', async ({ page }) => {
  await answerWith(
    page,
    json({ content: 'A reply with a [link](/#faq).', sources: [{ title: 'FAQ', url: '/#faq' }] }),
  );
  await page.goto('/');
  await page.getByRole('link', { name: 'Chat with our AI advisor' }).click();
  const c = chat(page);
  await c.ask('Check accessibility');
  await expect(c.log).toContainText('A reply with a');
  await expectNoSeriousA11yViolations(page);
});
