/**
 * One delivery policy for every lead, whichever way it travels: through the lead queue, straight
 * from the request (no queue bound), or straight from the request because the queue refused it.
 * The Supabase and Resend stand-ins go down one at a time and together; whatever happens, no lead
 * is lost or answered 200 before something holds it, and once they recover there is one row and
 * exactly one email per lead. An Idempotency-Key names one lead: the same key with other content
 * is refused with 422 on each route and path, also from another isolate (after a restart).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { consumeLeadBatch } from '../../src/features/leads/queue.server';
import { createQuestionnaireHandler } from '../../src/features/leads/questionnaire.server';
import { createChatLeadHandler } from '../../src/features/advisor/server/handoff.server';
import { RecentDeliveries } from '../../src/features/leads/leads.server';
import { resendUnnotified } from '../../src/features/leads/resend.server';
import type { Env } from '#server/env';
import { createFakeQueue, deliver } from '../fakes/queue';
import { SAMPLE_ANSWERS } from '../fixtures/leads';
import {
  callFunction,
  expectError,
  startLeadSinks,
  type ResendServer,
  type SupabaseServer,
} from './harness';

const TIMEOUT_MS = 300;
const options = { timeoutMs: TIMEOUT_MS, retryBaseDelayS: 1, retryWaitMs: 10 };

let db: SupabaseServer;
let mail: ResendServer;
let sinks: Env;
let queue: ReturnType<typeof createFakeQueue>;
let dead: ReturnType<typeof createFakeQueue>;

beforeEach(async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'log').mockImplementation(() => {});
  const started = await startLeadSinks();
  ({ db, mail } = started);
  sinks = started.env;
  dead = createFakeQueue('consulting-site-leads-dead-letters', { maxRetries: 5 });
  queue = createFakeQueue('consulting-site-leads', { maxRetries: 30, deadLetters: dead });
});

afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all([db.close(), mail.close()]);
});

/** How a lead travels. */
type Path = 'queue' | 'no queue' | 'queue refusing';
const PATHS: Path[] = ['queue', 'no queue', 'queue refusing'];

function envFor(path: Path): Env {
  if (path === 'no queue') return sinks;
  if (path === 'queue refusing') queue.failNext(1000);
  return { ...sinks, LEAD_QUEUE: queue, LEAD_DEAD_LETTERS: dead };
}

const CHAT = {
  email: 'pat@example.org',
  name: 'Pat Kim',
  transcript: [{ role: 'user', content: 'Can a person call me about the workshop?' }],
};

/** The two lead routes, each a fresh isolate per request (no key memory shared). */
const ROUTES = {
  questionnaire: {
    path: '/api/questionnaire',
    body: SAMPLE_ANSWERS,
    other: { ...SAMPLE_ANSWERS, company: 'Other Co' },
    handler: () =>
      createQuestionnaireHandler({ timeoutMs: TIMEOUT_MS, recent: new RecentDeliveries() }),
  },
  chat: {
    path: '/api/chat/lead',
    body: CHAT,
    other: { ...CHAT, email: 'someone.else@example.org' },
    handler: () => createChatLeadHandler({ timeoutMs: TIMEOUT_MS, recent: new RecentDeliveries() }),
  },
};
type Route = keyof typeof ROUTES;

function submit(env: Env, key: string, route: Route = 'questionnaire', body?: object) {
  const r = ROUTES[route];
  return callFunction(r.handler(), {
    path: r.path,
    body: body ?? r.body,
    env,
    headers: { 'Idempotency-Key': key },
  });
}

/** Delivers the lead queue until it is empty (each round is "later"). */
async function drain(env: Env, rounds = 12) {
  for (let i = 0; i < rounds && queue.pending.length; i++) {
    await deliver(queue, (batch) => consumeLeadBatch(batch, env, options));
  }
}

const OUTAGES = {
  'the database': () => db.setDown(true),
  'the email': () => mail.setDown(true),
  both: () => (db.setDown(true), mail.setDown(true)),
};
type Outage = keyof typeof OUTAGES;

/**
 * What the visitor hears while `outage` lasts: the queue holds every lead; without it, only a
 * stored lead is a 200, and a lead the database could not take is a 503 to send again.
 */
function statusDuring(path: Path, outage: Outage): number {
  if (path === 'queue') return 200;
  return outage === 'the email' ? 200 : 503;
}

