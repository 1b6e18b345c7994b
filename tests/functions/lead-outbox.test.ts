import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resendUnnotified } from '../../src/features/leads/resend.server';
import { createLeadNotifyHandler } from '../../src/features/admin/lead-notify.server';
import { createQuestionnaireHandler } from '../../src/features/leads/questionnaire.server';
import { RecentDeliveries } from '../../src/features/leads/leads.server';
import type { Env } from '#server/env';
import { SAMPLE_ANSWERS } from '../fixtures/leads';
import {
  callFunction,
  emailEnv,
  expectError,
  leadEmailKey,
  startLeadSinks,
  startResend,
  type ResendServer,
  type StubServer,
  type SupabaseServer,
} from './harness';

const TIMEOUT_MS = 300;
const HOUR = 60 * 60_000;

const answers = SAMPLE_ANSWERS;

const servers: StubServer[] = [];
let db: SupabaseServer;
let mail: ResendServer;
let env: Env;

beforeEach(async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const sinks = await startLeadSinks();
  ({ db, mail } = sinks);
  servers.push(db, mail);
  env = sinks.env;
});

afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const notify = createLeadNotifyHandler({ timeoutMs: TIMEOUT_MS, retryWaitMs: 20 });

/** One run of the Cron Trigger's resend job; its summary. */
const runJob = (e: Env = env) => resendUnnotified(e, { timeoutMs: TIMEOUT_MS, retryWaitMs: 20 });

const resendAsAdmin = (id: unknown, token = 'admin-token', e: Env = env) =>
  callFunction(notify, {
    path: '/api/leads/notify',
    body: { id },
    env: e,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });

/** Submits the questionnaire through the real handler; the email fails when `mailDown`. */
async function submitLead(key: string, mailDown = true): Promise<string> {
  if (mailDown) mail.failNext(1);
  const handler = createQuestionnaireHandler({
    timeoutMs: TIMEOUT_MS,
    recent: new RecentDeliveries(),
  });
  const res = await callFunction(handler, {
    path: '/api/questionnaire',
    body: answers,
    env,
    headers: { 'Idempotency-Key': key },
  });
  expect(res.status).toBe(200);
  return (await res.json()).id;
}

/** A stored lead row, as an earlier request would have left it. */
function storedRow(overrides: Record<string, unknown>) {
  const id = crypto.randomUUID();
  db.leads.push({
    id,
    created_at: new Date().toISOString(),
    kind: 'questionnaire',
    name: 'Sam Stored',
    email: 'sam@example.org',
    company: 'Stored Co',
    current_challenge: 'Website traffic and visibility',
    budget: 'Under $500/month',
    timeline: 'Within 30 days',
    priorities: 'Be found.',
    additional_info: '',
    source: null,
    idempotency_key: null,
    transcript: null,
    notified_at: null,
    notify_attempts: 1,
    last_notify_error: 'Email API answered 503 application_error',
    notify_claimed_at: null,
    contacted_at: null,
    ...overrides,
  });
  return id;
}

describe('the scheduled resend (Cron Trigger)', () => {
  it('emails every recent unnotified lead once and marks it notified', async () => {
    const first = await submitLead('job-1');
    const second = await submitLead('job-2');
    expect(mail.sent).toHaveLength(0);

    expect(await runJob()).toEqual({ pending: 2, sent: 2, failed: 0, skipped: 0 });
    expect(mail.sent.map((m) => m.key)).toEqual([leadEmailKey(first), leadEmailKey(second)]);
    for (const row of db.leads) {
      expect(row.notified_at).not.toBeNull();
      expect(row).toMatchObject({ notify_attempts: 2, last_notify_error: null });
    }

    // Nothing is left to send.
    expect(await runJob()).toMatchObject({ pending: 0, sent: 0 });
    expect(mail.sent).toHaveLength(2);
  });

  it('records a failed attempt and tries again on the next run', async () => {
    const id = await submitLead('job-3');
    mail.failNext(1);
    expect(await runJob()).toMatchObject({ pending: 1, sent: 0, failed: 1 });
    expect(db.leads[0]).toMatchObject({ notified_at: null, notify_attempts: 2 });
    expect(await runJob()).toMatchObject({ pending: 1, sent: 1 });
    expect(mail.sent.map((m) => m.key)).toEqual([leadEmailKey(id)]);
  });

  it('leaves leads older than a week, out of attempts, notified or claimed to others', async () => {
    const recent = storedRow({});
    storedRow({ created_at: new Date(Date.now() - 8 * 24 * HOUR).toISOString() });
    storedRow({ notify_attempts: 24 });
    storedRow({ notified_at: new Date().toISOString() });
    // Another sender is emailing this one right now.
    storedRow({ notify_claimed_at: new Date(Date.now() - 30_000).toISOString() });
    // This sender died ten minutes ago: its claim is stale.
    const abandoned = storedRow({
      notify_claimed_at: new Date(Date.now() - 10 * 60_000).toISOString(),
    });

    expect(await runJob()).toEqual({
      pending: 2,
      sent: 2,
      failed: 0,
      skipped: 0,
    });
    expect(mail.sent.map((m) => m.key)).toHaveLength(2);
    expect(mail.sent.map((m) => m.key)).toEqual(
      expect.arrayContaining([leadEmailKey(recent), leadEmailKey(abandoned)]),
    );
  });

  it('builds the same email from the stored row as the request built from the answers', async () => {
    const id = await submitLead('job-4', false);
    const fromRequest = mail.requests[0].body;
    db.leads[0].notified_at = null;
    // A new Resend would send it again: compare what the job sends with what the request sent.
    const other = await startResend();
    servers.push(other);
    await runJob({ ...env, ...emailEnv(other) });
    expect(other.requests[0].body).toBe(fromRequest);
    expect(other.requests[0].headers['idempotency-key']).toBe(
      mail.requests[0].headers['idempotency-key'],
    );
    expect(other.requests[0].headers['idempotency-key']).toEqual(leadEmailKey(id));
  });

  it('does nothing without a database and an email API, and fails when the database is down', async () => {
    expect(await runJob({ ...env, EMAIL_API_KEY: undefined })).toBeUndefined();
    await expect(runJob({ ...env, SUPABASE_URL: 'http://127.0.0.1:9' })).rejects.toThrow();
    expect(mail.requests).toHaveLength(0);
  });
});

