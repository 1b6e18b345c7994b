/**
 * The TypeScript types written beside the SQL, checked against the migrations as PGlite applies
 * them: the role names the islands offer (APP_ROLES) are the app_role enum, and the lead rows the
 * functions write and read (LeadRow, StoredLeadRow) are the leads table's columns, with the same
 * nullability. The column lists below are typed against the interfaces, so a field added to one
 * side and not the other fails type-checking or this test.
 */
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ROLES } from '../../src/features/auth/roles';
import {
  toLeadRow,
  type ChatLead,
  type LeadRow,
  type QuestionnaireLead,
  type StoredLeadRow,
} from '../../src/features/leads/lead';
import { as, createDatabase, serviceRole } from './harness';

/** Every column of a stored lead, and whether SQL allows it to be null. */
const STORED_COLUMNS = {
  id: 'not null',
  kind: 'not null',
  name: 'null',
  email: 'not null',
  company: 'null',
  current_challenge: 'null',
  budget: 'null',
  timeline: 'null',
  priorities: 'null',
  additional_info: 'not null',
  source: 'null',
  idempotency_key: 'null',
  content_digest: 'null',
  transcript: 'null',
  created_at: 'not null',
  notified_at: 'null',
  notify_attempts: 'not null',
  last_notify_error: 'null',
  notify_claimed_at: 'null',
  contacted_at: 'null',
} as const satisfies Record<keyof StoredLeadRow, 'null' | 'not null'>;

const questionnaireLead: QuestionnaireLead = {
  kind: 'questionnaire',
  name: 'Jordan Lee',
  email: 'jordan@example.org',
  company: 'Lee Bakery',
  currentChallenge: 'Website traffic and visibility',
  budget: 'Under $500/month',
  timeline: 'Within 30 days',
  priorities: 'More local customers.',
  additionalInfo: '',
  source: 'seo',
};

const chatLead: ChatLead = {
  kind: 'chat',
  email: 'sam@example.org',
  name: null,
  transcript: [
    { role: 'user', content: 'Can I talk to a person?' },
    { role: 'assistant', content: 'Happy to put you in touch with a person.' },
  ],
  source: 'home',
};

let db: PGlite;

beforeAll(async () => {
  db = await createDatabase();
});

afterAll(async () => {
  await db.close();
});

describe('types written beside the SQL', () => {
  it('APP_ROLES are the app_role enum, in order', async () => {
    const { rows } = await db.query<{ role: string }>(
      `select unnest(enum_range(null::public.app_role))::text as role`,
    );
    expect(rows.map((r) => r.role)).toEqual([...APP_ROLES]);
  });

  it('StoredLeadRow has exactly the leads columns, with their nullability', async () => {
    const { rows } = await db.query<{ column_name: string; is_nullable: 'YES' | 'NO' }>(
      `select column_name, is_nullable from information_schema.columns
       where table_schema = 'public' and table_name = 'leads' order by column_name`,
    );
    const table = Object.fromEntries(
      rows.map((r) => [r.column_name, r.is_nullable === 'YES' ? 'null' : 'not null']),
    );
    expect(table).toEqual(STORED_COLUMNS);
  });

  it.each([
    ['questionnaire', questionnaireLead],
    ['chat', chatLead],
  ])('a %s lead row inserts as the functions send it and reads back the same', async (_, lead) => {
    const id = crypto.randomUUID();
    const row: LeadRow = toLeadRow(lead, id, `key-${id}`, 'a'.repeat(64));
    const list = Object.keys(row).join(', ');
    const stored = await as(db, serviceRole, async (s) => {
      await s.query(
        `insert into public.leads (${list})
         select ${list} from json_populate_record(null::public.leads, $1::json)`,
        [JSON.stringify(row)],
      );
      const { rows } = await s.query<Record<string, unknown>>(
        `select ${list} from public.leads where id = $1`,
        [id],
      );
      return rows[0];
    });
    expect(stored).toEqual(row);
  });
});
