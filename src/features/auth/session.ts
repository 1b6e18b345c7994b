/**
 * The signed-in session, shared by the auth card and the admin panels. Loading until the first
 * stored session is read; then it follows Supabase's auth events (sign-in, sign-out, token
 * refresh), including a sign-out in another tab. Components call the actions below.
 */
import { atom, computed, onMount } from 'nanostores';
import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { SESSION_STORAGE_KEY, getSupabase, supabaseConfigured } from './supabase';

export const $session = atom<Session | null>(null);
/** True until the stored session has been read once. */
export const $sessionLoading = atom(supabaseConfigured);
export const $user = computed($session, (session) => session?.user ?? null);

/**
 * The session after an auth event. Sign-in, refresh and user updates carry the new session;
 * sign-out clears it; events without a session change nothing.
 */
export function sessionAfter(
  event: AuthChangeEvent,
  session: Session | null,
  current: Session | null,
): Session | null {
  if (event === 'SIGNED_OUT') return null;
  if (session) return session;
  return event === 'INITIAL_SESSION' ? null : current;
}

/**
 * Whether a storage event from another tab removed the stored session. supabase-js tells other
 * tabs through a BroadcastChannel; this also covers browsers without one and cleared storage.
 */
export function storageSignedOut(event: Pick<StorageEvent, 'key' | 'newValue'>): boolean {
  return event.key === null || (event.key === SESSION_STORAGE_KEY && event.newValue === null);
}

let started = false;

/** Reads the stored session once and subscribes to auth events; runs on first subscriber. */
function start(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  window.addEventListener('storage', (event) => {
    if (storageSignedOut(event)) $session.set(null);
  });
  void (async () => {
    const client = await getSupabase();
    if (!client) {
      $sessionLoading.set(false);
      return;
    }
    client.auth.onAuthStateChange((event, session) => {
      // Runs inside supabase-js's lock: only update state here, never call the client.
      if ($sessionLoading.get()) return;
      $session.set(sessionAfter(event, session, $session.get()));
    });
    try {
      const { data } = await client.auth.getSession();
      $session.set(data.session);
    } catch {
      $session.set(null);
    }
    $sessionLoading.set(false);
  })();
}

onMount($session, start);
onMount($sessionLoading, start);

/** An error message for the caller to show, or null on success. */
export type AuthResult = { error: string | null };

async function requireClient() {
  const client = await getSupabase();
  if (!client) throw new Error('Accounts are not enabled on this site.');
  return client;
}

/** Signs in with email and password. */
export async function signInWithPassword(email: string, password: string): Promise<AuthResult> {
  const { error } = await (await requireClient()).auth.signInWithPassword({ email, password });
  return { error: error ? error.message : null };
}

export interface SignUpInput {
  email: string;
  password: string;
  displayName?: string | undefined;
}

/**
 * Creates an account. `confirmationPending` is true when Supabase sent a confirmation email
 * instead of signing the user in.
 */
export async function signUp(
  input: SignUpInput,
  redirectTo: string,
): Promise<AuthResult & { confirmationPending: boolean }> {
  const displayName = input.displayName?.trim();
  const { data, error } = await (
    await requireClient()
  ).auth.signUp({
    email: input.email,
    password: input.password,
    options: {
      emailRedirectTo: redirectTo,
      ...(displayName ? { data: { display_name: displayName } } : {}),
    },
  });
  return { error: error ? error.message : null, confirmationPending: !error && !data.session };
}

/** Social providers offered on the auth card, by Supabase's provider id. */
export type SocialProvider = 'google' | 'linkedin_oidc';

/** Leaves for the provider's sign-in page; resolves only if that could not start. */
export async function signInWithProvider(
  provider: SocialProvider,
  redirectTo: string,
): Promise<AuthResult> {
  const { error } = await (
    await requireClient()
  ).auth.signInWithOAuth({ provider, options: { redirectTo } });
  return { error: error ? error.message : null };
}

/** Signs out here and, through storage, in the other tabs. */
export async function signOut(): Promise<void> {
  const client = await getSupabase();
  if (!client) return;
  const { error } = await client.auth.signOut();
  // Offline or a session the server already forgot: still forget it in this browser.
  if (error) await client.auth.signOut({ scope: 'local' });
  $session.set(null);
}

/** The current access token (refreshed if it was about to expire), or null when signed out. */
export async function accessToken(): Promise<string | null> {
  const client = await getSupabase();
  if (!client) return null;
  const { data } = await client.auth.getSession();
  return data.session?.access_token ?? null;
}
