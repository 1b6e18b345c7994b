import type { Session } from '@supabase/supabase-js';
import { describe, expect, it, vi } from 'vitest';
import { sessionAfter, storageSignedOut } from '../../src/features/auth/session';
import { parseRoles } from '../../src/features/auth/roles';
import {
  failureMessage,
  oauthReturnError,
  codeReturnNotice,
  withoutOAuthParams,
} from '../../src/features/auth/auth-logic';
import {
  assignmentNotice,
  parseAdminUsers,
  planAssignment,
  removalNotice,
  type AdminUser,
} from '../../src/features/admin/role-logic';
import {
  KEY_PAGES,
  LAST_SUBMISSION_KEY,
  readLastSubmission,
  submissionNotice,
  submitUrls,
  writeLastSubmission,
} from '../../src/features/admin/submission';

const session = (token: string) => ({ access_token: token }) as Session;

describe('session store transitions', () => {
  it('follows sign-in, refresh and sign-out, and ignores events without a session', () => {
    const a = session('a');
    const b = session('b');
    expect(sessionAfter('SIGNED_IN', a, null)).toBe(a);
    expect(sessionAfter('TOKEN_REFRESHED', b, a)).toBe(b);
    expect(sessionAfter('SIGNED_OUT', null, a)).toBeNull();
    expect(sessionAfter('USER_UPDATED', null, a)).toBe(a);
    expect(sessionAfter('INITIAL_SESSION', null, a)).toBeNull();
  });

  it('treats removal of the stored session in another tab as a sign-out', () => {
    // Without PUBLIC_SUPABASE_* the storage key is empty; only clearing storage counts then.
    expect(storageSignedOut({ key: null, newValue: null })).toBe(true);
    expect(storageSignedOut({ key: 'other', newValue: null })).toBe(false);
  });
});

describe('roles', () => {
  it('keeps the known roles of an RPC answer and nothing else', () => {
    expect(parseRoles(['user', 'admin', 'superuser'])).toEqual(['admin', 'user']);
    expect(parseRoles({ roles: ['admin'] })).toEqual([]);
    expect(parseRoles(null)).toEqual([]);
  });
});

describe('auth card messages', () => {
  it('shows Supabase’s message, else the spec’s fallback', () => {
    expect(failureMessage('Invalid login credentials', 'Failed to sign in')).toBe(
      'Invalid login credentials',
    );
    expect(failureMessage('  ', 'Failed to sign in')).toBe('Failed to sign in');
    expect(failureMessage('{}', 'Failed to sign up')).toBe('Failed to sign up');
    expect(failureMessage(null, 'Failed to sign up')).toBe('Failed to sign up');
  });

  it('reads a provider error from the query or the fragment, naming the provider', () => {
    expect(oauthReturnError('', '', 'google')).toBeNull();
    expect(oauthReturnError('?error=access_denied', '', 'google')).toBe(
      'Failed to sign in with google',
    );
    expect(oauthReturnError('', '#error=server_error', 'linkedin_oidc')).toBe(
      'Failed to sign in with linkedin',
    );
    expect(
      oauthReturnError('?error=x&error_description=Email+not+confirmed', '', 'linkedin_oidc'),
    ).toBe('Email not confirmed');
    expect(oauthReturnError('?error=x', '', null)).toBe('Failed to sign in');
  });

  it('cleans the error and sign-out parameters from the address', () => {
    expect(withoutOAuthParams('/auth', '?error=a&error_code=b&error_description=c')).toBe('/auth');
    expect(withoutOAuthParams('/auth', '?signout&keep=1')).toBe('/auth?keep=1');
    expect(withoutOAuthParams('/auth', '?code=abc&sb_flow_id=f1&keep=1')).toBe('/auth?keep=1');
  });

  it('explains a sign-in code that did not become a session', () => {
    expect(codeReturnNotice('', null)).toBeNull();
    expect(codeReturnNotice('?signout', 'google')).toBeNull();
    // A confirmation link: Supabase confirmed the address before sending the browser here.
    expect(codeReturnNotice('?code=abc', null)).toEqual({
      kind: 'success',
      text: 'Your email address is confirmed. Sign in with your email and password to continue.',
    });
    expect(codeReturnNotice('?code=abc', 'linkedin_oidc')).toEqual({
      kind: 'error',
      text: 'Failed to sign in with linkedin',
    });
  });
});

