/**
 * The one browser Supabase client (anon key), created only when PUBLIC_SUPABASE_URL and
 * PUBLIC_SUPABASE_ANON_KEY were set at build time. supabase-js is imported on first use, so
 * pages that merely check for a stored session (the home page's admin area) download nothing.
 * The session lives in localStorage and refreshes itself. Sign-ins that leave the site use the
 * PKCE flow: /auth receives `?code=` and supabase-js exchanges it (exchangeCodeForSession).
 */
import type { SupabaseClient } from '@supabase/supabase-js';

// Plain constants (no calls) so a build without them drops every use below as dead code.
const url: string = import.meta.env.PUBLIC_SUPABASE_URL ?? '';
const anonKey: string = import.meta.env.PUBLIC_SUPABASE_ANON_KEY ?? '';

/** Whether accounts are enabled on this build. */
export const supabaseConfigured = url !== '' && anonKey !== '';

/**
 * Where supabase-js keeps the session: its own default name (`sb-<project ref>-auth-token`),
 * spelled out so a page can look for a session without loading the library.
 */
export const SESSION_STORAGE_KEY = supabaseConfigured
  ? `sb-${new URL(url).hostname.split('.')[0]}-auth-token`
  : '';

/** Whether this browser holds a Supabase session (possibly expired: the client refreshes it). */
export function hasStoredSession(): boolean {
  if (!supabaseConfigured) return false;
  try {
    return localStorage.getItem(SESSION_STORAGE_KEY) !== null;
  } catch {
    // Storage blocked (privacy settings): no session can persist either.
    return false;
  }
}

let client: Promise<SupabaseClient | null> | undefined;

/** The shared client, or null when accounts are not enabled on this build. */
export function getSupabase(): Promise<SupabaseClient | null> {
  if (!supabaseConfigured) return Promise.resolve(null);
  client ??= import('@supabase/supabase-js').then(({ createClient }) =>
    createClient(url, anonKey, {
      auth: {
        // Social sign-in and confirmation links come back with a one-time code that only the
        // browser which started them can exchange (it holds the verifier), never with tokens
        // in the address.
        flowType: 'pkce',
        persistSession: true,
        autoRefreshToken: true,
        detectSessionInUrl: true,
        storageKey: SESSION_STORAGE_KEY,
        storage: globalThis.localStorage,
      },
    }),
  );
  return client;
}
