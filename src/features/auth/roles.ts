/**
 * The signed-in user's roles, read with rpc('get_current_user_roles') whenever the account
 * changes. Any error gives an empty list, so a failed check never shows admin tools.
 */
import { atom, computed, onMount } from 'nanostores';
import { getSupabase } from './supabase';
import { $session, $sessionLoading } from './session';

export const APP_ROLES = ['admin', 'editor', 'user'] as const;
export type AppRole = (typeof APP_ROLES)[number];

export type RolesState = { loading: true } | { loading: false; roles: AppRole[] };

export const $roles = atom<RolesState>({ loading: true });
export const $isAdmin = computed($roles, (s) => !s.loading && s.roles.includes('admin'));
export const $isEditor = computed($roles, (s) => !s.loading && s.roles.includes('editor'));

/** The known roles in an RPC answer (a list of role names); anything else is dropped. */
export function parseRoles(data: unknown): AppRole[] {
  if (!Array.isArray(data)) return [];
  return APP_ROLES.filter((role) => data.includes(role));
}

let loadedFor: string | null | undefined;
let request = 0;

async function load(userId: string | null): Promise<void> {
  if (userId === loadedFor) return;
  loadedFor = userId;
  const mine = ++request;
  if (!userId) {
    $roles.set({ loading: false, roles: [] });
    return;
  }
  $roles.set({ loading: true });
  let roles: AppRole[] = [];
  try {
    const client = await getSupabase();
    const { data, error } = client
      ? ((await client.rpc('get_current_user_roles')) as { data: unknown; error: unknown })
      : { data: null, error: true };
    roles = error ? [] : parseRoles(data);
  } catch {
    roles = [];
  }
  // A newer account change wins over a slow answer for the previous one.
  if (mine === request) $roles.set({ loading: false, roles });
}

onMount($roles, () => {
  const update = () => {
    if ($sessionLoading.get()) return;
    void load($session.get()?.user.id ?? null);
  };
  const stopSession = $session.subscribe(update);
  const stopLoading = $sessionLoading.subscribe(update);
  return () => {
    stopSession();
    stopLoading();
    loadedFor = undefined;
  };
});
