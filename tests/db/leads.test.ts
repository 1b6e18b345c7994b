import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHECK_VIOLATION,
  PERMISSION_DENIED,
  UNIQUE_VIOLATION,
  anon,
  as,
  attempt,
  createDatabase,
  createStaff,
  rpc,
  serviceRole,
  signedIn,
  type Session,
  type Staff,
} from './harness';

let db: PGlite;
let ids: Staff;
/** The lead stored before every test (by the service role, as the functions store leads). */
let storedId = '';

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

const INSERT_CHAT = `insert into public.leads (kind, name, email, transcript, source, idempotency_key)
  values ('chat', $1, $2, $3::jsonb, $4, $5)`;

const transcript = [
  { role: 'user', content: 'Can someone call me about the Discovery Workshop?' },
  { role: 'assistant', content: 'Leave your email and the team will reply.' },
];

/** Parameters for INSERT: the sample lead under `name`, with a source page and a key. */
function leadParams(name: string, source: string | null, key: string | null): unknown[] {
  const { email, company, current_challenge, budget, timeline, priorities } = lead;
  return [name, email, company, current_challenge, budget, timeline, priorities, source, key];
}

function insertLead(session: Session, key: string | null = null, suffix = ''): Promise<unknown> {
  return attempt(
    session,
    `${INSERT} returning id, additional_info, created_at`,
    leadParams(lead.name + suffix, 'seo', key),
  );
}

/**
 * The claim the functions make before emailing a lead (PATCH through PostgREST): take the row
 * only if it is unnotified and nobody else holds a live claim on it.
 */
const CLAIM = `update public.leads set notify_claimed_at = now()
  where id = $1 and notified_at is null
    and (notify_claimed_at is null or notify_claimed_at < now() - interval '2 minutes')
  returning id, notify_attempts`;