describe('POST /api/leads/notify (an admin’s Resend notification)', () => {
  it('sends an unnotified lead’s email and marks it', async () => {
    const id = await submitLead('admin-1');
    const res = await resendAsAdmin(id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, status: 'sent' });
    expect(mail.sent.map((m) => m.key)).toEqual([leadEmailKey(id)]);
    expect(db.leads[0].notified_at).not.toBeNull();
    // The lead table is read and written with the service role, never the admin's token.
    const table = db.requests.filter((r) => r.url.startsWith('/rest/v1/leads'));
    expect(table.every((r) => r.headers.apikey === 'service-role-key')).toBe(true);
  });

  it('says when the lead was notified already, and sends nothing', async () => {
    const id = await submitLead('admin-2', false);
    const res = await resendAsAdmin(id);
    expect(await res.json()).toEqual({ ok: true, status: 'already_notified' });
    expect(mail.sent).toHaveLength(1);
  });

  it('retries even a lead the scheduled job gave up on', async () => {
    const id = storedRow({ notify_attempts: 24 });
    expect(await (await resendAsAdmin(id)).json()).toEqual({ ok: true, status: 'sent' });
    expect(db.leads[0]).toMatchObject({ notify_attempts: 25, last_notify_error: null });
  });

  it('answers 502 with the reason when the email fails again, and records it', async () => {
    const id = await submitLead('admin-3');
    mail.failNext(1);
    const res = await resendAsAdmin(id);
    expect(res.status).toBe(502);
    expect((await res.json()).error).toMatchObject({
      code: 'notification_failed',
      message: 'The email was not sent: Email API answered 503 application_error',
    });
    expect(db.leads[0]).toMatchObject({ notified_at: null, notify_attempts: 2 });
  });

  it('answers 404 for an unknown lead and 400 for something that is not a lead id', async () => {
    expect((await resendAsAdmin(crypto.randomUUID())).status).toBe(404);
    const bad = await resendAsAdmin('not-a-uuid');
    await expectError(bad, 400, 'invalid_lead');
  });

  it('refuses anyone but an admin, also a user whose own metadata claims admin', async () => {
    const id = await submitLead('admin-4');
    expect((await resendAsAdmin(id, '')).status).toBe(401);
    expect((await resendAsAdmin(id, 'forged-token')).status).toBe(401);
    for (const token of ['user-token', 'editor-token', 'metadata-admin-token']) {
      const res = await resendAsAdmin(id, token);
      expect(res.status, token).toBe(403);
    }
    expect(mail.sent).toHaveLength(0);
    expect(db.leads[0].notify_attempts).toBe(1);
  });

  it('answers 503 while the database or the email API is not configured', async () => {
    const res = await resendAsAdmin(crypto.randomUUID(), 'admin-token', {
      ...env,
      SUPABASE_SERVICE_ROLE_KEY: undefined,
    });
    await expectError(res, 503, 'outbox_not_configured');
  });
});

describe('at most one email per lead, whichever path sends it', () => {
  it('sends once when the visitor’s retry, an admin and the scheduled job race', async () => {
    const id = await submitLead('race-1');
    // Slow sends make the three paths overlap.
    mail.setDelay(100);
    const retry = createQuestionnaireHandler({
      timeoutMs: 1000,
      recent: new RecentDeliveries(),
    });
    const results = await Promise.all([
      callFunction(retry, {
        path: '/api/questionnaire',
        body: answers,
        env,
        headers: { 'Idempotency-Key': 'race-1' },
      }),
      resendAsAdmin(id),
      runJob(),
      resendAsAdmin(id),
      runJob(),
    ]);
    expect(results.map((r) => (r instanceof Response ? r.status : 'ran'))).toEqual([
      200,
      200,
      'ran',
      200,
      'ran',
    ]);
    expect(mail.sent).toHaveLength(1);
    expect(db.leads[0].notified_at).not.toBeNull();
    // The claim let exactly one path ask the email API: the failed first try, then one send.
    expect(mail.requests).toHaveLength(2);
  });
});
