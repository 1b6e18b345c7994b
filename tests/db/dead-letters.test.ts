/**
 * lead_dead_letters on real Postgres: the Worker (service role) keeps leads it could not store,
 * admins read them and delete the ones they dealt with, and nobody else reads or writes.
 */
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PERMISSION_DENIED,
  anon,
  as,
  attempt,
  createDatabase,
  createStaff,
  serviceRole,
  signedIn,
  type Staff,
} from './harness';

let db: PGlite;
let ids: Staff;
const storedId = 'd0000000-0000-4000-8000-000000000001';

const INSERT = `insert into public.lead_dead_letters (id, error, payload) values ($1, $2, $3)`;
const payload = JSON.stringify({ id: storedId, lead: { kind: 'chat', email: 'a@example.org' } });

beforeAll(async () => {
  db = await createDatabase();
  ids = await createStaff(db);
  await db.query(INSERT, [storedId, 'The database refused the lead', payload]);
}, 60_000);

afterAll(async () => {
  await db?.close();
});

describe('lead_dead_letters', () => {
  it('takes a dead letter from the service role, escaped text and all', async () => {
    await as(db, serviceRole, async (s) => {
      const id = crypto.randomUUID();
      // What JSON.stringify makes of a NUL and a lone surrogate: plain ASCII escapes.
      const text = JSON.stringify({ id, name: 'Ada\u0000 \ud800' });
      const kept = await attempt(s, `${INSERT} returning id, failed_at`, [id, 'refused', text]);
      expect(kept).toMatchObject({ ok: true, rows: [{ id }] });
      const read = await attempt<{ payload: string }>(
        s,
        'select payload from public.lead_dead_letters where id = $1',
        [id],
      );
      expect(read.ok && JSON.parse(read.rows[0].payload).name).toBe('Ada\u0000 \ud800');
    });
  });

  it('lets admins read and delete them', async () => {
    await as(db, signedIn(ids.admin), async (s) => {
      const read = await attempt(s, 'select id, error from public.lead_dead_letters');
      expect(read).toMatchObject({ ok: true, rows: [{ id: storedId }] });
      const gone = await attempt(s, 'delete from public.lead_dead_letters where id = $1', [
        storedId,
      ]);
      expect(gone).toMatchObject({ ok: true, affectedRows: 1 });
    });
  });

  it('shows nothing to visitors, users and editors, and lets none of them write', async () => {
    for (const actor of [anon, signedIn(ids.user), signedIn(ids.editor)]) {
      await as(db, actor, async (s) => {
        const read = await attempt(s, 'select id from public.lead_dead_letters');
        expect(read.ok ? read.rows : read.code, actor.role).toEqual(
          actor.role === 'anon' ? PERMISSION_DENIED : [],
        );
        const write = await attempt(s, INSERT, [crypto.randomUUID(), 'x', '{}']);
        expect(write, actor.role).toMatchObject({ ok: false, code: PERMISSION_DENIED });
        const del = await attempt(s, 'delete from public.lead_dead_letters');
        expect(del.ok ? del.affectedRows : del.code, actor.role).toEqual(
          actor.role === 'anon' ? PERMISSION_DENIED : 0,
        );
      });
    }
  });

  it('lets the service role neither change nor delete one', async () => {
    await as(db, serviceRole, async (s) => {
      const change = await attempt(s, `update public.lead_dead_letters set error = 'x'`);
      expect(change).toMatchObject({ ok: false, code: PERMISSION_DENIED });
      const del = await attempt(s, 'delete from public.lead_dead_letters');
      expect(del).toMatchObject({ ok: false, code: PERMISSION_DENIED });
    });
  });
});
