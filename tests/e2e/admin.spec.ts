import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test as defaultSite, type Page } from '@playwright/test';
import {
  answerSupabase,
  expect,
  fakeAccount,
  openAs,
  sessionFor,
  storeSession,
  test,
  type FakeAccount,
  type SupabaseCall,
  type SupabaseProject,
} from './accounts-site';
import { expectNoSeriousA11yViolations, stubRequests } from './helpers';
import { KEY_PAGES } from '../../src/features/admin/submission';

// One worker builds and serves the accounts variant; its tests run in order there.
test.describe.configure({ mode: 'default' });

interface ListedUser {
  user_id: string;
  email: string;
  display_name: string | null;
  roles: string[];
}

/**
 * A small Supabase for the browser: roles for the signed-in account and the admin RPCs over an
 * in-memory user list, so the panel's calls and its refreshes can be followed.
 */
function fakeProject(
  me: FakeAccount,
  myRoles: string[],
  users: ListedUser[],
  overrides: Partial<Record<string, SupabaseProject>> = {},
): SupabaseProject {
  return (call) => {
    const name = call.path.replace('/rest/v1/rpc/', '');
    if (overrides[name]) return overrides[name](call);
    if (call.headers.authorization !== `Bearer ${me.token}`) return { status: 401, body: {} };
    switch (call.path) {
      case '/rest/v1/rpc/get_current_user_roles':
        return { status: 200, body: myRoles };
      case '/rest/v1/rpc/admin_list_users':
        return { status: 200, body: users };
      // The leads inbox and what prospects ask have their own specs; here they are empty.
      case '/rest/v1/advisor_questions':
      case '/rest/v1/leads':
        return { status: 200, body: [] };
      case '/rest/v1/rpc/admin_assign_role': {
        const user = users.find(
          (u) => u.email.toLowerCase() === String(call.body.target_email).toLowerCase(),
        );
        if (!user) return { status: 200, body: 'user_not_found' };
        if (user.roles.includes(call.body.new_role))
          return { status: 200, body: 'already_has_role' };
        user.roles.push(call.body.new_role);
        return { status: 200, body: 'assigned' };
      }
      case '/rest/v1/rpc/admin_remove_role': {
        const user = users.find((u) => u.user_id === call.body.target_user_id);
        if (!user?.roles.includes(call.body.old_role)) return { status: 200, body: 'not_held' };
        user.roles = user.roles.filter((r) => r !== call.body.old_role);
        return { status: 200, body: 'removed' };
      }
      case '/auth/v1/logout':
        return { status: 204 };
    }
    return undefined;
  };
}

function someUsers(admin: FakeAccount): ListedUser[] {
  return [
    { user_id: admin.id, email: admin.email, display_name: 'Ada Admin', roles: ['admin', 'user'] },
    {
      user_id: '00000000-0000-4000-8000-0000000000e1',
      email: 'Eddie.Editor@example.com',
      display_name: 'Eddie',
      roles: ['editor', 'user'],
    },
    {
      user_id: '00000000-0000-4000-8000-0000000000b1',
      email: 'uma@example.com',
      display_name: null,
      roles: ['user'],
    },
  ];
}

const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' });
const rpcCalls = (calls: SupabaseCall[], name: string) =>
  calls.filter((c) => c.path === `/rest/v1/rpc/${name}`);