describe.each(PATHS)('the delivery policy, %s', (path) => {
  const cases = (Object.keys(OUTAGES) as Outage[]).flatMap((outage) =>
    (Object.keys(ROUTES) as Route[]).map((route) => [outage, route] as const),
  );
  it.each(cases)(
    '%s down, %s: never lost, stored once recovered, the firm emailed exactly once',
    async (outage, route) => {
      const env = envFor(path);
      const key = `down-${path.replace(/ /g, '-')}`;
      OUTAGES[outage]();
      const first = await submit(env, key, route);
      expect(first.status).toBe(statusDuring(path, outage));
      if (first.status === 503) {
        const answer = await expectError(first, 503, 'lead_not_delivered');
        expect(answer.error.message).toMatch(/try again/i);
        expect(first.headers.get('Retry-After')).toMatch(/^\d+$/);
        expect(db.leads).toHaveLength(0);
        // The firm hears of it at once when the email works, so a visitor who gives up is seen.
        expect(mail.sent).toHaveLength(outage === 'the database' ? 1 : 0);
      }
      if (path === 'queue') await drain(env, 2);

      db.setDown(false);
      mail.setDown(false);
      // Recovery: the queue's consumer retries; without one, the visitor's retry (same key) does.
      let id = first.status === 200 ? (await first.json()).id : undefined;
      if (path === 'queue') await drain(env);
      else if (first.status === 503) {
        const retry = await submit(env, key, route);
        expect(retry.status).toBe(200);
        id = (await retry.json()).id;
      }
      await resendUnnotified(env, options);

      expect(db.leads).toHaveLength(1);
      expect(db.leads[0]).toMatchObject({ id, idempotency_key: key });
      expect(db.leads[0].content_digest).toMatch(/^[0-9a-f]{64}$/);
      expect(db.leads[0].notified_at).not.toBeNull();
      expect(mail.sent).toHaveLength(1);
      expect(await resendUnnotified(env, options)).toMatchObject({ pending: 0 });
      expect(mail.sent).toHaveLength(1);
    },
  );

  it('a lead the database refuses outright is emailed once and kept as a dead letter', async () => {
    const env = envFor(path);
    db.refuseNext(1);
    const res = await submit(env, `refused-${path.replace(/ /g, '-')}`);
    expect(res.status).toBe(200);
    const { id } = await res.json();
    if (path === 'queue') await drain(env);
    if (dead.pending.length) {
      await deliver(dead, (batch) => consumeLeadBatch(batch, env, options));
    }
    expect(db.deadLetters).toEqual([expect.objectContaining({ id })]);
    expect(db.deadLetters[0].error).toMatch(/^The database refused the lead/);
    expect(JSON.parse(db.deadLetters[0].payload)).toMatchObject({ id, emailed: true });
    expect(mail.sent).toHaveLength(1);
  });
});

describe('an Idempotency-Key names one lead', () => {
  describe.each(Object.keys(ROUTES) as Route[])('%s', (route) => {
    it.each(['queue', 'no queue'] as Path[])(
      '%s: the same key with other content is a 422 from another isolate, and nothing more is sent',
      async (path) => {
        const env = envFor(path);
        const first = await submit(env, `named-${route}`, route);
        expect(first.status).toBe(200);
        await drain(env);
        const reused = await submit(env, `named-${route}`, route, ROUTES[route].other);
        const answer = await expectError(reused, 422, 'idempotency_key_reused');
        expect(answer.error.message).toMatch(/different/);
        await drain(env);
        expect(db.leads).toHaveLength(1);
        expect(mail.sent).toHaveLength(1);
        // The first content under that key is still answered as before.
        const again = await submit(env, `named-${route}`, route);
        expect((await again.json()).id).toBe((await first.json()).id);
      },
    );
  });

  it('queue, database down: a reused key cannot take the first lead’s id or drop its email', async () => {
    const env = envFor('queue');
    db.setDown(true);
    const a = await (await submit(env, 'shared-key')).json();
    const b = await (
      await submit(env, 'shared-key', 'questionnaire', ROUTES.questionnaire.other)
    ).json();
    // Each message names its lead by key and digest.
    const [first, second] = queue.sent.map((m) => m.body as Record<string, unknown>);
    expect(first.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(second.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(second.digest).not.toBe(first.digest);
    expect(b.id).not.toBe(a.id);
    db.setDown(false);
    await drain(env);
    // Both visitors were told their lead arrived: both are kept and both emailed, apart.
    expect(db.leads.map((r) => r.id).sort()).toEqual([a.id, b.id].sort());
    expect(db.leads.find((r) => r.id === a.id)).toMatchObject({ idempotency_key: 'shared-key' });
    expect(db.leads.find((r) => r.id === b.id)).toMatchObject({
      idempotency_key: null,
      company: 'Other Co',
    });
    expect(mail.sent.map((m) => m.message.subject).sort()).toEqual([
      'New consultation request: Jane Doe, Acme Nonprofit',
      'New consultation request: Jane Doe, Other Co',
    ]);
  });

  it('email only: another lead under a used key gets its own id and its own email', async () => {
    const env = { ...sinks, SUPABASE_URL: undefined };
    const a = await (await submit(env, 'mail-only-key')).json();
    const b = await submit(env, 'mail-only-key', 'questionnaire', ROUTES.questionnaire.other);
    expect(b.status).toBe(200);
    expect((await b.json()).id).not.toBe(a.id);
    expect(mail.sent).toHaveLength(2);
    const [keyA, keyB] = mail.sent.map((m) => m.key);
    expect(keyA).not.toBe(keyB);
    expect(vi.mocked(console.error).mock.calls.join('\n')).not.toMatch(/Defect/);
  });

  it('the email’s idempotency key names the lead and its content digest', async () => {
    const res = await submit(sinks, 'email-key');
    const { id } = await res.json();
    expect(mail.sent[0].key).toBe(`lead-${id}-${db.leads[0].content_digest}`);
  });
});