beforeAll(async () => {
  db = await createDatabase();
  ids = await createStaff(db);
  const { rows } = await db.query<{ id: string }>(
    `${INSERT} returning id`,
    leadParams('Stored Lead', null, 'stored-key'),
  );
  storedId = rows[0].id;
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
      ['name', 'text', 'YES'],
      ['email', 'text', 'NO'],
      ['company', 'text', 'YES'],
      ['current_challenge', 'text', 'YES'],
      ['budget', 'text', 'YES'],
      ['timeline', 'text', 'YES'],
      ['priorities', 'text', 'YES'],
      ['additional_info', 'text', 'NO'],
      ['source', 'text', 'YES'],
      ['idempotency_key', 'text', 'YES'],
      ['kind', 'text', 'NO'],
      ['transcript', 'jsonb', 'YES'],
      ['notified_at', 'timestamp with time zone', 'YES'],
      ['notify_attempts', 'integer', 'NO'],
      ['last_notify_error', 'text', 'YES'],
      ['notify_claimed_at', 'timestamp with time zone', 'YES'],
      ['contacted_at', 'timestamp with time zone', 'YES'],
      ['content_digest', 'text', 'YES'],
    ]);
  });

  it('keeps a lead’s content digest with its key: 64 hex digits, written once', async () => {
    const digest = 'ab'.repeat(32);
    await as(db, serviceRole, async (s) => {
      const stored = await attempt<{ id: string; content_digest: string }>(
        s,
        `insert into public.leads (kind, email, transcript, idempotency_key, content_digest)
         values ('chat', 'pat@example.org', '[{"role":"user","content":"Hi"}]', $1, $2)
         returning id, content_digest`,
        ['digest-key', digest],
      );
      expect(stored).toMatchObject({ ok: true, rows: [{ content_digest: digest }] });
      for (const bad of ['AB'.repeat(32), 'ab'.repeat(31), `${'ab'.repeat(32)}\n`, 'sha256']) {
        const refused = await attempt(
          s,
          `insert into public.leads (kind, email, transcript, content_digest)
           values ('chat', 'pat@example.org', '[{"role":"user","content":"Hi"}]', $1)`,
          [bad],
        );
        expect(refused, bad).toMatchObject({ ok: false, code: CHECK_VIOLATION });
      }
      // The key and its digest name one lead for good: neither can be rewritten.
      for (const column of ['content_digest', 'idempotency_key']) {
        const rewrite = await attempt(s, `update public.leads set ${column} = null where id = $1`, [
          (stored as { rows: { id: string }[] }).rows[0].id,
        ]);
        expect(rewrite, column).toMatchObject({ ok: false, code: PERMISSION_DENIED });
      }
    });
  });

  it('stores questionnaire answers as kind questionnaire, unnotified, by default', async () => {
    const { rows } = await db.query(
      'select kind, transcript, notified_at, notify_attempts, contacted_at from public.leads where id = $1',
      [storedId],
    );
    expect(rows).toEqual([
      {
        kind: 'questionnaire',
        transcript: null,
        notified_at: null,
        notify_attempts: 0,
        contacted_at: null,
      },
    ]);
  });

  it('requires every questionnaire answer of a questionnaire lead', async () => {
    const columns = ['name', 'email', 'company', 'current_challenge', 'budget', 'timeline'];
    await as(db, serviceRole, async (s) => {
      for (const column of [...columns.filter((c) => c !== 'email'), 'priorities']) {
        const params = leadParams('Incomplete', null, null);
        params[[...columns, 'priorities'].indexOf(column)] = null;
        const missing = await attempt(s, INSERT, params);
        expect(missing, column).toMatchObject({ ok: false, code: CHECK_VIOLATION });
      }
    });
  });

  it('takes a chat hand-off as kind chat with its transcript and no questionnaire answers', async () => {
    await as(db, serviceRole, async (s) => {
      const ok = await attempt(s, `${INSERT_CHAT} returning kind, name, company`, [
        null,
        'visitor@example.org',
        JSON.stringify(transcript),
        'home',
        'chat-key-1',
      ]);
      expect(ok).toMatchObject({ ok: true, rows: [{ kind: 'chat', name: null, company: null }] });

      const withoutTranscript = await attempt(
        s,
        `insert into public.leads (kind, email) values ('chat', 'a@example.org')`,
      );
      expect(withoutTranscript).toMatchObject({ ok: false, code: CHECK_VIOLATION });
      const notAList = await attempt(s, INSERT_CHAT, [
        null,
        'a@example.org',
        JSON.stringify({ role: 'user' }),
        null,
        null,
      ]);
      expect(notAList).toMatchObject({ ok: false, code: CHECK_VIOLATION });
      const tooLong = await attempt(s, INSERT_CHAT, [
        null,
        'a@example.org',
        JSON.stringify(Array.from({ length: 31 }, () => transcript[0])),
        null,
        null,
      ]);
      expect(tooLong).toMatchObject({ ok: false, code: CHECK_VIOLATION });
      const withAnswers = await attempt(
        s,
        `insert into public.leads (kind, email, company, transcript) values ('chat', 'a@example.org', 'Co', $1::jsonb)`,
        [JSON.stringify(transcript)],
      );
      expect(withAnswers).toMatchObject({ ok: false, code: CHECK_VIOLATION });
      const unknownKind = await attempt(
        s,
        `insert into public.leads (kind, email, transcript) values ('fax', 'a@example.org', $1::jsonb)`,
        [JSON.stringify(transcript)],
      );
      expect(unknownKind).toMatchObject({ ok: false, code: CHECK_VIOLATION });
    });
  });
});

