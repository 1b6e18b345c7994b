/**
 * The lead queue end to end in one process: the questionnaire route produces, the Worker's
 * consumer (src/features/leads/queue.server.ts) stores and notifies, against the Supabase and
 * Resend stand-ins, which the tests take down one at a time and both together. Whatever
 * happens, once they recover there is one row and exactly one email per lead.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { consumeLeadBatch, retryDelay } from '../../src/features/leads/queue.server';
import { createQuestionnaireHandler } from '../../src/features/leads/questionnaire.server';
import { RecentDeliveries } from '../../src/features/leads/leads.server';
import { resendUnnotified } from '../../src/features/leads/resend.server';
import type { Env } from '#server/env';
import { createFakeQueue, deliver } from '../fakes/queue';
import { SAMPLE_ANSWERS } from '../fixtures/leads';
import {
  callFunction,
  expectError,
  leadEmailKey,
  startLeadSinks,
  type ResendServer,
  type SupabaseServer,
} from './harness';

const TIMEOUT_MS = 300;

let db: SupabaseServer;
let mail: ResendServer;
let env: Env;
let dead: ReturnType<typeof createFakeQueue>;
let queue: ReturnType<typeof createFakeQueue>;

beforeEach(async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'log').mockImplementation(() => {});
  const sinks = await startLeadSinks();
  ({ db, mail } = sinks);
  dead = createFakeQueue('consulting-site-leads-dead-letters', { maxRetries: 5 });
  queue = createFakeQueue('consulting-site-leads', { maxRetries: 4, deadLetters: dead });
  env = { ...sinks.env, LEAD_QUEUE: queue, LEAD_DEAD_LETTERS: dead };
});

afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all([db.close(), mail.close()]);
});

const options = { timeoutMs: TIMEOUT_MS, retryBaseDelayS: 1, retryWaitMs: 10 };
const consume = (q: typeof queue) => deliver(q, (batch) => consumeLeadBatch(batch, env, options));

/** Submits the questionnaire; answers the response. */
function submit(key: string, answers: object = SAMPLE_ANSWERS) {
  const handler = createQuestionnaireHandler({
    timeoutMs: TIMEOUT_MS,
    recent: new RecentDeliveries(),
  });
  return callFunction(handler, {
    path: '/api/questionnaire',
    body: answers,
    env,
    headers: { 'Idempotency-Key': key },
  });
}

/** Delivers the lead queue until it is empty (each round is "later"). */
async function drain(rounds = 10) {
  for (let i = 0; i < rounds && queue.pending.length; i++) await consume(queue);
}

