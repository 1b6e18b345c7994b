/**
 * A small PostgREST client for Supabase's REST API (`{SUPABASE_URL}/rest/v1`) using the
 * service-role key. The service role BYPASSES ROW-LEVEL SECURITY: this module is for server-side
 * functions only, and its key must never reach a browser. Checking a visitor's own access token
 * is not its job (that is Supabase Auth's, in its own module).
 */
import { supabaseProject, type Env, type SupabaseProject } from './env';

/** The project and its service-role key. */
export type PostgrestConfig = SupabaseProject;

/** The configuration when SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are both set. */
export function postgrestConfig(env: Env): PostgrestConfig | undefined {
  return supabaseProject(env, 'SUPABASE_SERVICE_ROLE_KEY');
}

/** PostgREST answered with an error status, or could not be reached in time. */
export class PostgrestError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'PostgrestError';
  }
}

export interface RequestOptions {
  /** Abort after this many milliseconds. */
  timeoutMs: number;
}

export interface InsertOptions extends RequestOptions {
  /** Column of the unique constraint to check (`on_conflict`). */
  onConflict?: string;
  /** Skip rows that would violate it instead of failing; they are then not returned. */
  ignoreDuplicates?: boolean;
}

/**
 * Inserts one row and returns the rows PostgREST created (`Prefer: return=representation`).
 * With `ignoreDuplicates`, a row whose `onConflict` value exists already is skipped and the
 * answer is an empty list.
 */
export async function insertRow<T>(
  config: PostgrestConfig,
  table: string,
  row: object,
  options: InsertOptions,
): Promise<T[]> {
  const prefer = ['return=representation'];
  if (options.ignoreDuplicates) prefer.push('resolution=ignore-duplicates');
  const query = options.onConflict ? `?on_conflict=${encodeURIComponent(options.onConflict)}` : '';
  return requestRows<T>(config, 'POST', `${table}${query}`, options, {
    body: JSON.stringify(row),
    prefer: prefer.join(','),
  });
}

/** Selects `columns` of the rows where each column in `equals` has the given value. */
export async function selectRows<T>(
  config: PostgrestConfig,
  table: string,
  columns: string,
  equals: Record<string, string>,
  options: RequestOptions,
): Promise<T[]> {
  const query: Record<string, string> = { select: columns };
  for (const [column, value] of Object.entries(equals)) query[column] = `eq.${value}`;
  return selectWhere<T>(config, table, query, options);
}

/**
 * Selects with a PostgREST query: `select`, `order`, `limit` and filters in PostgREST's own
 * syntax (`{notified_at: 'is.null', created_at: 'gte.2026-01-01T00:00:00Z'}`).
 */
export async function selectWhere<T>(
  config: PostgrestConfig,
  table: string,
  query: Record<string, string>,
  options: RequestOptions,
): Promise<T[]> {
  return requestRows<T>(config, 'GET', `${table}?${new URLSearchParams(query)}`, options);
}

/**
 * Updates the rows a PostgREST query matches with `patch` in one statement and returns the
 * rows it changed (`select` in the query picks their columns). Postgres re-checks the filters
 * on each row it locks, so two callers racing with the same conditions never both win a row.
 */
export async function updateWhere<T>(
  config: PostgrestConfig,
  table: string,
  query: Record<string, string>,
  patch: object,
  options: RequestOptions,
): Promise<T[]> {
  return requestRows<T>(config, 'PATCH', `${table}?${new URLSearchParams(query)}`, options, {
    body: JSON.stringify(patch),
    prefer: 'return=representation',
  });
}

/** Calls the database function `name` (POST /rest/v1/rpc/<name>) and answers its result. */
export async function callRpc<T>(
  config: PostgrestConfig,
  name: string,
  args: object,
  options: RequestOptions,
): Promise<T> {
  return request<T>(config, 'POST', `rpc/${encodeURIComponent(name)}`, options, {
    body: JSON.stringify(args),
  });
}

/**
 * A value inside a PostgREST logical filter (`or=(a.lt."x",b.is.null)`), where commas, dots,
 * colons and parentheses are reserved: double-quoted, with quotes and backslashes escaped.
 */
export function filterValue(value: string): string {
  return `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

/** A request whose answer must be a list of rows; anything else is an unreadable answer. */
async function requestRows<T>(...call: Parameters<typeof request>): Promise<T[]> {
  const rows = await request<unknown>(...call);
  if (!Array.isArray(rows)) throw new PostgrestError('PostgREST answer is not a list of rows');
  return rows as T[];
}

async function request<T>(
  config: PostgrestConfig,
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  options: RequestOptions,
  extra: { body?: string; prefer?: string } = {},
): Promise<T> {
  const headers: Record<string, string> = {
    apikey: config.key,
    Authorization: `Bearer ${config.key}`,
    Accept: 'application/json',
  };
  if (extra.body !== undefined) headers['Content-Type'] = 'application/json';
  if (extra.prefer) headers.Prefer = extra.prefer;
  let response: Response;
  try {
    response = await fetch(`${config.url}/rest/v1/${path}`, {
      method,
      headers,
      body: extra.body,
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (err) {
    throw new PostgrestError(`PostgREST unreachable: ${describe(err)}`);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new PostgrestError(`PostgREST answered ${response.status}`, response.status);
  }
  try {
    return (await response.json()) as T;
  } catch (err) {
    throw new PostgrestError(`PostgREST answer unreadable: ${describe(err)}`, response.status);
  }
}

function describe(err: unknown): string {
  return err instanceof Error ? `${err.name}: ${err.message}` : String(err);
}
