/** What the sign-in page uses of accounts when it is built: its words, and whether accounts are on. */
export { AUTH_COPY } from './messages';
export { supabaseConfigured } from './supabase';
