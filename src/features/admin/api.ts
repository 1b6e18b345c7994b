/**
 * The admin panels' calls: role management and the leads inbox through the browser client with
 * the admin's own session (the database refuses them for anyone else, see
 * supabase/migrations), and 'Resend notification' through POST /api/leads/notify.
 */
import { accessToken, getSupabase, type AppRole } from '../auth';
import { parseAdminUsers, type AdminUser } from './role-logic';
import type { LeadNotifyAnswer, LeadNotifyRequest } from './contract';
import { STORED_LEAD_COLUMNS, parseStoredLeads, type StoredLead } from '../leads';
import { searchFilter } from './leads-inbox';
import { DEAD_LETTER_COLUMNS, parseDeadLetters, type DeadLetter } from './dead-letters';
import { INSIGHT_DAYS, QUESTION_COLUMNS, parseQuestions, type AskedQuestion } from '../insights';

async function client() {
  const supabase = await getSupabase();
  if (!supabase) throw new Error('Accounts are not enabled on this site.');
  return supabase;
}

async function rpc(name: string, args?: Record<string, unknown>): Promise<unknown> {
  const { data, error } = (await (await client()).rpc(name, args)) as {
    data: unknown;
    error: { message: string } | null;
  };
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

/** A page of leads, newest first, optionally only those whose name, company or email match. */
export async function listLeads(options: {
  search?: string;
  offset: number;
  limit: number;
}): Promise<StoredLead[]> {
  let query = (await client())
    .from('leads')
    .select(STORED_LEAD_COLUMNS)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .range(options.offset, options.offset + options.limit - 1);
  const filter = searchFilter(options.search ?? '');
  if (filter) query = query.or(filter);
  const { data, error } = await query;
  if (error) throw new Error(error.message);
  return parseStoredLeads(data);
}

/** Marks the lead contacted now, or not contacted; resolves to the stored time. */
export async function setContacted(id: string, contacted: boolean): Promise<string | null> {
  const { data, error } = await (
    await client()
  )
    .from('leads')
    .update({ contacted_at: contacted ? new Date().toISOString() : null })
    .eq('id', id)
    .select('contacted_at');
  if (error) throw new Error(error.message);
  const [row] = (data ?? []) as { contacted_at: string | null }[];
  if (!row) throw new Error('The lead was not found.');
  return row.contacted_at;
}

/** The leads the Worker could not store, newest first (at most 50). */
export async function listDeadLetters(): Promise<DeadLetter[]> {
  const { data, error } = await (
    await client()
  )
    .from('lead_dead_letters')
    .select(DEAD_LETTER_COLUMNS)
    .order('failed_at', { ascending: false })
    .limit(50);
  if (error) throw new Error(error.message);
  return parseDeadLetters(data);
}

/** Removes a dead letter an admin has dealt with. */
export async function dismissDeadLetter(id: string): Promise<void> {
  const { error } = await (await client()).from('lead_dead_letters').delete().eq('id', id);
  if (error) throw new Error(error.message);
}

/** The questions prospects asked the advisor in the last INSIGHT_DAYS days, newest first. */
export async function listQuestions(now = new Date()): Promise<AskedQuestion[]> {
  const since = new Date(now.getTime() - INSIGHT_DAYS * 24 * 60 * 60_000).toISOString();
  const { data, error } = await (
    await client()
  )
    .from('advisor_questions')
    .select(QUESTION_COLUMNS)
    .gte('created_at', since)
    .order('created_at', { ascending: false })
    .limit(2000);
  if (error) throw new Error(error.message);
  return parseQuestions(data);
}

/** Marks questions as covered by new content, now; resolves to the time stored. */
export async function markCovered(ids: readonly string[]): Promise<string> {
  const at = new Date().toISOString();
  const { error } = await (
    await client()
  )
    .from('advisor_questions')
    .update({ covered_at: at })
    .in('id', [...ids]);
  if (error) throw new Error(error.message);
  return at;
}

/** Erases the lead (a privacy request); resolves to admin_delete_lead's status. */
export function deleteLead(id: string): Promise<unknown> {
  return rpc('admin_delete_lead', { target_lead_id: id });
}

/** Emails the lead to the firm again through the outbox; throws with the server's message. */
export async function resendNotification(
  id: string,
  fetcher: typeof fetch = fetch,
): Promise<LeadNotifyAnswer> {
  const token = await accessToken();
  if (!token) throw new Error('Sign in again to do this.');
  const body: LeadNotifyRequest = { id };
  const response = await fetcher('/api/leads/notify', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => null)) as
    LeadNotifyAnswer | { error?: { message?: string } } | null;
  if (response.ok && answer && 'status' in answer) return answer;
  const message = answer && 'error' in answer ? answer.error?.message : undefined;
  throw new Error(message ?? `The server answered ${response.status}.`);
}
