/**
 * The role-management calls, through the browser client with the admin's own session. The
 * database refuses them for anyone else (see supabase/migrations).
 */
import { getSupabase } from '../auth/supabase';
import type { AppRole } from '../../stores/roles';
import { parseAdminUsers, type AdminUser } from './role-logic';

async function rpc(name: string, args?: Record<string, unknown>): Promise<unknown> {
  const client = await getSupabase();
  if (!client) throw new Error('Accounts are not enabled on this site.');
  const { data, error } = await client.rpc(name, args);
  if (error) throw new Error(error.message);
  return data;
}

/** Every account with its roles. */
export async function listUsers(): Promise<AdminUser[]> {
  return parseAdminUsers(await rpc('admin_list_users'));
}

/** Gives `role` to the account with `email`; resolves to the database's status. */
export function assignRole(email: string, role: AppRole): Promise<unknown> {
  return rpc('admin_assign_role', { target_email: email, new_role: role });
}

/** Takes `role` from the account; resolves to the database's status. */
export function removeRole(userId: string, role: AppRole): Promise<unknown> {
  return rpc('admin_remove_role', { target_user_id: userId, old_role: role });
}
