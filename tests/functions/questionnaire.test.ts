import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createQuestionnaireHandler,
  type QuestionnaireEnv,
} from '../../src/features/leads/questionnaire.server';
import { RecentDeliveries } from '../../src/features/leads/leads.server';
import { onRequest } from '../../functions/api/questionnaire';
import { callFunction, replyJson, startStub, type StubServer } from './harness';

const answers = {
  name: 'Jane Doe',
  email: 'jane@example.com',
  company: 'Acme Nonprofit',
  currentChallenge: 'Streamlining business operations',
  budget: '$2,000 - $5,000/month',
  timeline: '1-3 months',
  priorities: 'Automate intake.\nCut reporting time.',
  additionalInfo: '',
};

const TIMEOUT_MS = 300;

/** A stand-in for PostgREST's /rest/v1/leads that keeps rows and honours on_conflict. */
async function startPostgrest(options: { status?: number; delayMs?: number } = {}) {
  const rows: Record<string, unknown>[] = [];
  const server = await startStub(async (req, res) => {
    if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
    if (options.status) return replyJson(res, options.status, { message: 'down' });
    const url = new URL(req.url, 'http://stub');
    if (req.method === 'GET') {
      const key = url.searchParams.get('idempotency_key')?.replace(/^eq\./, '');
      return replyJson(
        res,
        200,
        rows.filter((r) => r.idempotency_key === key).map((r) => ({ id: r.id })),
      );
    }
    const row = req.json();
    const duplicate =
      row.idempotency_key && rows.some((r) => r.idempotency_key === row.idempotency_key);
    if (duplicate) return replyJson(res, 201, []);
    rows.push(row);
    replyJson(res, 201, [row]);
  });
  return { server, rows };
}

async function startEmail(options: { status?: number; delayMs?: number } = {}) {
  return startStub(async (_req, res) => {
    if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
    replyJson(res, options.status ?? 200, { id: 'email-1' });
  });
}

const servers: StubServer[] = [];
const track = <T extends StubServer>(s: T) => (servers.push(s), s);

function sinkEnv(db?: StubServer, mail?: StubServer): QuestionnaireEnv {
  return {
    ENVIRONMENT: 'production',
    ...(db && { SUPABASE_URL: db.url, SUPABASE_SERVICE_ROLE_KEY: 'service-role-key' }),
    ...(mail && {
      EMAIL_API_URL: `${mail.url}/emails`,
      EMAIL_API_KEY: 'email-key',
      LEAD_NOTIFY_TO: 'leads@firm.test',
      LEAD_NOTIFY_FROM: 'Website <web@firm.test>',
    }),
  };
}

let handler: ReturnType<typeof createQuestionnaireHandler>;
const post = (
  env: QuestionnaireEnv,
  body: unknown = answers,
  headers: Record<string, string> = { 'Idempotency-Key': crypto.randomUUID() },
  h = handler,
) => callFunction(h, { path: '/api/questionnaire', body, env, headers });

beforeEach(() => {
  handler = createQuestionnaireHandler({ timeoutMs: TIMEOUT_MS, recent: new RecentDeliveries() });
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'log').mockImplementation(() => {});
});

afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

