import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anon,
  as,
  attempt,
  createDatabase,
  createUser,
  grantRole,
  serviceRole,
  signedIn,
  type Session,
} from './harness';

const PERMISSION_DENIED = '42501';
const UNIQUE_VIOLATION = '23505';

let db: PGlite;
const ids = { admin: '', editor: '', user: '' };

const lead = {
  name: 'Jordan Lee',
  email: 'jordan@example.org',
  company: 'Lee Bakery',
  current_challenge: 'Website traffic and visibility',
  budget: 'Under $500/month',
  timeline: 'Within 30 days',
  priorities: 'More local customers.',
};

const INSERT = `insert into public.leads
  (name, email, company, current_challenge, budget, timeline, priorities, source, idempotency_key)
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`;

/** Parameters for INSERT: the sample lead under `name`, with a source page and a key. */
function leadParams(name: string, source: string | null, key: string | null): unknown[] {
  const { email, company, current_challenge, budget, timeline, priorities } = lead;
  return [name, email, company, current_challenge, budget, timeline, priorities, source, key];
}

function insertLead(session: Session, key: string | null = null, suffix = ''): Promise<unknown> {
  return attempt(
    session,
    `${INSERT} returning id, additional_info, created_at`,
    leadParams(lead.name + suffix, '/services/seo', key),
  );
}

beforeAll(async () => {
  db = await createDatabase();
  ids.admin = await createUser(db, 'admin@example.com');
  ids.editor = await createUser(db, 'editor@example.com');
  ids.user = await createUser(db, 'user@example.com');
  await grantRole(db, ids.admin, 'admin');
  await grantRole(db, ids.editor, 'editor');
  await db.query(INSERT, leadParams('Stored Lead', null, 'stored-key'));
}, 60_000);

afterAll(async () => {
  await db?.close();
});

describe('leads table', () => {
  it('has exactly the agreed columns', async () => {
    const { rows } = await db.query<{
      column_name: string;
      data_type: string;
      is_nullable: string;
    }>(
      `select column_name, data_type, is_nullable from information_schema.columns
       where table_schema = 'public' and table_name = 'leads' order by ordinal_position`,
    );
    expect(rows.map((r) => [r.column_name, r.data_type, r.is_nullable])).toEqual([
      ['id', 'uuid', 'NO'],
      ['created_at', 'timestamp with time zone', 'NO'],
      ['name', 'text', 'NO'],
      ['email', 'text', 'NO'],
      ['company', 'text', 'NO'],
      ['current_challenge', 'text', 'NO'],
      ['budget', 'text', 'NO'],
      ['timeline', 'text', 'NO'],
      ['priorities', 'text', 'NO'],
      ['additional_info', 'text', 'NO'],
      ['source', 'text', 'YES'],
      ['idempotency_key', 'text', 'YES'],
    ]);
  });
});

describe('who may write and read leads', () => {
  it('refuses anonymous visitors both ways', async () => {
    await as(db, anon, async (s) => {
      expect(await attempt(s, 'select * from public.leads')).toMatchObject({
        ok: false,
        code: PERMISSION_DENIED,
      });
      expect(await insertLead(s)).toMatchObject({ ok: false, code: PERMISSION_DENIED });
    });
  });

  it('shows plain users and editors nothing and lets them insert nothing', async () => {
    for (const id of [ids.user, ids.editor]) {
      await as(db, signedIn(id), async (s) => {
        expect(await attempt(s, 'select * from public.leads')).toMatchObject({
          ok: true,
          rows: [],
        });
        expect(await insertLead(s)).toMatchObject({ ok: false, code: PERMISSION_DENIED });
      });
    }
  });

  it('lets the service role insert with defaults and read back, once per idempotency key', async () => {
    await as(db, serviceRole, async (s) => {
      const inserted = await insertLead(s, 'key-1');
      expect(inserted).toMatchObject({ ok: true, rows: [{ additional_info: '' }] });
      expect(await insertLead(s, 'key-1')).toMatchObject({ ok: false, code: UNIQUE_VIOLATION });
      const retried = await attempt(
        s,
        `${INSERT} on conflict (idempotency_key) do nothing returning id`,
        leadParams(lead.name, null, 'key-1'),
      );
      expect(retried).toMatchObject({ ok: true, rows: [] });
      // Leads without a key never collide.
      expect(await insertLead(s, null, ' 2')).toMatchObject({ ok: true });
      expect(await insertLead(s, null, ' 3')).toMatchObject({ ok: true });
      const { rows } = await s.query<{ name: string }>(
        'select name from public.leads order by name',
      );
      expect(rows.map((r) => r.name)).toEqual([
        'Jordan Lee',
        'Jordan Lee 2',
        'Jordan Lee 3',
        'Stored Lead',
      ]);
    });
  });

  it('does not let the service role rewrite or delete leads', async () => {
    await as(db, serviceRole, async (s) => {
      expect(await attempt(s, `update public.leads set name = 'x'`)).toMatchObject({
        ok: false,
        code: PERMISSION_DENIED,
      });
      expect(await attempt(s, 'delete from public.leads')).toMatchObject({
        ok: false,
        code: PERMISSION_DENIED,
      });
    });
  });

  it('lets admins read leads but not write them', async () => {
    await as(db, signedIn(ids.admin), async (s) => {
      const read = await attempt<{ name: string; idempotency_key: string }>(
        s,
        'select name, idempotency_key from public.leads',
      );
      expect(read).toMatchObject({
        ok: true,
        rows: [{ name: 'Stored Lead', idempotency_key: 'stored-key' }],
      });
      for (const sql of [`update public.leads set name = 'x'`, 'delete from public.leads']) {
        expect(await attempt(s, sql), sql).toMatchObject({ ok: false, code: PERMISSION_DENIED });
      }
      expect(await insertLead(s)).toMatchObject({ ok: false, code: PERMISSION_DENIED });
    });
  });
});
