import { createHash } from 'node:crypto';
import { test as defaultSite, type Page } from '@playwright/test';
import {
  answerSupabase,
  expect,
  fakeAccount,
  SESSION_KEY,
  sessionFor,
  storeSession,
  SUPABASE_ANON_KEY,
  test,
  type SupabaseReply,
} from './accounts-site';
import { expectNoSeriousA11yViolations } from './helpers';

// One worker builds and serves the accounts variant; its tests run in order there.
test.describe.configure({ mode: 'default' });

const SIGN_UP_SUCCESS =
  'Account created successfully! Please check your email to confirm your account.';

/** A promise the test resolves to let a held Supabase answer go. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/** The visible form of a tab. */
const tabPanel = (page: Page, name: 'Sign In' | 'Sign Up') => page.getByRole('tabpanel', { name });

/** base64url(SHA-256(verifier)): the PKCE challenge a verifier answers. */
const challengeOf = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/** Supabase Auth's answer to a successful password sign-in. */
function tokenAnswer(kind: 'admin' | 'user' = 'user'): SupabaseReply {
  return { status: 200, body: sessionFor(fakeAccount(kind)) };
}

test.describe('the auth card', () => {
  test('shows the welcome card, both providers, the Or divider and Sign In first', async ({
    page,
  }) => {
    await page.goto('/auth');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome' })).toBeVisible();
    await expect(page.getByText('Sign in to your account or create a new one')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Continue with LinkedIn' })).toBeEnabled();
    await expect(page.getByText('Or', { exact: true })).toBeVisible();
    const signInTab = page.getByRole('tab', { name: 'Sign In' });
    const signUpTab = page.getByRole('tab', { name: 'Sign Up' });
    await expect(signInTab).toHaveAttribute('aria-selected', 'true');
    await expect(signUpTab).toHaveAttribute('aria-selected', 'false');
    await expect(tabPanel(page, 'Sign Up')).toBeHidden();
    await expect(tabPanel(page, 'Sign In').getByLabel('Password')).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expectNoSeriousA11yViolations(page);

    // Arrow keys move between the tabs.
    await signInTab.focus();
    await page.keyboard.press('ArrowRight');
    await expect(signUpTab).toBeFocused();
    await expect(signUpTab).toHaveAttribute('aria-selected', 'true');
    await expect(tabPanel(page, 'Sign Up').getByLabel('Display Name (optional)')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('signs in: Signing In... with every button disabled, then home', async ({ page }) => {
    const hold = gate();
    const calls = await answerSupabase(page, async (call) => {
      if (call.path !== '/auth/v1/token') return undefined;
      await hold.opened;
      return tokenAnswer();
    });
    await page.goto('/auth');
    const form = tabPanel(page, 'Sign In');
    await form.getByLabel('Email').fill('ada@example.com');
    await form.getByLabel('Password').fill('correct horse');
    await form.getByRole('button', { name: 'Sign In' }).click();

    const running = form.getByRole('button', { name: 'Signing In...' });
    await expect(running).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Continue with LinkedIn' })).toBeDisabled();
    hold.open();

    await expect(page).toHaveURL(/\/$/);
    const [call] = calls.filter((c) => c.path === '/auth/v1/token');
    expect(call.method).toBe('POST');
    expect(call.query.get('grant_type')).toBe('password');
    expect(call.body).toMatchObject({ email: 'ada@example.com', password: 'correct horse' });
    expect(call.headers.apikey).toBe(SUPABASE_ANON_KEY);
    expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY)).toContain(
      'access_token',
    );
  });

  test('a wrong password shows Supabase’s message in a red alert and keeps what was typed', async ({
    page,
  }) => {
    await answerSupabase(page, (call) =>
      call.path === '/auth/v1/token'
        ? {
            status: 400,
            body: { error: 'invalid_grant', error_description: 'Invalid login credentials' },
          }
        : undefined,
    );
    await page.goto('/auth');
    const form = tabPanel(page, 'Sign In');
    await form.getByLabel('Email').fill('ada@example.com');
    await form.getByLabel('Password').fill('wrong');
    await form.getByRole('button', { name: 'Sign In' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toHaveText('Invalid login credentials');
    await expect(alert).toHaveClass(/red/);
    await expect(form.getByLabel('Email')).toHaveValue('ada@example.com');
    await expect(form.getByLabel('Password')).toHaveValue('wrong');
    await expect(form.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    await expect(page).toHaveURL(/\/auth$/);
    await expectNoSeriousA11yViolations(page);
  });

  test('a failure without a message reads Failed to sign in', async ({ page }) => {
    await answerSupabase(page, (call) =>
      call.path === '/auth/v1/token' ? { status: 400, body: {} } : undefined,
    );
    await page.goto('/auth');
    const form = tabPanel(page, 'Sign In');
    await form.getByLabel('Email').fill('ada@example.com');
    await form.getByLabel('Password').fill('whatever');
    await form.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText('Failed to sign in');
  });

  test('signs up with an optional display name: Creating Account..., then the green message', async ({
    page,
  }) => {
    const hold = gate();
    const calls = await answerSupabase(page, async (call) => {
      if (call.path !== '/auth/v1/signup') return undefined;
      await hold.opened;
      // With email confirmation on, Supabase answers the new user and no session.
      return {
        status: 200,
        body: {
          id: '00000000-0000-4000-8000-00000000abcd',
          aud: 'authenticated',
          email: call.body.email,
          user_metadata: call.body.data ?? {},
          identities: [{ provider: 'email' }],
          confirmation_sent_at: new Date().toISOString(),
        },
      };
    });
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    const panel = tabPanel(page, 'Sign Up');
    await panel.getByLabel('Display Name (optional)').fill('Ada Lovelace');
    await panel.getByLabel('Email').fill('ada@example.com');
    await panel.getByLabel('Password').fill('12345');
    await panel.getByRole('button', { name: 'Create Account' }).click();
    // Five characters: the browser refuses the form before anything is sent.
    expect(
      await panel
        .getByLabel('Password')
        .evaluate((el) => (el as HTMLInputElement).validity.tooShort),
    ).toBe(true);
    expect(calls).toHaveLength(0);

    await panel.getByLabel('Password').fill('123456');
    await panel.getByRole('button', { name: 'Create Account' }).click();
    await expect(panel.getByRole('button', { name: 'Creating Account...' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeDisabled();
    hold.open();

    const success = page.getByRole('status').filter({ hasText: SIGN_UP_SUCCESS });
    await expect(success).toBeVisible();
    await expect(success).toHaveClass(/emerald/);
    await expect(panel.getByRole('button', { name: 'Create Account' })).toBeEnabled();
    const [call] = calls;
    expect(call.body).toMatchObject({
      email: 'ada@example.com',
      password: '123456',
      data: { display_name: 'Ada Lovelace' },
    });
    expect(call.query.get('redirect_to')).toBe(`${new URL(page.url()).origin}/auth`);
    // PKCE: the confirmation link will carry a code only this browser can exchange.
    expect(call.body).toMatchObject({
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      code_challenge_method: 's256',
    });
    await expectNoSeriousA11yViolations(page);
  });

  test('a sign-up without a display name sends none, and a refusal shows Supabase’s message', async ({
    page,
  }) => {
    const calls = await answerSupabase(page, (call) =>
      call.path === '/auth/v1/signup'
        ? {
            status: 422,
            body: { code: 422, error_code: 'user_already_exists', msg: 'User already registered' },
          }
        : undefined,
    );
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    const panel = tabPanel(page, 'Sign Up');
    await panel.getByLabel('Email').fill('taken@example.com');
    await panel.getByLabel('Password').fill('secret-enough');
    await panel.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('alert')).toHaveText('User already registered');
    expect(calls[0].body.data?.display_name).toBeUndefined();
    await expect(panel.getByLabel('Email')).toHaveValue('taken@example.com');
  });

  test('Continue with Google leaves for Supabase’s authorize endpoint and returns to /auth', async ({
    page,
  }) => {
    const calls = await answerSupabase(page, (call) =>
      call.path === '/auth/v1/authorize'
        ? // The provider refused; Supabase sends the browser back with the reason.
          {
            status: 303,
            headers: {
              location: `${call.query.get('redirect_to')}?error=access_denied&error_code=provider_error`,
            },
          }
        : undefined,
    );
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page.getByRole('alert')).toHaveText('Failed to sign in with google');
    expect(calls[0].query.get('provider')).toBe('google');
    expect(calls[0].query.get('redirect_to')).toBe(`${new URL(page.url()).origin}/auth`);
    expect(calls[0].query.get('code_challenge_method')).toBe('s256');
    // The error parameters are gone from the address, and the buttons work again.
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('button', { name: 'Continue with LinkedIn' })).toBeEnabled();
  });

  test('a LinkedIn (OIDC) error shows the provider’s own message', async ({ page }) => {
    const calls = await answerSupabase(page, (call) =>
      call.path === '/auth/v1/authorize'
        ? {
            status: 303,
            headers: {
              location: `${call.query.get('redirect_to')}#error=server_error&error_description=Unable+to+exchange+external+code`,
            },
          }
        : undefined,
    );
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Continue with LinkedIn' }).click();
    await expect(page.getByRole('alert')).toHaveText('Unable to exchange external code');
    expect(calls[0].query.get('provider')).toBe('linkedin_oidc');
  });

  test('a social sign-in comes back with a code that is exchanged for a session (PKCE)', async ({
    page,
  }) => {
    let challenge = '';
    const calls = await answerSupabase(page, (call) => {
      if (call.path === '/auth/v1/authorize') {
        challenge = call.query.get('code_challenge') ?? '';
        // Google said yes; Supabase sends the browser back with a one-time code.
        return {
          status: 303,
          headers: { location: `${call.query.get('redirect_to')}?code=one-time-code` },
        };
      }
      if (call.path === '/auth/v1/token') return tokenAnswer();
      return undefined;
    });
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page).toHaveURL(/\/$/);
    const [exchange] = calls.filter((c) => c.path === '/auth/v1/token');
    expect(exchange.query.get('grant_type')).toBe('pkce');
    expect(exchange.body.auth_code).toBe('one-time-code');
    // The verifier this browser kept is the one the challenge was made from.
    expect(challengeOf(exchange.body.code_verifier)).toBe(challenge);
    expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY)).toContain(
      'access_token',
    );
  });

  test('a confirmation link opened in another browser says the address is confirmed', async ({
    page,
  }) => {
    const calls = await answerSupabase(page, () => undefined);
    await page.goto('/auth?code=code-from-another-browser');
    await expect(page.getByRole('status')).toHaveText(
      'Your email address is confirmed. Sign in with your email and password to continue.',
    );
    await expect(page).toHaveURL(/\/auth$/);
    await expect(tabPanel(page, 'Sign In').getByLabel('Email')).toBeVisible();
    // Without the verifier there is nothing to exchange, so nothing was sent.
    expect(calls.filter((c) => c.path === '/auth/v1/token')).toEqual([]);
  });

  test('a code Supabase refuses after a social sign-in reads as that provider’s failure', async ({
    page,
  }) => {
    await answerSupabase(page, (call) => {
      if (call.path === '/auth/v1/authorize') {
        return {
          status: 303,
          headers: { location: `${call.query.get('redirect_to')}?code=expired-code` },
        };
      }
      if (call.path === '/auth/v1/token') {
        return { status: 400, body: { code: 400, error_code: 'flow_state_expired', msg: 'x' } };
      }
      return undefined;
    });
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Continue with LinkedIn' }).click();
    await expect(page.getByRole('alert')).toHaveText('Failed to sign in with linkedin');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('with a session stored, a spinner shows while it is checked, then it goes home', async ({
    page,
  }) => {
    const hold = gate();
    // An expired access token: supabase-js refreshes it before answering the page.
    await storeSession(page, sessionFor(fakeAccount('user'), -60));
    const calls = await answerSupabase(page, async (call) => {
      if (call.path !== '/auth/v1/token') return undefined;
      await hold.opened;
      return tokenAnswer();
    });
    await page.goto('/auth');
    await expect(page.getByRole('status')).toContainText('Checking your session');
    await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveCount(0);
    hold.open();
    await expect(page).toHaveURL(/\/$/);
    expect(calls[0].query.get('grant_type')).toBe('refresh_token');
  });

  test('/auth?signout signs out, says so and shows the form', async ({ page }) => {
    await storeSession(page, sessionFor(fakeAccount('user')));
    const calls = await answerSupabase(page, (call) =>
      call.path === '/auth/v1/logout' ? { status: 204 } : undefined,
    );
    await page.goto('/auth?signout');
    await expect(page.getByRole('status')).toHaveText('You have been signed out.');
    await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('POST /auth/v1/logout');
    expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY)).toBeNull();
  });
});

defaultSite.describe('the auth page on a build without Supabase', () => {
  defaultSite('says plainly that accounts are not enabled, with no script', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome' })).toBeVisible();
    await expect(page.getByText('Accounts are not enabled on this site')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toHaveCount(0);
    await expect(page.locator('script[src], astro-island')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });
});