test.describe('admin panels', () => {
  test('anonymous visitors get no admin code and see nothing', async ({ page }) => {
    const scripts: string[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script') scripts.push(await response.text());
    });
    const calls = await answerSupabase(page, () => undefined);
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    // The island waits for a stored session; without one nothing inside it renders.
    await expect(page.locator('#admin-area')).toHaveText('');
    await expect(page.locator('#admin-area astro-island > *')).toHaveCount(0);
    expect(scripts.length).toBeGreaterThan(0);
    // Neither the role panel nor the leads inbox is downloaded.
    expect(
      scripts.filter((s) => s.includes('Role Management') || s.includes('Resend notification')),
    ).toEqual([]);
    expect(calls).toEqual([]);
  });

  test('a signed-in account without the admin role sees no panel', async ({ page }) => {
    const user = fakeAccount('user');
    const calls = await openAs(page, user, fakeProject(user, ['user'], []));
    await expect(page.getByText(`Signed in as ${user.email}`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Role Management' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Search Engine Submission' })).toHaveCount(0);
    expect(rpcCalls(calls, 'get_current_user_roles')).toHaveLength(1);
    expect(rpcCalls(calls, 'admin_list_users')).toHaveLength(0);
  });

  test('a plain user whose own metadata claims admin sees no admin panel', async ({ page }) => {
    const user = fakeAccount('user');
    const session = sessionFor(user);
    // Users can write their own user_metadata (supabase.auth.updateUser); it grants nothing.
    session.user.user_metadata = { role: 'admin', roles: ['admin'], is_admin: true };
    await storeSession(page, session);
    const calls = await answerSupabase(page, fakeProject(user, ['user'], someUsers(user)));
    await page.goto('/');
    await expect(page.getByText(`Signed in as ${user.email}`)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Leads' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Role Management' })).toHaveCount(0);
    expect(rpcCalls(calls, 'admin_list_users')).toHaveLength(0);
  });

  test('a failed role check shows no panel, even to an admin', async ({ page }) => {
    const admin = fakeAccount('admin');
    await openAs(
      page,
      admin,
      fakeProject(admin, ['admin'], [], {
        get_current_user_roles: () => ({ status: 500, body: { message: 'boom' } }),
      }),
    );
    await expect(page.getByText(`Signed in as ${admin.email}`)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Role Management' })).toHaveCount(0);
  });

  test('an admin sees both panels and every user with their roles', async ({ page }) => {
    const admin = fakeAccount('admin');
    await openAs(page, admin, fakeProject(admin, ['admin', 'user'], someUsers(admin)));
    await expect(page.getByRole('heading', { name: 'Search Engine Submission' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Role Management' })).toBeVisible();
    const eddie = page.getByRole('list', { name: 'Roles of Eddie.Editor@example.com' });
    await expect(eddie.getByRole('button')).toHaveText(['editor×', 'user×']);
    await expect(page.getByRole('button', { name: /^Remove .* role from/ })).toHaveCount(5);
    await expect(page.getByText('Eddie', { exact: true })).toBeVisible();
    await page.getByRole('heading', { name: 'Role Management' }).scrollIntoViewIfNeeded();
    await expectNoSeriousA11yViolations(page);
  });

  test('assigning a role: the spec’s messages for each case', async ({ page }) => {
    const admin = fakeAccount('admin');
    const users = someUsers(admin);
    const calls = await openAs(page, admin, fakeProject(admin, ['admin', 'user'], users));
    const email = page.getByLabel('User email');
    const role = page.getByLabel('Role', { exact: true });
    const assign = page.getByRole('button', { name: 'Assign Role' });
    await expect(page.getByRole('list', { name: 'Roles of uma@example.com' })).toBeVisible();

    await assign.click();
    await expect(toasts(page)).toContainText('Please enter an email address');

    await email.fill('nobody@example.com');
    await assign.click();
    await expect(toasts(page)).toContainText('User not found. They must sign up first.');
    await expect(email).toHaveValue('nobody@example.com');

    await email.fill('eddie.editor@EXAMPLE.com');
    await role.selectOption('editor');
    await assign.click();
    await expect(toasts(page)).toContainText('User already has editor role');
    // None of those reached the database.
    expect(rpcCalls(calls, 'admin_assign_role')).toHaveLength(0);

    await email.fill('  UMA@example.com ');
    await assign.click();
    await expect(toasts(page)).toContainText('editor role assigned to UMA@example.com');
    expect(rpcCalls(calls, 'admin_assign_role').map((c) => c.body)).toEqual([
      { target_email: 'UMA@example.com', new_role: 'editor' },
    ]);
    const uma = page.getByRole('list', { name: 'Roles of uma@example.com' });
    await expect(uma.getByRole('button')).toHaveText(['editor×', 'user×']);
    await expect(email).toHaveValue('');
  });

  test('a refused assignment reads Failed to assign role', async ({ page }) => {
    const admin = fakeAccount('admin');
    await openAs(
      page,
      admin,
      fakeProject(admin, ['admin', 'user'], someUsers(admin), {
        admin_assign_role: () => ({ status: 403, body: { code: '42501', message: 'denied' } }),
      }),
    );
    await page.getByLabel('User email').fill('uma@example.com');
    await page.getByLabel('Role', { exact: true }).selectOption('admin');
    await page.getByRole('button', { name: 'Assign Role' }).click();
    await expect(toasts(page).getByRole('alert')).toContainText('Failed to assign role');
  });

  test('clicking a role badge removes that role, and the last admin stays', async ({ page }) => {
    const admin = fakeAccount('admin');
    const users = someUsers(admin);
    const calls = await openAs(
      page,
      admin,
      fakeProject(admin, ['admin', 'user'], users, {
        admin_remove_role: (call) => {
          if (call.body.old_role === 'admin') return { status: 200, body: 'last_admin' };
          const user = users.find((u) => u.user_id === call.body.target_user_id)!;
          user.roles = user.roles.filter((r) => r !== call.body.old_role);
          return { status: 200, body: 'removed' };
        },
      }),
    );
    await page
      .getByRole('button', { name: 'Remove editor role from Eddie.Editor@example.com' })
      .click();
    await expect(toasts(page)).toContainText('editor role removed');
    await expect(
      page.getByRole('list', { name: 'Roles of Eddie.Editor@example.com' }).getByRole('button'),
    ).toHaveText(['user×']);
    expect(rpcCalls(calls, 'admin_remove_role')[0].body).toEqual({
      target_user_id: '00000000-0000-4000-8000-0000000000e1',
      old_role: 'editor',
    });

    await page.getByRole('button', { name: `Remove admin role from ${admin.email}` }).click();
    await expect(toasts(page).getByRole('alert')).toContainText('Failed to remove role');
    await expect(
      page.getByRole('button', { name: `Remove admin role from ${admin.email}` }),
    ).toBeVisible();
  });

  test('a failed user list reads Failed to fetch users', async ({ page }) => {
    const admin = fakeAccount('admin');
    await openAs(
      page,
      admin,
      fakeProject(admin, ['admin', 'user'], [], {
        admin_list_users: () => ({ status: 500, body: { message: 'down' } }),
      }),
    );
    await expect(toasts(page).getByRole('alert')).toContainText('Failed to fetch users');
  });

  test('submits the current page through the real function and remembers when', async ({
    page,
  }) => {
    const admin = fakeAccount('admin');
    const marker = admin.token;
    await openAs(page, admin, fakeProject(admin, ['admin', 'user'], []), `/?from=${marker}`);
    await expect(page.getByText('Last submission: never')).toBeVisible();
    const submit = page.getByRole('button', { name: 'Submit Current Page' });
    await submit.click();
    await expect(toasts(page)).toContainText('Page Submitted');
    await expect(toasts(page)).toContainText(
      'Current page has been submitted for immediate indexing by search engines.',
    );
    const sent = (await stubRequests(page, '/indexnow')).filter((r) => r.body.includes(marker));
    expect(sent).toHaveLength(1);
    const origin = new URL(page.url()).origin;
    expect(JSON.parse(sent[0].body)).toMatchObject({
      host: new URL(origin).host,
      keyLocation: expect.stringMatching(new RegExp(`^${origin}/[\\w-]+\\.txt$`)),
      urlList: [`${origin}/?from=${marker}`],
    });
    await expect(page.getByText('Last submission: never')).toHaveCount(0);
    await page.reload();
    await expect(page.getByText(/^Last submission: \w{3} \d/)).toBeVisible();
  });

  test('submits the twelve key pages as absolute addresses on the site', async ({ page }) => {
    const admin = fakeAccount('admin');
    await openAs(page, admin, fakeProject(admin, ['admin', 'user'], []));
    const origin = new URL(page.url()).origin;
    const before = (await stubRequests(page, '/indexnow')).length;
    await page.getByRole('button', { name: /^Submit Key Pages/ }).click();
    await expect(toasts(page)).toContainText('Key Pages Submitted');
    await expect(toasts(page)).toContainText(
      'All key pages have been submitted for immediate indexing.',
    );
    const sent = (await stubRequests(page, '/indexnow'))
      .slice(before)
      .map((r) => JSON.parse(r.body))
      .filter((b) => b.host === new URL(origin).host);
    expect(sent.at(-1).urlList).toEqual(KEY_PAGES.map((p) => new URL(p, origin).href));
  });

  test('shows Submitting... while waiting, then Submission Failed or Submission Error', async ({
    page,
  }) => {
    const admin = fakeAccount('admin');
    await openAs(page, admin, fakeProject(admin, ['admin', 'user'], []));
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let mode: 'fail' | 'abort' = 'fail';
    await page.route('**/api/indexnow', async (route) => {
      if (mode === 'abort') return route.abort('failed');
      await held;
      await route.fulfill({ status: 502, json: { error: { code: 'x', message: 'y' } } });
    });
    await page.getByRole('button', { name: /^Submit Key Pages/ }).click();
    await expect(page.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Submit Current Page' })).toBeDisabled();
    release();
    await expect(toasts(page).getByRole('alert')).toContainText('Submission Failed');
    await expect(toasts(page)).toContainText('Could not submit key pages. Please try again.');

    mode = 'abort';
    await page.getByRole('button', { name: 'Submit Current Page' }).click();
    await expect(toasts(page)).toContainText('Submission Error');
    await expect(page.getByText('Last submission: never')).toBeVisible();
  });

  test('the function itself refuses anyone but an admin', async ({ request }) => {
    const post = (token?: string) =>
      request.post('/api/indexnow', {
        data: { urls: ['/'] },
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      });
    expect((await post()).status()).toBe(401);
    expect((await post('forged-token')).status()).toBe(401);
    expect((await post(fakeAccount('user').token)).status()).toBe(403);
    const ok = await post(fakeAccount('admin').token);
    expect(ok.status()).toBe(200);
    expect(await ok.json()).toEqual({ ok: true, submitted: 1 });
  });

  test('Sign out in one tab signs the other tab out too', async ({ page, context }) => {
    const admin = fakeAccount('admin');
    const project = fakeProject(admin, ['admin', 'user'], someUsers(admin));
    await openAs(page, admin, project);
    const other = await context.newPage();
    await answerSupabase(other, project);
    await other.goto('/');
    await expect(other.getByRole('heading', { name: 'Role Management' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Role Management' })).toBeVisible();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('heading', { name: 'Role Management' })).toHaveCount(0);
    await expect(other.getByRole('heading', { name: 'Role Management' })).toHaveCount(0);
    await expect(other.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
  });
});

defaultSite.describe('the IndexNow key file', () => {
  // Bound by tests/e2e/stubs/indexnow.stub.cjs.
  const KEY = 'e2e0indexnow0key0123456789abcdef';

  defaultSite('is served at /{INDEXNOW_KEY}.txt as text/plain', async ({ request }) => {
    const res = await request.get(`/${KEY}.txt`);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('text/plain');
    expect(await res.text()).toBe(KEY);
  });

  defaultSite('leaves robots.txt and llms.txt to the static files', async ({ request }) => {
    const dist = process.env.E2E_DIST ?? 'dist';
    for (const file of ['robots.txt', 'llms.txt']) {
      const res = await request.get(`/${file}`);
      expect(res.status(), file).toBe(200);
      expect(await res.text(), file).toBe(readFileSync(join(dist, file), 'utf8'));
    }
    expect((await request.get('/no-such-key.txt')).status()).toBe(404);
  });
});
