import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHECK_VIOLATION,
  PERMISSION_DENIED,
  anon,
  as,
  attempt,
  createDatabase,
  createStaff,
  createUser,
  grantRole,
  owner,
  rolesOf,
  rpc,
  serviceRole,
  signedIn,
  type Session,
  type Staff,
} from './harness';

let db: PGlite;
let ids: Staff & { other: string };

beforeAll(async () => {
  db = await createDatabase();
  const staff = await createStaff(db, {
    admin: { display_name: 'Ada Admin' },
    editor: { display_name: 'Eddie Editor' },
    user: { display_name: 'Uma User' },
  });
  ids = { ...staff, other: await createUser(db, 'Other.Person@Example.com') };
}, 60_000);

afterAll(async () => {
  await db?.close();
});

/** The caller's roles through the RPC the browser uses. */
async function currentRoles(session: Session): Promise<string[]> {
  const { rows } = await session.query<{ roles: string[] }>(
    'select public.get_current_user_roles()::text[] as roles',
  );
  return rows[0].roles;
}

describe('schema', () => {
  it('enables row level security on every table in public', async () => {
    const { rows } = await db.query<{ relname: string; relrowsecurity: boolean }>(
      `select c.relname, c.relrowsecurity from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind = 'r' order by c.relname`,
    );
    expect(rows.map((r) => r.relname)).toEqual([
      'advisor_questions',
      'lead_dead_letters',
      'leads',
      'profiles',
      'user_roles',
    ]);
    expect(rows.filter((r) => !r.relrowsecurity)).toEqual([]);
  });

  it('runs every security definer function with an empty search_path', async () => {
    const { rows } = await db.query<{ proname: string; proconfig: string[] | null }>(
      `select p.proname, p.proconfig from pg_proc p
       join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public' and p.prosecdef order by p.proname`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(6);
    for (const row of rows) expect(row.proconfig, row.proname).toContain('search_path=""');
  });

  it('gives no API role a write grant on user_roles except the service role', async () => {
    const { rows } = await db.query<{ grantee: string; privilege_type: string }>(
      `select grantee, privilege_type from information_schema.role_table_grants
       where table_schema = 'public' and table_name = 'user_roles'
         and grantee in ('anon', 'authenticated')
       order by grantee, privilege_type`,
    );
    expect(rows).toEqual([{ grantee: 'authenticated', privilege_type: 'SELECT' }]);
  });
});

describe('sign-up trigger', () => {
  it('fills the profile from the sign-up metadata and gives the user role', async () => {
    const { rows } = await db.query(
      'select email, display_name from public.profiles where user_id = $1',
      [ids.user],
    );
    expect(rows).toEqual([{ email: 'user@example.com', display_name: 'Uma User' }]);
    expect(await rolesOf(db, ids.user)).toEqual(['user']);
  });

  it('uses a social provider name when no display name was given, and null for blanks', async () => {
    await as(db, owner, async (s) => {
      const social = await createUser(s, 'social@example.com', { full_name: 'Sam Social' });
      const blank = await createUser(s, 'blank@example.com', { display_name: '   ' });
      const { rows } = await s.query<{ email: string; display_name: string | null }>(
        'select email, display_name from public.profiles where user_id in ($1, $2) order by email',
        [social, blank],
      );
      expect(rows).toEqual([
        { email: 'blank@example.com', display_name: null },
        { email: 'social@example.com', display_name: 'Sam Social' },
      ]);
    });
  });

  it('cuts an over-long display name from sign-up metadata to 100 characters', async () => {
    await as(db, owner, async (s) => {
      const long = await createUser(s, 'long@example.com', { display_name: 'N'.repeat(5000) });
      const { rows } = await s.query<{ display_name: string }>(
        'select display_name from public.profiles where user_id = $1',
        [long],
      );
      expect(rows[0].display_name).toBe('N'.repeat(100));
    });
  });

  it('keeps the profile email in step with an email change', async () => {
    await as(db, owner, async (s) => {
      await s.query('update auth.users set email = $1 where id = $2', [
        'uma@example.org',
        ids.user,
      ]);
      const { rows } = await s.query('select email from public.profiles where user_id = $1', [
        ids.user,
      ]);
      expect(rows).toEqual([{ email: 'uma@example.org' }]);
    });
  });

  it('removes the profile and roles with the account', async () => {
    await as(db, owner, async (s) => {
      await s.query('delete from auth.users where id = $1', [ids.editor]);
      const profiles = await s.query('select 1 from public.profiles where user_id = $1', [
        ids.editor,
      ]);
      expect(profiles.rows).toHaveLength(0);
      expect(await rolesOf(s, ids.editor)).toEqual([]);
    });
  });

  it('never turns metadata into a role, even when the auth server stores a role claim', async () => {
    await as(db, owner, async (s) => {
      await s.query(
        `update auth.users set raw_user_meta_data = '{"role":"admin","roles":["admin"]}' where id = $1`,
        [ids.user],
      );
      expect(await rolesOf(s, ids.user)).toEqual(['user']);
      const late = await createUser(s, 'late@example.com', { role: 'admin' });
      expect(await rolesOf(s, late)).toEqual(['user']);
    });
  });
});

describe('anonymous visitors', () => {
  it('cannot read profiles or roles', async () => {
    await as(db, anon, async (s) => {
      for (const table of ['public.profiles', 'public.user_roles', 'auth.users']) {
        const read = await attempt(s, `select * from ${table}`);
        expect(read, table).toMatchObject({ ok: false, code: PERMISSION_DENIED });
      }
    });
  });

  it('cannot call any role function', async () => {
    await as(db, anon, async (s) => {
      for (const call of [
        'select public.get_current_user_roles()',
        `select public.has_role('${ids.admin}', 'admin')`,
        'select * from public.admin_list_users()',
        `select public.admin_assign_role('user@example.com', 'admin')`,
        `select public.admin_remove_role('${ids.admin}', 'admin')`,
      ]) {
        expect(await attempt(s, call), call).toMatchObject({ ok: false, code: PERMISSION_DENIED });
      }
    });
  });
});

describe('a plain user', () => {
  const me = () => signedIn(ids.user);

  it('reads only their own roles and profile', async () => {
    await as(db, me(), async (s) => {
      expect(await currentRoles(s)).toEqual(['user']);
      const roles = await s.query<{ user_id: string; role: string }>(
        'select user_id, role::text as role from public.user_roles',
      );
      expect(roles.rows).toEqual([{ user_id: ids.user, role: 'user' }]);
      const profiles = await s.query<{ user_id: string }>('select user_id from public.profiles');
      expect(profiles.rows).toEqual([{ user_id: ids.user }]);
      const check = await s.query<{ admin: boolean }>(
        `select public.has_role($1, 'admin') as admin`,
        [ids.user],
      );
      expect(check.rows[0].admin).toBe(false);
    });
  });

  it('cannot ask has_role about anybody else', async () => {
    await as(db, me(), async (s) => {
      for (const [id, role] of [
        [ids.admin, 'admin'],
        [ids.editor, 'editor'],
        [ids.other, 'user'],
      ]) {
        const probe = await attempt(s, 'select public.has_role($1, $2)', [id, role]);
        expect(probe, `${role} of ${id}`).toMatchObject({ ok: false, code: PERMISSION_DENIED });
      }
    });
  });

  it('can change their own display name but nobody else’s', async () => {
    await as(db, me(), async (s) => {
      const own = await attempt(
        s,
        `update public.profiles set display_name = 'Uma' where user_id = $1`,
        [ids.user],
      );
      expect(own).toMatchObject({ ok: true, affectedRows: 1 });
      const other = await attempt(
        s,
        `update public.profiles set display_name = 'Hacked' where user_id = $1`,
        [ids.admin],
      );
      expect(other).toMatchObject({ ok: true, affectedRows: 0 });
    });
    const { rows } = await db.query('select display_name from public.profiles where user_id = $1', [
      ids.admin,
    ]);
    expect(rows).toEqual([{ display_name: 'Ada Admin' }]);
  });

  it('keeps their display name to 1-100 characters', async () => {
    await as(db, me(), async (s) => {
      const set = (name: string) =>
        attempt(s, 'update public.profiles set display_name = $1 where user_id = $2', [
          name,
          ids.user,
        ]);
      expect(await set('x'.repeat(100))).toMatchObject({ ok: true, affectedRows: 1 });
      for (const name of ['x'.repeat(101), '', '   ']) {
        expect(await set(name), JSON.stringify(name)).toMatchObject({
          ok: false,
          code: CHECK_VIOLATION,
        });
      }
    });
  });

  it('cannot change their profile’s email or user_id, or create a profile', async () => {
    await as(db, me(), async (s) => {
      for (const sql of [
        `update public.profiles set email = 'admin@example.com' where user_id = '${ids.user}'`,
        `update public.profiles set user_id = '${ids.admin}' where user_id = '${ids.user}'`,
        `insert into public.profiles (user_id, email) values ('${ids.other}', 'x@example.com')`,
        `delete from public.profiles where user_id = '${ids.user}'`,
      ]) {
        expect(await attempt(s, sql), sql).toMatchObject({ ok: false, code: PERMISSION_DENIED });
      }
    });
  });

  it('cannot give themselves a role by inserting, updating or deleting user_roles rows', async () => {
    await as(db, me(), async (s) => {
      for (const sql of [
        `insert into public.user_roles (user_id, role) values ('${ids.user}', 'admin')`,
        `insert into public.user_roles (user_id, role) values ('${ids.user}', 'editor')`,
        `update public.user_roles set role = 'admin' where user_id = '${ids.user}'`,
        `update public.user_roles set user_id = '${ids.user}' where role = 'admin'`,
        `delete from public.user_roles where role = 'admin'`,
        `delete from public.user_roles where user_id = '${ids.user}'`,
      ]) {
        expect(await attempt(s, sql), sql).toMatchObject({ ok: false, code: PERMISSION_DENIED });
      }
    });
    expect(await rolesOf(db, ids.user)).toEqual(['user']);
    expect(await rolesOf(db, ids.admin)).toEqual(['admin', 'user']);
  });

  it('cannot call the admin functions', async () => {
    await as(db, me(), async (s) => {
      for (const call of [
        'select * from public.admin_list_users()',
        `select public.admin_assign_role('user@example.com', 'admin')`,
        `select public.admin_remove_role('${ids.admin}', 'admin')`,
        'select public.assert_admin()',
      ]) {
        expect(await attempt(s, call), call).toMatchObject({ ok: false, code: PERMISSION_DENIED });
      }
    });
    expect(await rolesOf(db, ids.user)).toEqual(['user']);
  });

  it('cannot reach auth.users to edit their own metadata', async () => {
    await as(db, me(), async (s) => {
      for (const sql of [
        `update auth.users set raw_user_meta_data = '{"role":"admin"}' where id = '${ids.user}'`,
        `update auth.users set raw_app_meta_data = '{"role":"admin"}' where id = '${ids.user}'`,
        `select raw_user_meta_data from auth.users where id = '${ids.user}'`,
      ]) {
        expect(await attempt(s, sql), sql).toMatchObject({ ok: false, code: PERMISSION_DENIED });
      }
    });
  });
});

describe('an editor', () => {
  it('sees their roles but is refused every admin function and direct write', async () => {
    await as(db, signedIn(ids.editor), async (s) => {
      expect(await currentRoles(s)).toEqual(['editor', 'user']);
      for (const sql of [
        'select * from public.admin_list_users()',
        `select public.admin_assign_role('editor@example.com', 'admin')`,
        `select public.admin_remove_role('${ids.admin}', 'admin')`,
        `insert into public.user_roles (user_id, role) values ('${ids.editor}', 'admin')`,
        `update public.user_roles set role = 'admin' where user_id = '${ids.editor}'`,
      ]) {
        expect(await attempt(s, sql), sql).toMatchObject({ ok: false, code: PERMISSION_DENIED });
      }
    });
    expect(await rolesOf(db, ids.editor)).toEqual(['editor', 'user']);
  });
});

describe('an admin', () => {
  const me = () => signedIn(ids.admin);

  it('lists every user with their roles', async () => {
    await as(db, me(), async (s) => {
      expect(await currentRoles(s)).toEqual(['admin', 'user']);
      const { rows } = await s.query<{
        email: string;
        display_name: string | null;
        roles: string[];
      }>('select email, display_name, roles::text[] as roles from public.admin_list_users()');
      // Accounts created in the same microsecond tie on created_at; compare as a set.
      const byEmail = [...rows].sort((a, b) => a.email.localeCompare(b.email));
      expect(byEmail).toEqual([
        { email: 'admin@example.com', display_name: 'Ada Admin', roles: ['admin', 'user'] },
        { email: 'editor@example.com', display_name: 'Eddie Editor', roles: ['editor', 'user'] },
        { email: 'Other.Person@Example.com', display_name: null, roles: ['user'] },
        { email: 'user@example.com', display_name: 'Uma User', roles: ['user'] },
      ]);
    });
  });

  it('assigns a role by email, case-insensitively, once', async () => {
    await as(db, me(), async (s) => {
      const assign = (email: string, role: string) => rpc(s, 'admin_assign_role', email, role);
      expect(await assign('  other.person@EXAMPLE.com ', 'editor')).toBe('assigned');
      expect(await rolesOf(s, ids.other)).toEqual(['editor', 'user']);
      expect(await assign('OTHER.PERSON@example.com', 'editor')).toBe('already_has_role');
      expect(await assign('nobody@example.com', 'user')).toBe('user_not_found');
      expect(await assign('   ', 'user')).toBe('email_required');
      expect(await assign('user@example.com', 'admin')).toBe('assigned');
      expect(await rolesOf(s, ids.user)).toEqual(['admin', 'user']);
    });
  });

  it('gives no role to an address that is not confirmed yet', async () => {
    await as(db, me(), async (s) => {
      await s.exec('reset role');
      const pending = await createUser(s, 'pending@example.com', {}, { confirmed: false });
      await s.exec('set local role authenticated');
      expect(await rpc(s, 'admin_assign_role', 'pending@example.com', 'editor')).toBe(
        'email_unconfirmed',
      );
      expect(await rolesOf(s, pending)).toEqual(['user']);
      const listed = await s.query<{ email: string; email_confirmed: boolean }>(
        `select email, email_confirmed from public.admin_list_users()
         where email in ('pending@example.com', 'user@example.com') order by email`,
      );
      expect(listed.rows).toEqual([
        { email: 'pending@example.com', email_confirmed: false },
        { email: 'user@example.com', email_confirmed: true },
      ]);
    });
  });

  it('may ask has_role about any account', async () => {
    await as(db, me(), async (s) => {
      const { rows } = await s.query<{ editor: boolean }>(
        `select public.has_role($1, 'editor') as editor`,
        [ids.editor],
      );
      expect(rows[0].editor).toBe(true);
    });
  });

  it('removes a role, and says when the role was not held', async () => {
    await as(db, me(), async (s) => {
      const remove = (userId: string, role: string) => rpc(s, 'admin_remove_role', userId, role);
      expect(await remove(ids.editor, 'editor')).toBe('removed');
      expect(await rolesOf(s, ids.editor)).toEqual(['user']);
      expect(await remove(ids.editor, 'editor')).toBe('not_held');
    });
  });

  it('cannot remove the last admin, but can once another admin exists', async () => {
    await as(db, me(), async (s) => {
      const remove = (userId: string) => rpc(s, 'admin_remove_role', userId, 'admin');
      expect(await remove(ids.admin)).toBe('last_admin');
      expect(await rolesOf(s, ids.admin)).toEqual(['admin', 'user']);
      await s.query(`select public.admin_assign_role('editor@example.com', 'admin')`);
      expect(await remove(ids.admin)).toBe('removed');
      expect(await rolesOf(s, ids.admin)).toEqual(['user']);
    });
  });

  it('still has no direct write on user_roles: every change goes through the functions', async () => {
    await as(db, me(), async (s) => {
      const sql = `insert into public.user_roles (user_id, role) values ('${ids.other}', 'admin')`;
      expect(await attempt(s, sql)).toMatchObject({ ok: false, code: PERMISSION_DENIED });
    });
  });

  it('loses admin rights as soon as the role is gone', async () => {
    await as(db, me(), async (s) => {
      await s.exec('reset role');
      await s.query(`delete from public.user_roles where user_id = $1 and role = 'admin'`, [
        ids.admin,
      ]);
      await s.exec('set local role authenticated');
      const list = await attempt(s, 'select * from public.admin_list_users()');
      expect(list).toMatchObject({ ok: false, code: PERMISSION_DENIED });
    });
  });
});

describe('the service role', () => {
  it('can appoint the first admin directly', async () => {
    await as(db, serviceRole, async (s) => {
      await grantRole(s, ids.other, 'admin');
      expect(await rolesOf(s, ids.other)).toEqual(['admin', 'user']);
    });
    expect(await rolesOf(db, ids.other)).toEqual(['user']);
  });
});