describe('role management', () => {
  const users: AdminUser[] = [
    {
      userId: '1',
      email: 'Ada@Example.com',
      displayName: 'Ada',
      emailConfirmed: true,
      roles: ['admin', 'user'],
    },
    {
      userId: '2',
      email: 'uma@example.com',
      displayName: null,
      emailConfirmed: true,
      roles: ['user'],
    },
    {
      userId: '3',
      email: 'pending@example.com',
      displayName: null,
      emailConfirmed: false,
      roles: ['user'],
    },
  ];

  it('reads admin_list_users rows and drops malformed ones', () => {
    expect(
      parseAdminUsers([
        {
          user_id: '1',
          email: 'a@example.com',
          display_name: 'A',
          email_confirmed: true,
          roles: ['user', 'x'],
        },
        { user_id: '2', email: 'b@example.com', email_confirmed: false, roles: [] },
        { email: 'no-id@example.com' },
        null,
      ]),
    ).toEqual([
      {
        userId: '1',
        email: 'a@example.com',
        displayName: 'A',
        emailConfirmed: true,
        roles: ['user'],
      },
      { userId: '2', email: 'b@example.com', displayName: null, emailConfirmed: false, roles: [] },
    ]);
    expect(parseAdminUsers('nope')).toEqual([]);
  });

  it('refuses an empty address, an unknown account and a role already held', () => {
    expect(planAssignment(users, '   ', 'user')).toMatchObject({
      kind: 'refuse',
      notice: { description: 'Please enter an email address', variant: 'destructive' },
    });
    expect(planAssignment(users, 'x@example.com', 'user')).toMatchObject({
      kind: 'refuse',
      notice: { description: 'User not found. They must sign up first.' },
    });
    expect(planAssignment(users, ' ada@EXAMPLE.com ', 'admin')).toMatchObject({
      kind: 'refuse',
      notice: { description: 'User already has admin role', variant: 'info' },
    });
    expect(planAssignment(users, 'pending@example.com', 'editor')).toMatchObject({
      kind: 'refuse',
      notice: { description: expect.stringMatching(/^That address is not confirmed yet/) },
    });
    expect(planAssignment(users, ' UMA@example.com', 'editor')).toEqual({
      kind: 'assign',
      email: 'UMA@example.com',
      role: 'editor',
    });
  });

  it('maps each database status to the spec’s message', () => {
    expect(assignmentNotice('assigned', 'editor', 'uma@example.com')).toMatchObject({
      description: 'editor role assigned to uma@example.com',
      variant: 'success',
    });
    expect(assignmentNotice('already_has_role', 'user', 'a').description).toBe(
      'User already has user role',
    );
    expect(assignmentNotice('user_not_found', 'user', 'a').description).toBe(
      'User not found. They must sign up first.',
    );
    expect(assignmentNotice('email_unconfirmed', 'editor', 'a').description).toMatch(
      /not confirmed yet/,
    );
    expect(assignmentNotice(undefined, 'user', 'a').description).toBe('Failed to assign role');
    expect(removalNotice('removed', 'editor')).toMatchObject({
      description: 'editor role removed',
      variant: 'success',
    });
    expect(removalNotice('last_admin', 'admin')).toMatchObject({
      title: 'Failed to remove role',
      variant: 'destructive',
    });
    expect(removalNotice('not_held', 'admin').description).toBe('Failed to remove role');
  });
});

describe('search-engine submission', () => {
  it('lists the spec’s twelve key pages: home, articles, consultants, audit and services', () => {
    expect(KEY_PAGES).toHaveLength(12);
    expect(new Set(KEY_PAGES).size).toBe(12);
    expect(KEY_PAGES.slice(0, 4)).toEqual(['/', '/articles', '/consultants', '/audit']);
    const services = KEY_PAGES.slice(4).map((p) => p.replace(/^\/services\//, ''));
    expect(services.sort()).toEqual(
      [
        'ai-implementation-consulting',
        'ai-strategy-training',
        'ai-website-optimization',
        'data-insights',
        'discovery-workshop',
        'nonprofit-support',
        'operations-consulting',
        'seo',
      ].sort(),
    );
  });

  it('posts the addresses with the bearer token, and reports false without a session', async () => {
    const fetcher = vi.fn(async () => new Response('{}', { status: 200 }));
    expect(await submitUrls(['/a'], 'token-1', fetcher)).toBe(true);
    expect(fetcher).toHaveBeenCalledWith('/api/indexnow', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer token-1' },
      body: JSON.stringify({ urls: ['/a'] }),
    });
    expect(await submitUrls(['/a'], null, fetcher)).toBe(false);
    expect(fetcher).toHaveBeenCalledTimes(1);
    const refusing = vi.fn(async () => new Response('{}', { status: 403 }));
    expect(await submitUrls(['/a'], 'token-1', refusing)).toBe(false);
  });

  it('gives the spec’s messages for success, failure and exceptions', () => {
    expect(submissionNotice('current', { ok: true })).toMatchObject({
      title: 'Page Submitted',
      description: 'Current page has been submitted for immediate indexing by search engines.',
    });
    expect(submissionNotice('key-pages', { ok: true })).toMatchObject({
      title: 'Key Pages Submitted',
      description: 'All key pages have been submitted for immediate indexing.',
    });
    expect(submissionNotice('current', { ok: false })).toMatchObject({
      title: 'Submission Failed',
      description: 'Could not submit page to the service. Please try again.',
    });
    expect(submissionNotice('key-pages', { ok: false }).description).toBe(
      'Could not submit key pages. Please try again.',
    );
    expect(submissionNotice('current', { thrown: new TypeError('Failed to fetch') })).toMatchObject(
      { title: 'Submission Error', description: 'Failed to fetch' },
    );
  });

  it('remembers the last submission time, surviving bad or blocked storage', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    };
    expect(readLastSubmission(storage)).toBeNull();
    const when = new Date('2026-11-21T10:00:00Z');
    writeLastSubmission(storage, when);
    expect(store.get(LAST_SUBMISSION_KEY)).toBe('2026-11-21T10:00:00.000Z');
    expect(readLastSubmission(storage)).toEqual(when);
    store.set(LAST_SUBMISSION_KEY, 'garbage');
    expect(readLastSubmission(storage)).toBeNull();
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(readLastSubmission(blocked)).toBeNull();
    expect(() => writeLastSubmission(blocked, when)).not.toThrow();
  });
});
