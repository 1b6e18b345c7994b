import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createQuestionnaireHandler,
  type QuestionnaireEnv,
} from '../../src/features/leads/questionnaire.server';
import { RecentDeliveries } from '../../src/features/leads/leads.server';
import { LEAD_ID_NAMESPACE, uuidV5 } from '../../src/features/leads/lead-id';
import { SAMPLE_ANSWERS } from '../fixtures/leads';
import {
  callFunction,
  emailEnv,
  expectError,
  replyJson,
  startLeadSinks,
  startResend,
  startStub,
  supabaseEnv,
  type LeadSinks,
  type StubServer,
} from './harness';

const answers = SAMPLE_ANSWERS;

const TIMEOUT_MS = 300;

const servers: StubServer[] = [];
const track = <T extends StubServer>(s: T) => (servers.push(s), s);

/** A fresh Supabase (leads table) and Resend, tracked for closing. */
async function upstreams(): Promise<LeadSinks> {
  const sinks = await startLeadSinks();
  track(sinks.db);
  track(sinks.mail);
  return sinks;
}

function sinkEnv(db?: StubServer, mail?: StubServer): QuestionnaireEnv {
  return {
    ENVIRONMENT: 'production',
    ...(db && supabaseEnv(db)),
    ...(mail && emailEnv(mail)),
  };
}

/** A handler with its own key memory, as a separate isolate would have. */
const isolate = () =>
  createQuestionnaireHandler({
    timeoutMs: TIMEOUT_MS,
    recent: new RecentDeliveries(),
    retryWaitMs: 20,
  });

let handler: ReturnType<typeof createQuestionnaireHandler>;
const post = (
  env: QuestionnaireEnv,
  body: unknown = answers,
  headers: Record<string, string> = { 'Idempotency-Key': crypto.randomUUID() },
  h = handler,
) => callFunction(h, { path: '/api/questionnaire', body, env, headers });

/**
 * Posts the sample answers with Idempotency-Key `key`, then again from another isolate, as a
 * visitor's retry may arrive; answers both bodies.
 */
async function postAndRetry(env: QuestionnaireEnv, key: string) {
  const headers = { 'Idempotency-Key': key };
  const first = await (await post(env, answers, headers)).json();
  const second = await (await post(env, answers, headers, isolate())).json();
  return { first, second };
}

/** What the console.error spy was called with, one line per call. */
const errors = () =>
  vi
    .mocked(console.error)
    .mock.calls.map((c) => c.join(' '))
    .join('\n');

beforeEach(() => {
  handler = isolate();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'log').mockImplementation(() => {});
});

afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

