/**
 * What the firm learns from the advisor (src/features/insights): ratings through
 * POST /api/chat/rating, questions recorded masked, the switch, and the 90-day clean-up,
 * against the Supabase stand-in.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  insightsEnabled,
  purgeOldQuestions,
  recordQuestion,
  type AnsweredQuestion,
} from '../../src/features/insights/index.server';
import type { Env } from '#server/env';
import { signAnswerId } from '../../src/features/advisor/server/signature.server';
import { callRoute, expectError, startSupabase, supabaseEnv, type SupabaseServer } from './harness';

let db: SupabaseServer;
let env: Env & { ADVISOR_INSIGHTS?: string; ADVISOR_SIGNING_SECRET?: string };
const SECRET = 'test-signing-secret-of-at-least-32-characters';
/** The id of answer `id` as the chat route gives it to the visitor: signed. */
const signed = async (id: string) => (await signAnswerId(SECRET, id))!;

beforeEach(async () => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
  db = await startSupabase();
  env = { ENVIRONMENT: 'production', ADVISOR_SIGNING_SECRET: SECRET, ...supabaseEnv(db) };
});

afterEach(async () => {
  vi.restoreAllMocks();
  await db.close();
});

const answered = (over: Partial<AnsweredQuestion> = {}): AnsweredQuestion => ({
  answerId: 'answer-0001',
  question: 'Can you send a certificate of insurance to jo@acme.com or call 616-555-0134?',
  reply: 'The site does not cover that. A person can answer it.',
  sections: [],
  confidence: 0.2,
  declined: true,
  handedOff: true,
  ...over,
});

const rate = (body: object, headers: Record<string, string> = {}) =>
  callRoute({ path: '/api/chat/rating', body, env, headers });

describe('recording what prospects ask', () => {
  it('stores the question masked, with what the answer cited, and no visitor identifier', async () => {
    expect(await recordQuestion(env, answered())).toBe(true);
    expect(db.questions).toHaveLength(1);
    const row = db.questions[0];
    expect(row.question).toBe(
      'Can you send a certificate of insurance to [email] or call [phone]?',
    );
    expect(row).toMatchObject({ answer_id: 'answer-0001', declined: true, handed_off: true });
    // What the Worker sent holds the question's facts and nothing about the visitor.
    const sent = db.requests.find((r) => r.url.startsWith('/rest/v1/advisor_questions'))!.json();
    expect(Object.keys(sent).sort()).toEqual(
      [
        'answer_id',
        'confidence',
        'declined',
        'handed_off',
        'question',
        'question_key',
        'reply',
        'sections',
      ].sort(),
    );
  });

  it('is on in production, off in development unless asked, and off with one variable', () => {
    expect(insightsEnabled(env)).toBe(true);
    expect(insightsEnabled({ ...env, ADVISOR_INSIGHTS: 'off' })).toBe(false);
    expect(insightsEnabled({ ...env, ENVIRONMENT: 'development' })).toBe(false);
    expect(insightsEnabled({ ...env, ENVIRONMENT: 'development', ADVISOR_INSIGHTS: 'on' })).toBe(
      true,
    );
    expect(insightsEnabled({ ENVIRONMENT: 'production' })).toBe(false);
  });

  it('never throws when the database is down: the reply is not its business', async () => {
    db.setDown(true);
    expect(await recordQuestion(env, answered())).toBe(false);
  });

  it('deletes questions older than 90 days when the Cron Trigger runs', async () => {
    await recordQuestion(env, answered({ answerId: 'answer-old1' }));
    await recordQuestion(env, answered({ answerId: 'answer-new1' }));
    db.questions[0].created_at = new Date(Date.now() - 91 * 86_400_000).toISOString();
    expect(await purgeOldQuestions(env)).toBe(1);
    expect(db.questions.map((q) => q.answer_id)).toEqual(['answer-new1']);
  });
});

describe('POST /api/chat/rating', () => {
  it('records a rating and its comment, masked, once', async () => {
    await recordQuestion(env, answered());
    const answerId = await signed('answer-0001');
    const res = await rate({
      answerId,
      rating: 'not_helpful',
      comment: 'I needed a yes or no. Reach me at jo@acme.com',
    });
    expect(res.status).toBe(204);
    expect(db.questions[0]).toMatchObject({
      rating: 'not_helpful',
      comment: 'I needed a yes or no. Reach me at [email]',
    });
    expect((await rate({ answerId, rating: 'helpful' })).status).toBe(204);
    expect(db.questions[0].rating).toBe('not_helpful');
  });

  it('answers 204 for an answer it does not know, and stores nothing', async () => {
    const answerId = await signed('answer-none');
    expect((await rate({ answerId, rating: 'helpful' })).status).toBe(204);
    expect(db.questions).toEqual([]);
  });

  it.each([
    ['no answer id', { rating: 'helpful' }],
    ['another rating', { answerId: 'answer-0001', rating: 'meh' }],
    [
      'a long comment',
      { answerId: 'answer-0001', rating: 'not_helpful', comment: 'x'.repeat(501) },
    ],
    ['a hidden character', { answerId: 'answer-0001', rating: 'helpful', comment: 'a\u202eb' }],
  ])('answers 400 to %s', async (_, body) => {
    await expectError(await rate(body), 400, 'invalid_rating');
  });

  it('takes only same-origin JSON', async () => {
    await expectError(
      await rate(
        { answerId: 'answer-0001', rating: 'helpful' },
        { Origin: 'https://evil.example' },
      ),
      403,
      'cross_site_request',
    );
    const text = await callRoute({
      path: '/api/chat/rating',
      raw: '{"answerId":"answer-0001","rating":"helpful"}',
      headers: { 'Content-Type': 'text/plain' },
      env,
    });
    await expectError(text, 415, 'unsupported_media_type');
  });
});