describe('the lead queue', () => {
  it('answers the visitor once the lead is on the queue, before storing it', async () => {
    db.setDown(true);
    mail.setDown(true);
    const res = await submit('q-accept');
    expect(res.status).toBe(200);
    const { id } = await res.json();
    expect(queue.sent.map((m) => m.body)).toEqual([
      expect.objectContaining({
        id,
        key: 'q-accept',
        lead: expect.objectContaining({ email: SAMPLE_ANSWERS.email }),
      }),
    ]);
    // Only the key check asked the database (and found it down); nothing waited on it.
    expect(db.requests.map((r) => r.method)).toEqual(['GET']);
    expect(db.leads).toHaveLength(0);
  });

  it('stores and notifies once when everything is up, even if the message comes twice', async () => {
    await submit('q-up');
    await submit('q-up'); // the visitor's retry: a second message for the same lead
    await drain();
    expect(db.leads).toHaveLength(1);
    expect(mail.sent).toHaveLength(1);
    expect(mail.requests).toHaveLength(1);
    expect(db.leads[0].notified_at).not.toBeNull();
  });

  it('database down: emails at once, then stores the lead without a second email', async () => {
    db.setDown(true);
    const { id } = await (await submit('q-db-down')).json();
    await consume(queue);
    expect(mail.sent.map((m) => m.key)).toEqual([leadEmailKey(id)]);
    await consume(queue); // still down: waits
    expect(db.leads).toHaveLength(0);
    db.setDown(false);
    await drain();
    expect(db.leads).toHaveLength(1);
    expect(db.leads[0]).toMatchObject({ id, notify_attempts: 1 });
    expect(db.leads[0].notified_at).not.toBeNull();
    // One email, and the email API was asked once: not deduplicated by its idempotency key.
    expect(mail.sent).toHaveLength(1);
    expect(mail.requests).toHaveLength(1);
    // The Cron Trigger finds nothing left to send.
    expect(await resendUnnotified(env, options)).toMatchObject({ pending: 0 });
    expect(mail.sent).toHaveLength(1);
  });

  it('email down: stores the lead, records the failure, and the Cron Trigger sends it once', async () => {
    mail.setDown(true);
    await submit('q-mail-down');
    await drain();
    expect(db.leads).toHaveLength(1);
    expect(db.leads[0]).toMatchObject({ notified_at: null, notify_attempts: 1 });
    expect(queue.pending).toHaveLength(0);
    mail.setDown(false);
    expect(await resendUnnotified(env, options)).toMatchObject({ sent: 1 });
    expect(await resendUnnotified(env, options)).toMatchObject({ pending: 0 });
    expect(mail.sent).toHaveLength(1);
  });

  it('both down: waits with growing delays, then stores and notifies once', async () => {
    db.setDown(true);
    mail.setDown(true);
    await submit('q-both-down');
    await consume(queue);
    await consume(queue);
    expect(queue.retryDelays).toEqual([retryDelay(1, 1), retryDelay(2, 1)]);
    expect(retryDelay(2, 1)).toBeGreaterThan(retryDelay(1, 1));
    db.setDown(false);
    mail.setDown(false);
    await drain();
    expect(db.leads).toHaveLength(1);
    expect(mail.sent).toHaveLength(1);
    expect(db.leads[0].notified_at).not.toBeNull();
  });

  it('keeps a lead whose retries ran out as a dead letter admins can see', async () => {
    db.setDown(true);
    mail.setDown(true);
    const { id } = await (await submit('q-exhausted')).json();
    await drain(20);
    expect(queue.pending).toHaveLength(0);
    expect(dead.sent).toHaveLength(1);
    await consume(dead); // the database is still down: the dead letter waits too
    expect(db.deadLetters).toHaveLength(0);
    db.setDown(false);
    await consume(dead);
    expect(db.deadLetters).toEqual([
      expect.objectContaining({ id, error: 'Not stored: the retries ran out.' }),
    ]);
    expect(JSON.parse(db.deadLetters[0].payload).lead.email).toBe(SAMPLE_ANSWERS.email);
  });

  it('reports a permanent refusal (a 4xx) instead of retrying it, and still emails the firm', async () => {
    db.refuseNext(1);
    const { id } = await (await submit('q-refused')).json();
    await consume(queue);
    expect(queue.pending).toHaveLength(0);
    expect(mail.sent).toHaveLength(1);
    await consume(dead);
    expect(db.deadLetters).toEqual([expect.objectContaining({ id })]);
    expect(db.deadLetters[0].error).toMatch(
      /^The database refused the lead: PostgREST answered 400/,
    );
  });

  it('delivers directly when the queue refuses the lead, so it is never lost', async () => {
    queue.failNext(1);
    const res = await submit('q-queue-down');
    expect(res.status).toBe(200);
    expect(queue.sent).toHaveLength(0);
    expect(db.leads).toHaveLength(1);
    expect(mail.sent).toHaveLength(1);
  });

  it('answers 503 in production with nowhere for a lead to go, queue or not', async () => {
    env = { ENVIRONMENT: 'production', LEAD_QUEUE: queue };
    await expectError(await submit('q-nowhere'), 503, 'leads_unavailable');
    expect(queue.sent).toHaveLength(0);
  });
});

describe('text a lead may not hold', () => {
  it.each([
    ['a NUL', 'Ada\u0000 Lovelace'],
    ['a lone surrogate', 'Ada \ud800Lovelace'],
    ['a control character', 'Ada\u0007Lovelace'],
    ['a right-to-left override', 'Ada \u202eecalevoL'],
    ['a line break in a one-line field', 'Ada\nLovelace'],
  ])('refuses a name with %s: a clear 400, nothing queued', async (_, name) => {
    const res = await submit(`q-text-${name.length}`, { ...SAMPLE_ANSWERS, name });
    const body = await expectError(res, 400, 'invalid_answers');
    expect(body.error.fields.name).toEqual([
      'Please remove control characters and hidden formatting marks.',
    ]);
    expect(queue.sent).toHaveLength(0);
  });

  it('keeps line breaks and tabs where text spans lines', async () => {
    const res = await submit('q-text-lines', {
      ...SAMPLE_ANSWERS,
      priorities: 'One\n\tTwo\r\nThree',
    });
    expect(res.status).toBe(200);
  });
});