describe('POST /api/questionnaire delivery', () => {
  it('stores the lead through PostgREST and emails a summary, answering the row id', async () => {
    const { server: db, rows } = await startPostgrest();
    const mail = track(await startEmail());
    track(db);
    const res = await post(
      sinkEnv(db, mail),
      { ...answers, source: 'seo' },
      { 'Idempotency-Key': 'key-happy-1' },
    );
    expect(res.status).toBe(200);
    const answer = await res.json();
    expect(answer).toEqual({ ok: true, id: expect.stringMatching(/^[0-9a-f-]{36}$/) });

    expect(db.requests).toHaveLength(1);
    const insert = db.requests[0]!;
    expect(insert.method).toBe('POST');
    expect(insert.url).toBe('/rest/v1/leads?on_conflict=idempotency_key');
    expect(insert.headers.apikey).toBe('service-role-key');
    expect(insert.headers.authorization).toBe('Bearer service-role-key');
    expect(insert.headers.prefer).toContain('return=representation');
    expect(insert.headers.prefer).toContain('resolution=ignore-duplicates');
    expect(rows).toEqual([
      {
        id: answer.id,
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
      },
    ]);

    expect(mail.requests).toHaveLength(1);
    const email = mail.requests[0]!;
    expect(email.url).toBe('/emails');
    expect(email.headers.authorization).toBe('Bearer email-key');
    expect(email.headers['idempotency-key']).toBe('lead-key-happy-1');
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
  });

  it('accepts the lead when the database is down but the email went out', async () => {
    const { server: db } = await startPostgrest({ status: 500 });
    const mail = track(await startEmail());
    track(db);
    const res = await post(sinkEnv(db, mail));
    expect(res.status).toBe(200);
    expect(mail.requests).toHaveLength(1);
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining('database'));
  });

  it('accepts the lead when the email API is down but the database stored it', async () => {
    const { server: db, rows } = await startPostgrest();
    const mail = track(await startEmail({ status: 503 }));
    track(db);
    const res = await post(sinkEnv(db, mail));
    expect(res.status).toBe(200);
    expect(rows).toHaveLength(1);
    expect(mail.requests).toHaveLength(1);
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining('email'));
  });

  it('answers 502 when every configured sink failed', async () => {
    const { server: db } = await startPostgrest({ status: 500 });
    const mail = track(await startEmail({ status: 500 }));
    track(db);
    const res = await post(sinkEnv(db, mail));
    expect(res.status).toBe(502);
    expect((await res.json()).error.code).toBe('lead_not_delivered');
  });

  it('gives up on a sink that does not answer in time', async () => {
    const { server: db } = await startPostgrest({ delayMs: 2000 });
    const mail = track(await startEmail());
    track(db);
    const started = Date.now();
    const res = await post(sinkEnv(db, mail));
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(mail.requests).toHaveLength(1);
    expect(console.error).toHaveBeenCalledWith(expect.stringMatching(/database.*Timeout/));

    const slowMail = track(await startEmail({ delayMs: 2000 }));
    expect((await post(sinkEnv(undefined, slowMail))).status).toBe(502);
  });

  it('refuses the lead in production when no sink is configured', async () => {
    const res = await post({ ENVIRONMENT: 'production' });
    expect(res.status).toBe(503);
    expect((await res.json()).error.code).toBe('leads_unavailable');
    // ENVIRONMENT unset counts as production.
    expect((await post({})).status).toBe(503);
  });

  it('counts a half-configured email setup as no sink', async () => {
    const mail = track(await startEmail());
    const env = { ...sinkEnv(undefined, mail), LEAD_NOTIFY_TO: '' };
    expect((await post(env)).status).toBe(503);
    expect(mail.requests).toHaveLength(0);
  });

  it('prints the lead to the console in development when no sink is configured', async () => {
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

describe('POST /api/questionnaire idempotency', () => {
  it('answers a repeated key with the first answer and creates one lead and one email', async () => {
    const { server: db, rows } = await startPostgrest();
    const mail = track(await startEmail());
    track(db);
    const env = sinkEnv(db, mail);
    const headers = { 'Idempotency-Key': 'repeat-1' };
    const [a, b] = await Promise.all([post(env, answers, headers), post(env, answers, headers)]);
    const c = await post(env, answers, headers);
    const ids = await Promise.all([a, b, c].map(async (r) => (await r.json()).id));
    expect(new Set(ids).size).toBe(1);
    expect(rows).toHaveLength(1);
    expect(mail.requests).toHaveLength(1);
  });

  it('uses the database as the guard across isolates: no second row, no second email', async () => {
    const { server: db, rows } = await startPostgrest();
    const mail = track(await startEmail());
    track(db);
    const env = sinkEnv(db, mail);
    const headers = { 'Idempotency-Key': 'repeat-2' };
    const other = createQuestionnaireHandler({
      timeoutMs: TIMEOUT_MS,
      recent: new RecentDeliveries(),
    });
    const first = await (await post(env, answers, headers)).json();
    const second = await (await post(env, answers, headers, other)).json();
    expect(second.id).toBe(first.id);
    expect(rows).toHaveLength(1);
    expect(mail.requests).toHaveLength(1);
    expect(db.requests.map((r) => r.method)).toEqual(['POST', 'POST', 'GET']);
  });

  it('finds the first lead when PostgREST reports the duplicate as 409', async () => {
    let stored: { id: string } | undefined;
    const db = track(
      await startStub((req, res) => {
        if (req.method === 'GET') return replyJson(res, 200, stored ? [stored] : []);
        if (stored) return replyJson(res, 409, { code: '23505' });
        stored = { id: req.json().id };
        replyJson(res, 201, [stored]);
      }),
    );
    const env = sinkEnv(db);
    const headers = { 'Idempotency-Key': 'repeat-409' };
    const other = createQuestionnaireHandler({
      timeoutMs: TIMEOUT_MS,
      recent: new RecentDeliveries(),
    });
    const first = await (await post(env, answers, headers)).json();
    const second = await post(env, answers, headers, other);
    expect(second.status).toBe(200);
    expect((await second.json()).id).toBe(first.id);
  });

  it('sends one email for a repeated key when email is the only sink', async () => {
    const mail = track(await startEmail());
    const env = sinkEnv(undefined, mail);
    const headers = { 'Idempotency-Key': 'repeat-3' };
    const first = await (await post(env, answers, headers)).json();
    const second = await (await post(env, answers, headers)).json();
    expect(second.id).toBe(first.id);
    expect(mail.requests).toHaveLength(1);
  });

  it('tries again when the first attempt with that key failed', async () => {
    let up = false;
    const mail = track(
      await startStub((_req, res) => replyJson(res, up ? 200 : 500, { id: 'email' })),
    );
    const env = sinkEnv(undefined, mail);
    const headers = { 'Idempotency-Key': 'retry-1' };
    expect((await post(env, answers, headers)).status).toBe(502);
    up = true;
    expect((await post(env, answers, headers)).status).toBe(200);
    expect(mail.requests).toHaveLength(2);
  });

  it('refuses a key reused for different answers, and a malformed key', async () => {
    const env: QuestionnaireEnv = { ENVIRONMENT: 'development' };
    const headers = { 'Idempotency-Key': 'reuse-1' };
    expect((await post(env, answers, headers)).status).toBe(200);
    const reused = await post(env, { ...answers, company: 'Other Co' }, headers);
    expect(reused.status).toBe(422);
    const bad = await post(env, answers, { 'Idempotency-Key': 'spaces are not allowed' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.code).toBe('invalid_idempotency_key');
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
    const { server: db, rows } = await startPostgrest();
    const mail = track(await startEmail());
    track(db);
    const res = await post(sinkEnv(db, mail), { ...answers, website: 'http://spam.example' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, id: expect.any(String) });
    expect(rows).toHaveLength(0);
    expect(db.requests).toHaveLength(0);
    expect(mail.requests).toHaveLength(0);
  });

  it('answers 400 with field errors for a bad email and missing answers', async () => {
    const mail = track(await startEmail());
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
    const mail = track(await startEmail());
    const res = await post(sinkEnv(undefined, mail), {
      ...answers,
      priorities: 'x'.repeat(17_000),
    });
    expect(res.status).toBe(413);
    expect(mail.requests).toHaveLength(0);
  });

  it('answers 405 with Allow: POST to other methods', async () => {
    const res = await callFunction(onRequest, { method: 'GET', path: '/api/questionnaire' });
    expect(res.status).toBe(405);
    expect(res.headers.get('Allow')).toBe('POST');
  });

  it('checks a Turnstile token when TURNSTILE_SECRET is set', async () => {
    const verify = track(
      await startStub((req, res) => {
        const form = new URLSearchParams(req.body);
        replyJson(res, 200, { success: form.get('response') === 'good-token' });
      }),
    );
    const mail = track(await startEmail());
    const env: QuestionnaireEnv = {
      ...sinkEnv(undefined, mail),
      TURNSTILE_SECRET: 'turnstile-secret',
      TURNSTILE_VERIFY_URL: `${verify.url}/siteverify`,
    };
    expect((await post(env, answers)).status).toBe(403);
    expect((await post(env, { ...answers, turnstileToken: 'bad-token' })).status).toBe(403);
    expect(mail.requests).toHaveLength(0);
    expect((await post(env, { ...answers, turnstileToken: 'good-token' })).status).toBe(200);
    expect(mail.requests).toHaveLength(1);
    const form = new URLSearchParams(verify.requests.at(-1)!.body);
    expect(form.get('secret')).toBe('turnstile-secret');
    expect(form.get('remoteip')).toBe('203.0.113.7');
  });
});
