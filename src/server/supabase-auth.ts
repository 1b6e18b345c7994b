/**
 * Checks who is calling, with the caller's own Supabase access token: Supabase Auth
 * (GET {SUPABASE_URL}/auth/v1/user) says whether the token is a live session, and PostgREST
 * (rpc get_current_user_roles, run with that same token, so row-level security applies) says
 * which roles the account holds. The anon key is only the gateway's apikey; nothing here uses
 * the service role.
 */
import { supabaseProject, type Env, type SupabaseProject } from './env';
import { HttpError } from './http';
import { log } from './log';

/** Both checks together stay well under a second; a slow upstream gets this long each. */
export const SUPABASE_AUTH_TIMEOUT_MS = 5_000;

/** Access tokens are JWTs of a few hundred bytes; anything much longer is not one of ours. */
const MAX_TOKEN_LENGTH = 8_192;

/** The project and its anon key (the gateway's apikey). */
export type SupabaseAuthConfig = SupabaseProject;

/** The configuration when SUPABASE_URL and SUPABASE_ANON_KEY are both set. */
export function supabaseAuthConfig(env: Env): SupabaseAuthConfig | undefined {
  return supabaseProject(env, 'SUPABASE_ANON_KEY');
}

/** The token of an `Authorization: Bearer <token>` header, if there is a plausible one. */
export function bearerToken(request: Request): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('Authorization') ?? '');
  const token = match?.[1];
  return token && token.length <= MAX_TOKEN_LENGTH ? token : undefined;
}

export interface CallerAccount {
  id: string;
  email: string | undefined;
  roles: string[];
}

const unauthenticated = () =>
  new HttpError(401, 'unauthenticated', 'Sign in to do this.', undefined, {
    'WWW-Authenticate': 'Bearer',
  });

const unavailable = () =>
  new HttpError(502, 'auth_unavailable', 'Could not check your session right now. Try again.');

/**
 * The account behind `token`, with its roles. Throws 401 when the token is not a live session
 * and 502 when Supabase cannot be reached or answers nonsense.
 */
export async function verifyCaller(
  config: SupabaseAuthConfig,
  token: string,
  timeoutMs = SUPABASE_AUTH_TIMEOUT_MS,
): Promise<CallerAccount> {
  const headers = {
    apikey: config.key,
    Authorization: `Bearer ${token}`,
    Accept: 'application/json',
  };
  const user = await call(`${config.url}/auth/v1/user`, { headers }, timeoutMs);
  // Supabase Auth answers 401 or 403 (bad_jwt, session_not_found) and 404 for a deleted user.
  if ([401, 403, 404].includes(user.status)) throw unauthenticated();
  const account = user.body as { id?: unknown; email?: unknown } | undefined;
  if (user.status !== 200 || typeof account?.id !== 'string') throw unavailable();

  const roles = await call(
    `${config.url}/rest/v1/rpc/get_current_user_roles`,
    { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: '{}' },
    timeoutMs,
  );
  if (roles.status === 401) throw unauthenticated();
  if (roles.status !== 200 || !Array.isArray(roles.body)) throw unavailable();
  return {
    id: account.id,
    email: typeof account.email === 'string' ? account.email : undefined,
    roles: roles.body.filter((r): r is string => typeof r === 'string'),
  };
}

/**
 * The calling admin, from the request's bearer token. Throws 401 without a live session, 403
 * for anyone but an admin. A site without accounts configured cannot tell who calls, so it
 * answers 401 too (and logs why): an anonymous caller learns nothing about the configuration.
 */
export async function requireAdmin(
  request: Request,
  env: Env,
  timeoutMs = SUPABASE_AUTH_TIMEOUT_MS,
): Promise<CallerAccount> {
  const config = supabaseAuthConfig(env);
  const token = bearerToken(request);
  if (!token) throw unauthenticated();
  if (!config) {
    log.error('admin.auth_not_configured', { reason: 'SUPABASE_URL or SUPABASE_ANON_KEY unset' });
    throw unauthenticated();
  }
  const caller = await verifyCaller(config, token, timeoutMs);
  if (!caller.roles.includes('admin')) {
    throw new HttpError(403, 'forbidden', 'Only admins can do this.');
  }
  return caller;
}

async function call(
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<{ status: number; body: unknown }> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    log.warn('supabase.auth_unreachable', { error: err instanceof Error ? err.name : 'error' });
    throw unavailable();
  }
  const text = await response.text();
  try {
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  } catch {
    return { status: response.status, body: undefined };
  }
}
