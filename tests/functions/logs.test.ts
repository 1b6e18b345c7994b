/**
 * The Worker's log: every line a request, a queue batch or a cron run writes is one JSON object
 * with a level, a dotted event name and the id of that work, and none carries what the visitor
 * wrote or a key.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import worker from '../../functions/index';
import type { Env } from '#server/env';
import { scrub } from '#server/log';
import { createFakeQueue, deliver } from '../fakes/queue';
import { SAMPLE_ANSWERS } from '../fixtures/leads';
import {
  EMAIL_API_KEY,
  SERVICE_ROLE_KEY,
  callRoute,
  emailEnv,
  replyJson,
  startStub,
  supabaseEnv,
  type StubServer,
} from './harness';
import { captureLog, type CapturedLog } from './log-capture';

const EVENT = /^[a-z]+(_[a-z]+)*(\.[a-z]+(_[a-z]+)*)+$/;

let servers: StubServer[] = [];
let captured: CapturedLog;

beforeEach(() => {
  captured = captureLog();
});

afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

/** A Supabase and an email API that both answer 500 to everything. */
async function downstreamsDown(): Promise<Env> {
  const down = () => startStub((_req, res) => replyJson(res, 500, { message: 'down' }));
  const [db, mail] = await Promise.all([down(), down()]);
  servers.push(db, mail);
  return { ENVIRONMENT: 'production', ...supabaseEnv(db), ...emailEnv(mail) };
}

/** Asserts every captured line is one JSON object of the log's shape; answers them. */
function expectShape() {
  const raw = captured.raw();
  expect(raw.length).toBeGreaterThan(0);
  for (const text of raw) {
    expect(text).not.toContain('\n');
    const line = JSON.parse(text);
    expect(['info', 'warn', 'error']).toContain(line.level);
    expect(line.event).toMatch(EVENT);
    expect(typeof line.requestId).toBe('string');
    expect(line.requestId).not.toBe('');
    expect(line.requestId).not.toBe('none');
  }
  return captured.lines();
}

/** Asserts no captured line holds any of the visitor's words or a key. */
function expectNothingPersonal() {
  const all = captured.raw().join('\n');
  for (const text of [
    SAMPLE_ANSWERS.email,
    SAMPLE_ANSWERS.name,
    SAMPLE_ANSWERS.company,
    'Automate intake',
    EMAIL_API_KEY,
    SERVICE_ROLE_KEY,
  ]) {
    expect(all).not.toContain(text);
  }
}

const questionnaire = (env: Env, headers: Record<string, string> = {}) =>
  callRoute({
    path: '/api/questionnaire',
    body: SAMPLE_ANSWERS,
    env,
    headers: { 'Idempotency-Key': crypto.randomUUID(), ...headers },
  });

describe('the log of a request', () => {
  it('writes JSON lines with the level, the event and the request id from cf-ray', async () => {
    const res = await questionnaire(await downstreamsDown(), { 'cf-ray': '8f1e2d3c4b5a6978-IAD' });
    expect(res.status).toBe(503);
    const lines = expectShape();
    expect(lines.map((l) => l.requestId)).toEqual(lines.map(() => '8f1e2d3c4b5a6978-IAD'));
    expect(captured.events()).toEqual(['lead.database_unavailable', 'lead.email_failed']);
    expect(lines.every((l) => l.level === 'error' && typeof l.leadId === 'string')).toBe(true);
    expectNothingPersonal();
  });

  it('gives each request its own id when there is no cf-ray', async () => {
    const env = await downstreamsDown();
    await questionnaire(env);
    await questionnaire(env);
    const ids = new Set(expectShape().map((l) => l.requestId));
    expect(ids.size).toBe(2);
  });

  it('logs an unreachable upstream with the request id, and no token', async () => {
    const res = await callRoute({
      path: '/api/leads/notify',
      body: { id: crypto.randomUUID() },
      env: {
        ENVIRONMENT: 'production',
        SUPABASE_URL: 'http://127.0.0.1:9',
        SUPABASE_ANON_KEY: 'k',
      },
      headers: { Authorization: 'Bearer admin-token', 'cf-ray': 'abc123' },
    });
    expect(res.status).toBe(502);
    const [line] = expectShape();
    expect(line).toMatchObject({ level: 'warn', event: 'supabase.auth_unreachable' });
    expect(line.requestId).toBe('abc123');
    expect(captured.raw().join('\n')).not.toContain('admin-token');
  });
});

describe('the log of a queue batch and a cron run', () => {
  it('gives a queue batch its own id', async () => {
    const queue = createFakeQueue('leads');
    await queue.send({
      id: crypto.randomUUID(),
      lead: { kind: 'questionnaire', ...SAMPLE_ANSWERS },
    });
    // Development with nowhere to deliver: the consumer prints the lead for the developer.
    const env: Env = { ENVIRONMENT: 'development' };
    await deliver(queue, (batch) => worker.queue(batch, env));
    const [line] = expectShape();
    expect(line).toMatchObject({ level: 'info', event: 'lead.development_print' });
    expect(line.requestId).toMatch(/^queue-/);
  });

  it('gives a cron run its own id', async () => {
    const env = await downstreamsDown();
    await expect(worker.scheduled({ cron: '0 * * * *', scheduledTime: 0 }, env)).rejects.toThrow();
    const lines = expectShape();
    expect(lines.map((l) => l.event)).toContain('cron.resend_leads_failed');
    expect(new Set(lines.map((l) => l.requestId)).size).toBe(1);
    expect(lines[0].requestId).toMatch(/^cron-/);
  });
});

describe('scrub', () => {
  it.each([
    ['Key (email)=(jane@example.com) already exists', 'Key (email)=([email]) already exists'],
    ['Authorization: Bearer eyJhbGciOi.abc-def', 'Authorization: Bearer [redacted]'],
    ['GET /v5/run?url=x&key=AIzaSyABC123 failed', 'GET /v5/run?url=x&key=[redacted] failed'],
    ['api_key=sk-live-123&x=1', 'api_key=[redacted]&x=1'],
    ['Timeout after 300 ms', 'Timeout after 300 ms'],
  ])('%s', (input, expected) => {
    expect(scrub(input)).toBe(expected);
  });

  it('cuts long text', () => {
    expect(scrub('x'.repeat(1000))).toHaveLength(300);
  });
});