describe('POST /api/questionnaire delivery', () => {
  it('stores the lead, emails a summary and records the notification on the row', async () => {
    const { db, mail, env } = await upstreams();
    const res = await post(
      env,
      { ...answers, source: 'seo' },
      { 'Idempotency-Key': 'key-happy-1' },
    );
    expect(res.status).toBe(200);
    const answer = await res.json();
    // A version 5 UUID: derived from the Idempotency-Key and the lead's content digest, the
    // same on every retry.
    const digest = db.leads[0]?.content_digest;
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    expect(answer).toEqual({
      ok: true,
      id: await uuidV5(`key-happy-1\n${digest}`, LEAD_ID_NAMESPACE),
    });

    const insert = db.requests[0];
    expect(insert.method).toBe('POST');
    expect(insert.url).toBe('/rest/v1/leads?on_conflict=idempotency_key');
    expect(insert.headers.apikey).toBe('service-role-key');
    expect(insert.headers.authorization).toBe('Bearer service-role-key');
    expect(insert.headers.prefer).toContain('resolution=ignore-duplicates');
    expect(db.leads).toEqual([
      expect.objectContaining({
        id: answer.id,
        kind: 'questionnaire',
        name: 'Jane Doe',
        email: 'jane@example.com',
        company: 'Acme Nonprofit',
        current_challenge: 'Streamlining business operations',
        budget: '$2,000 - $5,000/month',
        timeline: '1-3 months',
        priorities: 'Automate intake.\nCut reporting time.',
        additional_info: '',
        source: 'seo',
        idempotency_key: 'key-happy-1',
        content_digest: digest,
        transcript: null,
        notify_attempts: 1,
        last_notify_error: null,
        notify_claimed_at: null,
        notified_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      }),
    ]);

    expect(mail.sent).toHaveLength(1);
    const email = mail.requests[0];
    expect(email.url).toBe('/emails');
    expect(email.headers.authorization).toBe('Bearer email-key');
    expect(email.headers['idempotency-key']).toBe(`lead-${answer.id}-${digest}`);
    const message = email.json();
    expect(message).toMatchObject({
      from: 'Website <web@firm.test>',
      to: ['leads@firm.test'],
      reply_to: 'jane@example.com',
      subject: 'New consultation request: Jane Doe, Acme Nonprofit',
    });
    for (const line of [
      'Name: Jane Doe',
      'Email: jane@example.com',
      'Company: Acme Nonprofit',
      'Biggest challenge: Streamlining business operations',
      'Monthly budget: $2,000 - $5,000/month',
      'Timeline: 1-3 months',
      'Came from: seo',
      'Automate intake.\nCut reporting time.',
      `Lead id: ${answer.id}`,
    ]) {
      expect(message.text).toContain(line);
    }
    // Nothing that changes from one attempt to the next.
    expect(message.text).not.toMatch(/Received|UTC|\d{2}:\d{2}/);
  });

  it('answers 503 while the database is down, after telling the firm by email', async () => {
    const db = track(await startStub((_req, res) => replyJson(res, 500, { message: 'down' })));
    const mail = track(await startResend());
    const res = await post(sinkEnv(db, mail));
    await expectError(res, 503, 'lead_not_delivered');
    expect(res.headers.get('Retry-After')).toBe('30');
    expect(mail.sent).toHaveLength(1);
    expect(errors()).toContain('"event":"lead.database_unavailable"');
  });

  it('answers 200 when the database took the lead and the email failed, and records the failure', async () => {
    const { db, mail, env } = await upstreams();
    mail.failNext(1);
    const res = await post(env, answers, { 'Idempotency-Key': 'mail-down-1' });
    expect(res.status).toBe(200);
    expect(mail.sent).toHaveLength(0);
    expect(db.leads).toEqual([
      expect.objectContaining({
        notified_at: null,
        notify_attempts: 1,
        notify_claimed_at: null,
        last_notify_error: 'Email API answered 503 application_error',
      }),
    ]);
    // The reason is logged; the lead itself is not.
    expect(errors()).toContain('"event":"lead.notify_failed"');
    expect(errors()).not.toContain('Jane');
  });

  it('sends the unnotified email when the visitor retries with the same key', async () => {
    const { db, mail, env } = await upstreams();
    mail.failNext(1);
    // The island retries with the same key, possibly reaching another isolate.
    const { first, second } = await postAndRetry(env, 'mail-down-2');
    expect(second.id).toBe(first.id);
    expect(db.leads).toHaveLength(1);
    expect(mail.sent).toHaveLength(1);
    expect(db.leads[0]).toMatchObject({ notify_attempts: 2, last_notify_error: null });
    expect(db.leads[0].notified_at).not.toBeNull();
    // A third try finds the lead notified and sends nothing more.
    await post(env, answers, { 'Idempotency-Key': 'mail-down-2' }, isolate());
    expect(mail.sent).toHaveLength(1);
  });

  it('answers 503 when every configured destination failed', async () => {
    const db = track(await startStub((_req, res) => replyJson(res, 500, { message: 'down' })));
    const mail = track(await startResend());
    mail.failNext(1);
    const res = await post(sinkEnv(db, mail));
    await expectError(res, 503, 'lead_not_delivered');
  });

  it('gives up on an upstream that does not answer in time', async () => {
    const db = track(
      await startStub(async (_req, res) => {
        await new Promise((r) => setTimeout(r, 2000));
        replyJson(res, 201, []);
      }),
    );
    const mail = track(await startResend());
    const started = Date.now();
    const res = await post(sinkEnv(db, mail));
    expect(res.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(mail.sent).toHaveLength(1);
    expect(errors()).toMatch(/"event":"lead.database_unavailable".*Timeout/);

    const slowMail = track(await startResend());
    slowMail.setDelay(2000);
    expect((await post(sinkEnv(undefined, slowMail))).status).toBe(503);
  });

  it('refuses the lead in production when no destination is configured', async () => {
    const res = await post({ ENVIRONMENT: 'production' });
    await expectError(res, 503, 'leads_unavailable');
    // ENVIRONMENT unset counts as production.
    expect((await post({})).status).toBe(503);
  });

  it('counts a half-configured email setup as no destination', async () => {
    const mail = track(await startResend());
    const env = { ...sinkEnv(undefined, mail), LEAD_NOTIFY_TO: '' };
    expect((await post(env)).status).toBe(503);
    expect(mail.requests).toHaveLength(0);
  });

  it('prints the lead to the console in development when no destination is configured', async () => {
    const res = await post({ ENVIRONMENT: 'development' }, { ...answers, source: 'consultants' });
    expect(res.status).toBe(200);
    const { id } = await res.json();
    const printed = vi
      .mocked(console.log)
      .mock.calls.map((c) => c.join(' '))
      .join('\n');
    expect(printed).toContain('Name: Jane Doe');
    expect(printed).toContain('Came from: consultants');
    expect(printed).toContain(`Lead id: ${id}`);
  });
});

describe('POST /api/questionnaire idempotent email', () => {
  it('builds a byte-identical email on every retry, so the email API answers a retry with the first send', async () => {
    const mail = track(await startResend());
    const env = sinkEnv(undefined, mail);
    const headers = { 'Idempotency-Key': 'lost-answer-1' };
    // The email API takes longer than our timeout: it sends, but we never hear back.
    mail.setDelay(TIMEOUT_MS * 2);
    expect((await post(env, answers, headers)).status).toBe(503);
    await new Promise((r) => setTimeout(r, TIMEOUT_MS * 2));
    mail.setDelay(0);
    // The visitor tries again, in another isolate and another minute: the same bytes.
    const retry = await post(env, answers, headers, isolate());
    expect(retry.status).toBe(200);
    expect(mail.sent).toHaveLength(1);
    const [a, b] = mail.requests;
    expect(b.body).toBe(a.body);
    expect(b.headers['idempotency-key']).toBe(a.headers['idempotency-key']);
  });

  it('waits and asks again when the email API is still processing the same key', async () => {
    const mail = track(await startResend());
    mail.setDelay(120);
    const env = sinkEnv(undefined, mail);
    const headers = { 'Idempotency-Key': 'double-click-1' };
    const patient = () =>
      createQuestionnaireHandler({
        timeoutMs: 1000,
        recent: new RecentDeliveries(),
        retryWaitMs: 100,
      });
    // Two isolates at once, as a double submission across the network can be.
    const [a, b] = await Promise.all([
      post(env, answers, headers, patient()),
      post(env, answers, headers, patient()),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((await a.json()).id).toBe((await b.json()).id);
    expect(mail.sent).toHaveLength(1);
    // The loser heard 409 concurrent_idempotent_requests, then the first answer.
    expect(mail.requests.length).toBeGreaterThanOrEqual(3);
  });

  it('logs a changed email under the same key as a defect, and counts the lead as notified', async () => {
    const { db, mail, env } = await upstreams();
    mail.failNext(1);
    const headers = { 'Idempotency-Key': 'changed-1' };
    const { id } = await (await post(env, answers, headers)).json();
    // The email API already holds this lead's key with another message (say, an older format).
    await fetch(`${mail.url}/emails`, {
      method: 'POST',
      headers: {
        Authorization: 'Bearer email-key',
        'Idempotency-Key': `lead-${id}-${db.leads[0].content_digest}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ from: 'a@b.test', to: ['c@d.test'], subject: 'Older', text: 'x' }),
    });
    const retry = await post(env, answers, headers, isolate());
    expect(retry.status).toBe(200);
    expect(errors()).toContain(`"event":"lead.email_key_conflict","requestId"`);
    expect(db.leads[0].notified_at).not.toBeNull();
    expect(mail.sent.map((m) => m.message.subject)).toEqual(['Older']);
  });
});

describe('POST /api/questionnaire idempotency', () => {
  it('answers a repeated key with the first answer and creates one lead and one email', async () => {
    const { db, mail, env } = await upstreams();
    const headers = { 'Idempotency-Key': 'repeat-1' };
    const [a, b] = await Promise.all([post(env, answers, headers), post(env, answers, headers)]);
    const c = await post(env, answers, headers);
    const ids = await Promise.all([a, b, c].map(async (r) => (await r.json()).id));
    expect(new Set(ids).size).toBe(1);
    expect(db.leads).toHaveLength(1);
    expect(mail.sent).toHaveLength(1);
  });

  it('uses the database as the guard across isolates: no second row, no second email', async () => {
    const { db, mail, env } = await upstreams();
    const { first, second } = await postAndRetry(env, 'repeat-2');
    expect(second.id).toBe(first.id);
    expect(db.leads).toHaveLength(1);
    expect(mail.sent).toHaveLength(1);
    expect(mail.requests).toHaveLength(1);
  });

  it('finds the first lead when PostgREST reports the duplicate as 409', async () => {
    let stored: Record<string, unknown> | undefined;
    const db = track(
      await startStub((req, res) => {
        if (req.method === 'GET') return replyJson(res, 200, stored ? [stored] : []);
        if (req.method === 'PATCH') return replyJson(res, 200, []);
        if (stored) return replyJson(res, 409, { code: '23505' });
        stored = req.json();
        replyJson(res, 201, [stored]);
      }),
    );
    const env = sinkEnv(db);
    const headers = { 'Idempotency-Key': 'repeat-409' };
    const first = await (await post(env, answers, headers)).json();
    const second = await post(env, answers, headers, isolate());
    expect(second.status).toBe(200);
    expect((await second.json()).id).toBe(first.id);
  });

  it('sends one email for a repeated key when email is the only destination', async () => {
    const mail = track(await startResend());
    const { first, second } = await postAndRetry(sinkEnv(undefined, mail), 'repeat-3');
    expect(second.id).toBe(first.id);
    expect(mail.sent).toHaveLength(1);
  });

  it('tries again when the first attempt with that key failed', async () => {
    const mail = track(await startResend());
    mail.failNext(1);
    const env = sinkEnv(undefined, mail);
    const headers = { 'Idempotency-Key': 'retry-1' };
    expect((await post(env, answers, headers)).status).toBe(503);
    expect((await post(env, answers, headers)).status).toBe(200);
    expect(mail.requests).toHaveLength(2);
    expect(mail.sent).toHaveLength(1);
  });

  it('refuses a key reused for different answers, in one isolate and across isolates', async () => {
    const env: QuestionnaireEnv = { ENVIRONMENT: 'development' };
    const headers = { 'Idempotency-Key': 'reuse-1' };
    expect((await post(env, answers, headers)).status).toBe(200);
    const reused = await post(env, { ...answers, company: 'Other Co' }, headers);
    expect(reused.status).toBe(422);

    const { db, mail, env: stored } = await upstreams();
    expect((await post(stored, answers, { 'Idempotency-Key': 'reuse-2' })).status).toBe(200);
    const elsewhere = await post(
      stored,
      { ...answers, company: 'Other Co' },
      { 'Idempotency-Key': 'reuse-2' },
      isolate(),
    );
    await expectError(elsewhere, 422, 'idempotency_key_reused');
    expect(db.leads).toHaveLength(1);
    expect(mail.sent).toHaveLength(1);
  });

  it('refuses a malformed key', async () => {
    const bad = await post({ ENVIRONMENT: 'development' }, answers, {
      'Idempotency-Key': 'spaces are not allowed',
    });
    await expectError(bad, 400, 'invalid_idempotency_key');
  });

  it('forgets the oldest keys beyond its bound', async () => {
    const recent = new RecentDeliveries(2);
    for (const key of ['a', 'b', 'c']) await recent.run(key, 'x', async () => ({ id: key }));
    expect(recent.size).toBe(2);
    expect(await recent.run('a', 'x', async () => ({ id: 'again' }))).toEqual({ id: 'again' });
    expect(await recent.run('c', 'x', async () => ({ id: 'again' }))).toEqual({ id: 'c' });
  });
});

describe('POST /api/questionnaire input', () => {
  it('answers 200 to a filled honeypot and stores and sends nothing', async () => {
    const { db, mail, env } = await upstreams();
    const res = await post(env, { ...answers, website: 'http://spam.example' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, id: expect.any(String) });
    expect(db.leads).toHaveLength(0);
    expect(db.requests).toHaveLength(0);
    expect(mail.requests).toHaveLength(0);
  });

  it('answers 400 with field errors for a bad email and missing answers', async () => {
    const mail = track(await startResend());
    const res = await post(sinkEnv(undefined, mail), {
      ...answers,
      email: 'jane@',
      budget: undefined,
    });
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error.code).toBe('invalid_answers');
    expect(error.fields.email).toEqual([
      'Please enter a valid email address, such as name@company.com.',
    ]);
    expect(error.fields.budget).toEqual(['Please choose a budget.']);
    expect(mail.requests).toHaveLength(0);
  });

  it('answers 413 to a body over 16 KB and sends nothing', async () => {
    const mail = track(await startResend());
    const res = await post(sinkEnv(undefined, mail), {
      ...answers,
      priorities: 'x'.repeat(17_000),
    });
    expect(res.status).toBe(413);
    expect(mail.requests).toHaveLength(0);
  });

  it('checks a Turnstile token when TURNSTILE_SECRET is set', async () => {
    const verify = track(
      await startStub((req, res) => {
        const form = new URLSearchParams(req.body);
        replyJson(res, 200, { success: form.get('response') === 'good-token' });
      }),
    );
    const mail = track(await startResend());
    const env: QuestionnaireEnv = {
      ...sinkEnv(undefined, mail),
      TURNSTILE_SECRET: 'turnstile-secret',
      TURNSTILE_VERIFY_URL: `${verify.url}/siteverify`,
    };
    expect((await post(env, answers)).status).toBe(403);
    expect((await post(env, { ...answers, turnstileToken: 'bad-token' })).status).toBe(403);
    expect(mail.requests).toHaveLength(0);
    expect((await post(env, { ...answers, turnstileToken: 'good-token' })).status).toBe(200);
    expect(mail.sent).toHaveLength(1);
    const form = new URLSearchParams(verify.requests.at(-1)!.body);
    expect(form.get('secret')).toBe('turnstile-secret');
    expect(form.get('remoteip')).toBe('203.0.113.7');
  });
});
