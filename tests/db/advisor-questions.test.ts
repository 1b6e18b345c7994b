/**
 * advisor_questions on real Postgres: the Worker (service role) records questions and ratings,
 * admins read them and mark them covered, nobody else reads or writes, and the 90-day clean-up
 * deletes what is older.
 */
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
  serviceRole,
  signedIn,
  type Staff,
} from './harness';

let db: PGlite;
let ids: Staff;

const INSERT = `insert into public.advisor_questions
  (answer_id, question, reply, sections, confidence, declined, handed_off)
  values ($1, $2, $3, $4, $5, $6, $7)`;
const row = (answerId: string, question = 'How much is the workshop?') => [
  answerId,
  question,
  'A Discovery Workshop starts at $750.',
  ['/services/discovery-workshop#investment-heading'],
  0.82,
  false,
  false,
];

beforeAll(async () => {
  db = await createDatabase();
  ids = await createStaff(db);
  await db.query(INSERT, row('stored-answer-1'));
}, 60_000);

afterAll(async () => {
  await db?.close();
});

describe('advisor_questions', () => {
  it('takes questions from the service role, within their bounds', async () => {
    await as(db, serviceRole, async (s) => {
      expect(await attempt(s, INSERT, row('answer-ok'))).toMatchObject({ ok: true });
      const long = await attempt(s, INSERT, row('answer-long', 'x'.repeat(501)));
      expect(long).toMatchObject({ ok: false, code: CHECK_VIOLATION });
      const sure = await attempt(s, INSERT, [...row('answer-sure').slice(0, 4), 1.5, false, false]);
      expect(sure).toMatchObject({ ok: false, code: CHECK_VIOLATION });
    });
  });

  it('keeps one row per question key: a question asked again in a conversation counts once', async () => {
    const keyed = `insert into public.advisor_questions
      (answer_id, question_key, question, reply, confidence)
      values ($1, $2, 'How long is the workshop?', 'A 2-3 hour session.', 0.8)
      on conflict (question_key) do nothing returning id`;
    await as(db, serviceRole, async (s) => {
      const first = await s.query(keyed, ['answer-key-1', 'conversation:abc123']);
      const again = await s.query(keyed, ['answer-key-2', 'conversation:abc123']);
      const other = await s.query(keyed, ['answer-key-3', 'conversation:def456']);
      expect([first.rows.length, again.rows.length, other.rows.length]).toEqual([1, 0, 1]);
    });
  });

  it('lets the service role record a rating once, and change nothing else', async () => {
    await as(db, serviceRole, async (s) => {
      const rate = `update public.advisor_questions set rating = $2, comment = $3, rated_at = now()
        where answer_id = $1 and rating is null returning rating`;
      const first = await attempt(s, rate, ['stored-answer-1', 'not_helpful', 'Too vague']);
      expect(first).toMatchObject({ ok: true, rows: [{ rating: 'not_helpful' }] });
      const again = await attempt(s, rate, ['stored-answer-1', 'helpful', null]);
      expect(again).toMatchObject({ ok: true, affectedRows: 0 });
      const rewrite = await attempt(s, `update public.advisor_questions set question = 'x'`);
      expect(rewrite).toMatchObject({ ok: false, code: PERMISSION_DENIED });
      const del = await attempt(s, 'delete from public.advisor_questions');
      expect(del).toMatchObject({ ok: false, code: PERMISSION_DENIED });
    });
  });

  it('lets admins read every question and mark one covered, nothing more', async () => {
    await as(db, signedIn(ids.admin), async (s) => {
      const read = await attempt(s, 'select answer_id from public.advisor_questions');
      expect(read).toMatchObject({ ok: true, rows: [{ answer_id: 'stored-answer-1' }] });
      const mark = await attempt(
        s,
        `update public.advisor_questions set covered_at = now() where answer_id = 'stored-answer-1'`,
      );
      expect(mark).toMatchObject({ ok: true, affectedRows: 1 });
      const edit = await attempt(s, `update public.advisor_questions set rating = 'helpful'`);
      expect(edit).toMatchObject({ ok: false, code: PERMISSION_DENIED });
      expect(await attempt(s, INSERT, row('admin-insert'))).toMatchObject({
        ok: false,
        code: PERMISSION_DENIED,
      });
      const del = await attempt(s, 'delete from public.advisor_questions');
      expect(del).toMatchObject({ ok: false, code: PERMISSION_DENIED });
    });
  });

  it('shows nothing to visitors, users and editors, and lets none of them write', async () => {
    for (const actor of [anon, signedIn(ids.user), signedIn(ids.editor)]) {
      await as(db, actor, async (s) => {
        const read = await attempt(s, 'select answer_id from public.advisor_questions');
        expect(read.ok ? read.rows : read.code, actor.role).toEqual(
          actor.role === 'anon' ? PERMISSION_DENIED : [],
        );
        const write = await attempt(s, INSERT, row(`by-${actor.role}`));
        expect(write, actor.role).toMatchObject({ ok: false, code: PERMISSION_DENIED });
        const mark = await attempt(s, `update public.advisor_questions set covered_at = now()`);
        expect(mark.ok ? mark.affectedRows : mark.code, actor.role).toEqual(
          actor.role === 'anon' ? PERMISSION_DENIED : 0,
        );
        const purge = await attempt(s, 'select public.purge_advisor_questions()');
        expect(purge, actor.role).toMatchObject({ ok: false, code: PERMISSION_DENIED });
      });
    }
  });

  it('deletes questions older than 90 days through the clean-up, and keeps the rest', async () => {
    await as(db, serviceRole, async (s) => {
      await s.query('reset role');
      await s.query(
        `${INSERT.replace('(answer_id,', '(created_at, answer_id,').replace('values ($1,', "values (now() - interval '91 days', $1,")}`,
        row('old-answer'),
      );
      await s.query(
        `${INSERT.replace('(answer_id,', '(created_at, answer_id,').replace('values ($1,', "values (now() - interval '89 days', $1,")}`,
        row('recent-answer'),
      );
      await s.query('set local role service_role');
      const purged = await attempt<{ purge_advisor_questions: number }>(
        s,
        'select public.purge_advisor_questions()',
      );
      expect(purged).toMatchObject({ ok: true, rows: [{ purge_advisor_questions: 1 }] });
      const left = await s.query<{ answer_id: string }>(
        'select answer_id from public.advisor_questions order by answer_id',
      );
      expect(left.rows.map((r) => r.answer_id)).toContain('recent-answer');
      expect(left.rows.map((r) => r.answer_id)).not.toContain('old-answer');
    });
  });
});
