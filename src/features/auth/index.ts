/**
 * What other features use of accounts in the browser: the session, the caller's roles
 * (nanostores the auth card and the admin panels share) and the browser's Supabase client.
 */
export { $session, $sessionLoading, accessToken, signOut } from './session';
export { $roles, APP_ROLES, parseRoles, type AppRole } from './roles';
export { SESSION_STORAGE_KEY, getSupabase, supabaseConfigured } from './supabase';
