/**
 * PGlite (real Postgres in WebAssembly) with a stub of Supabase's auth schema and roles, every
 * migration in supabase/migrations applied in order, and helpers to act as anon, a signed-in
 * user or the service role the way PostgREST does: `set local role` plus `request.jwt.claims`.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

const root = join(import.meta.dirname, '..', '..');
const migrationsDir = join(root, 'supabase', 'migrations');

/** Migration files in the order Supabase applies them (timestamp prefix). */
export function migrationFiles(): string[] {
  return readdirSync(migrationsDir)
    .filter((f) => /^\d{14}_.+\.sql$/.test(f))
    .sort();
}

/** A fresh database: the Supabase stub, then every migration. */
export async function createDatabase(): Promise<PGlite> {
  const db = new PGlite();
  await db.exec(readFileSync(join(import.meta.dirname, 'supabase-stub.sql'), 'utf8'));
  for (const file of migrationFiles()) {
    try {
      await db.exec(readFileSync(join(migrationsDir, file), 'utf8'));
    } catch (err) {
      throw new Error(`Migration ${file} failed: ${(err as Error).message}`);
    }
  }
  return db;
}

/** Who runs a statement: the API role PostgREST switches to, and the JWT subject if any. */
export type Actor =
  | { role: 'owner' }
  | { role: 'anon' }
  | { role: 'service_role' }
  | { role: 'authenticated'; userId: string };

/** The database owner: the auth server, the trigger's caller, the project owner in SQL. */
export const owner: Actor = { role: 'owner' };
export const anon: Actor = { role: 'anon' };
export const serviceRole: Actor = { role: 'service_role' };
export const signedIn = (userId: string): Actor => ({ role: 'authenticated', userId });

/** The database as seen from inside an `as()` block. */
export type Session = Pick<PGlite, 'query' | 'exec'>;

/**
 * Runs `work` as `actor` inside a transaction that is always rolled back, so tests leave no
 * trace. Errors from `work` propagate after the rollback. Tests run one at a time per database.
 */
export async function as<T>(
  db: PGlite,
  actor: Actor,
  work: (session: Session) => Promise<T>,
): Promise<T> {
  const claims =
    actor.role === 'authenticated'
      ? { sub: actor.userId, role: 'authenticated' }
      : { role: actor.role };
  await db.exec('begin');
  try {
    await db.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
    if (actor.role !== 'owner') await db.exec(`set local role ${actor.role}`);
    return await work(db);
  } finally {
    await db.exec('rollback');
  }
}

/** What a statement did: its rows, or the Postgres error code and message. */
export type Outcome<R> =
  { ok: true; rows: R[]; affectedRows: number } | { ok: false; code: string; message: string };

let savepoints = 0;

/**
 * Runs one statement inside a savepoint and reports the outcome instead of throwing, so one
 * `as()` block can try several refused statements in a row.
 */
export async function attempt<R = Record<string, unknown>>(
  session: Session,
  sql: string,
  params: unknown[] = [],
): Promise<Outcome<R>> {
  const name = `attempt_${++savepoints}`;
  await session.exec(`savepoint ${name}`);
  try {
    const result = await session.query<R>(sql, params);
    await session.exec(`release savepoint ${name}`);
    return { ok: true, rows: result.rows, affectedRows: result.affectedRows ?? 0 };
  } catch (err) {
    await session.exec(`rollback to savepoint ${name}`);
    const e = err as { code?: string; message?: string };
    return { ok: false, code: e.code ?? 'unknown', message: e.message ?? String(err) };
  }
}

/**
 * Creates an account the way the auth server does (as the superuser), returning its id. The
 * address counts as confirmed unless `confirmed` is false (a sign-up still waiting for its link).
 */
export async function createUser(
  db: Session,
  email: string,
  metadata: Record<string, unknown> = {},
  { confirmed = true }: { confirmed?: boolean } = {},
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into auth.users (email, raw_user_meta_data, email_confirmed_at)
     values ($1, $2, case when $3 then now() end) returning id`,
    [email, JSON.stringify(metadata), confirmed],
  );
  return rows[0].id;
}

/** Postgres error codes the tests expect: no privilege, a duplicate key, a failed check. */
export const PERMISSION_DENIED = '42501';
export const UNIQUE_VIOLATION = '23505';
export const CHECK_VIOLATION = '23514';

/** The accounts most tests act as, by their role. */
export interface Staff {
  admin: string;
  editor: string;
  user: string;
}

/**
 * Creates admin@, editor@ and user@example.com, grants the admin and editor their roles, and
 * answers their ids. `metadata` gives each its profile (e.g. a display_name).
 */
export async function createStaff(
  db: Session,
  metadata: Partial<Record<keyof Staff, Record<string, unknown>>> = {},
): Promise<Staff> {
  const staff: Staff = { admin: '', editor: '', user: '' };
  for (const role of ['admin', 'editor', 'user'] as const) {
    staff[role] = await createUser(db, `${role}@example.com`, metadata[role]);
  }
  await grantRole(db, staff.admin, 'admin');
  await grantRole(db, staff.editor, 'editor');
  return staff;
}

/**
 * Calls public.`name` with `args` as PostgREST's rpc does, answering what it returns (the
 * admin functions answer a status such as 'assigned' or 'not_found').
 */
export async function rpc<T = string>(session: Session, name: string, ...args: unknown[]) {
  const params = args.map((_, i) => `$${i + 1}`).join(', ');
  const { rows } = await session.query<{ result: T }>(
    `select public.${name}(${params}) as result`,
    args,
  );
  return rows[0].result;
}

/** Gives a role directly, as the project owner appointing the first admin would. */
export async function grantRole(db: Session, userId: string, role: string): Promise<void> {
  await db.query('insert into public.user_roles (user_id, role) values ($1, $2)', [userId, role]);
}

/**
 * Roles of an account as stored, sorted: read as the owner even inside an `as()` block, then
 * back to the acting role.
 */
export async function rolesOf(session: Session, userId: string): Promise<string[]> {
  const { rows: who } = await session.query<{ role: string }>('select current_user as role');
  await session.exec('reset role');
  try {
    const { rows } = await session.query<{ role: string }>(
      'select role::text as role from public.user_roles where user_id = $1 order by role',
      [userId],
    );
    return rows.map((r) => r.role);
  } finally {
    await session.exec(`set local role ${who[0].role}`);
  }
}
