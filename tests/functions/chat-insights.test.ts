/**
 * The chat route records what prospects ask (src/features/insights) once a reply is sent: the
 * question masked, the sections the answer cited, its confidence, whether it declined, under the
 * reply's id, which a rating then names. Against the Supabase stand-in.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatEnv } from '../../src/features/advisor/server/chat.server';
import { builtIn, closeStubs, handler, llmEnv, openAi, SSE, user } from './chat-setup';
import {
  callFunction,
  callRoute,
  startSupabase,
  supabaseEnv,
  type SupabaseServer,
} from './harness';

let db: SupabaseServer;
let env: ChatEnv;

beforeEach(async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  db = await startSupabase();
  env = { ...builtIn, ENVIRONMENT: 'production', ...supabaseEnv(db) };
});

afterEach(async () => {
  vi.restoreAllMocks();
  await closeStubs();
  await db.close();
});

const ask = (
  content: string,
  e: ChatEnv = env,
  headers: Record<string, string> = {},
  conversation?: string,
) =>
  callFunction(handler, {
    path: '/api/chat',
    body: { messages: [user(content)], ...(conversation && { conversation }) },
    env: e,
    headers,
  });

const rate = (answerId: string, rating = 'helpful') =>
  callRoute({ path: '/api/chat/rating', body: { answerId, rating }, env });

describe('recording the questions the advisor answers', () => {
  it('records the question masked under the reply’s id, with what the answer cited', async () => {
    const res = await ask('How much is the discovery workshop? Reply to jo@acme.com please');
    const reply = await res.json();
    // The id a rating names is the reply's id, signed.
    const [id] = reply.answerId.split('.');
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(reply.signature).toContain(`.${id}.`);
    expect(db.questions).toHaveLength(1);
    expect(db.questions[0]).toMatchObject({
      answer_id: id,
      question: 'How much is the discovery workshop? Reply to [email] please',
      reply: reply.content,
      declined: false,
    });
    expect(db.questions[0].sections).toEqual(reply.sources.map((s: { url: string }) => s.url));
    expect(db.questions[0].confidence).toBeGreaterThan(0);
  });

  it('lets the visitor rate that reply once', async () => {
    const { answerId } = await (await ask('How long is the discovery workshop?')).json();
    expect((await rate(answerId, 'helpful')).status).toBe(204);
    expect((await rate(answerId, 'not_helpful')).status).toBe(204);
    expect(db.questions[0].rating).toBe('helpful');
  });

  it('counts a rating only with the signed answer id, not the bare id or a forged one', async () => {
    const { answerId } = await (await ask('How long is the discovery workshop?')).json();
    const bare = db.questions[0].answer_id as string;
    expect((await rate(bare, 'not_helpful')).status).toBe(204);
    const [id, issued] = answerId.split('.');
    expect((await rate(`${id}.${issued}.${'A'.repeat(43)}`, 'not_helpful')).status).toBe(204);
    expect((await rate(`${bare}.${Date.now()}.${'B'.repeat(43)}`, 'not_helpful')).status).toBe(204);
    expect(db.questions[0].rating).toBeNull();
    expect((await rate(answerId, 'helpful')).status).toBe(204);
    expect(db.questions[0].rating).toBe('helpful');
  });

  it('counts a question once per conversation', async () => {
    const first = 'conversation-0001';
    await ask('How long is the discovery workshop?', env, {}, first);
    await ask('How long is the  Discovery Workshop? ', env, {}, first);
    expect(db.questions).toHaveLength(1);
    await ask('What does the SEO service cost?', env, {}, first);
    await ask('How long is the discovery workshop?', env, {}, 'conversation-0002');
    expect(db.questions.map((q) => q.question)).toEqual([
      'How long is the discovery workshop?',
      'What does the SEO service cost?',
      'How long is the discovery workshop?',
    ]);
  });

  it('records a declined question as declined', async () => {
    await ask('What will the weather be like in Detroit next Tuesday?');
    expect(db.questions[0]).toMatchObject({ declined: true });
  });

  it('records nothing when recording is off, and still answers', async () => {
    const res = await ask('How much is the discovery workshop?', {
      ...env,
      ADVISOR_INSIGHTS: 'off',
    });
    expect(res.status).toBe(200);
    expect(db.questions).toEqual([]);
  });

  it('answers when the database is down: recording never breaks a reply', async () => {
    db.setDown(true);
    const res = await ask('How much is the discovery workshop?');
    expect(res.status).toBe(200);
    expect((await res.json()).content).toMatch(/\$750/);
  });

  it('records a model’s streamed reply as the visitor received it, once it is complete', async () => {
    const llm = await openAi(['The Discovery Workshop ', 'is a 2-3 hour session.']);
    const res = await ask('How long is the workshop?', { ...env, ...llmEnv(llm.url) }, SSE);
    const text = await res.text();
    const done = JSON.parse(/event: done\ndata: (.*)\n/.exec(text)![1]);
    const [id] = done.answerId.split('.');
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    // Recorded once the stream ended, after the answer went out.
    await vi.waitFor(() => expect(db.questions).toHaveLength(1));
    expect(db.questions).toEqual([
      expect.objectContaining({
        answer_id: id,
        reply: 'The Discovery Workshop is a 2-3 hour session.',
      }),
    ]);
  });
});