describe('who may write and read leads', () => {
  it('refuses anonymous visitors every way', async () => {
    await as(db, anon, async (s) => {
      for (const sql of [
        'select * from public.leads',
        `update public.leads set contacted_at = now()`,
        'delete from public.leads',
        `select public.admin_delete_lead('${storedId}')`,
      ]) {
        expect(await attempt(s, sql), sql).toMatchObject({ ok: false, code: PERMISSION_DENIED });
      }
      expect(await insertLead(s)).toMatchObject({ ok: false, code: PERMISSION_DENIED });
    });
  });

  it('shows plain users and editors nothing and lets them change nothing', async () => {
    for (const id of [ids.user, ids.editor]) {
      await as(db, signedIn(id), async (s) => {
        expect(await attempt(s, 'select * from public.leads')).toMatchObject({
          ok: true,
          rows: [],
        });
        expect(await insertLead(s)).toMatchObject({ ok: false, code: PERMISSION_DENIED });
        // The status column is granted, but the policy shows them no row to change.
        expect(await attempt(s, 'update public.leads set contacted_at = now()')).toMatchObject({
          ok: true,
          affectedRows: 0,
        });
        for (const sql of [
          `update public.leads set name = 'x'`,
          'update public.leads set notified_at = now()',
          'delete from public.leads',
          `select public.admin_delete_lead('${storedId}')`,
        ]) {
          expect(await attempt(s, sql), sql).toMatchObject({ ok: false, code: PERMISSION_DENIED });
        }
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

  it('lets the service role record notifications but not rewrite or delete leads', async () => {
    await as(db, serviceRole, async (s) => {
      const record = await attempt(
        s,
        `update public.leads set notified_at = now(), notify_attempts = 1,
           last_notify_error = null, notify_claimed_at = null where id = $1`,
        [storedId],
      );
      expect(record).toMatchObject({ ok: true, affectedRows: 1 });
      for (const sql of [
        `update public.leads set name = 'x'`,
        `update public.leads set contacted_at = now()`,
        'delete from public.leads',
      ]) {
        expect(await attempt(s, sql), sql).toMatchObject({ ok: false, code: PERMISSION_DENIED });
      }
    });
  });

  it('lets admins read leads and mark them contacted, and nothing more', async () => {
    await as(db, signedIn(ids.admin), async (s) => {
      const read = await attempt<{ name: string; idempotency_key: string }>(
        s,
        'select name, idempotency_key from public.leads',
      );
      expect(read).toMatchObject({
        ok: true,
        rows: [{ name: 'Stored Lead', idempotency_key: 'stored-key' }],
      });
      const marked = await attempt(
        s,
        'update public.leads set contacted_at = now() where id = $1 returning contacted_at',
        [storedId],
      );
      expect(marked).toMatchObject({ ok: true, affectedRows: 1 });
      const unmarked = await attempt(
        s,
        'update public.leads set contacted_at = null where id = $1',
        [storedId],
      );
      expect(unmarked).toMatchObject({ ok: true, affectedRows: 1 });
      for (const sql of [
        `update public.leads set name = 'x'`,
        `update public.leads set email = 'x@example.org'`,
        'update public.leads set notified_at = now()',
        'update public.leads set notify_attempts = 0',
        'delete from public.leads',
      ]) {
        expect(await attempt(s, sql), sql).toMatchObject({ ok: false, code: PERMISSION_DENIED });
      }
      expect(await insertLead(s)).toMatchObject({ ok: false, code: PERMISSION_DENIED });
    });
  });

  it('lets admins erase a lead through admin_delete_lead, for privacy requests', async () => {
    await as(db, signedIn(ids.admin), async (s) => {
      const erase = (id: string) => rpc(s, 'admin_delete_lead', id);
      expect(await erase(storedId)).toBe('deleted');
      expect(await erase(storedId)).toBe('not_found');
      const { rows } = await s.query('select id from public.leads where id = $1', [storedId]);
      expect(rows).toEqual([]);
    });
  });
});

describe('the notification claim', () => {
  it('gives an unnotified lead to one sender at a time, again once the claim is stale', async () => {
    await as(db, serviceRole, async (s) => {
      expect((await s.query(CLAIM, [storedId])).rows).toEqual([
        { id: storedId, notify_attempts: 0 },
      ]);
      // A second sender finds the claim live and takes nothing.
      expect((await s.query(CLAIM, [storedId])).rows).toEqual([]);
      // A sender that died leaves its claim behind; after the lease it can be taken again.
      await s.query(
        `update public.leads set notify_claimed_at = now() - interval '3 minutes' where id = $1`,
        [storedId],
      );
      expect((await s.query(CLAIM, [storedId])).rows).toHaveLength(1);
      // A notified lead is never claimed.
      await s.query(
        'update public.leads set notified_at = now(), notify_claimed_at = null where id = $1',
        [storedId],
      );
      expect((await s.query(CLAIM, [storedId])).rows).toEqual([]);
    });
  });
});
