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

const ask = (content: string, e: ChatEnv = env, headers: Record<string, string> = {}) =>
  callFunction(handler, {
    path: '/api/chat',
    body: { messages: [user(content)] },
    env: e,
    headers,
  });

describe('recording the questions the advisor answers', () => {
  it('records the question masked under the reply’s id, with what the answer cited', async () => {
    const res = await ask('How much is the discovery workshop? Reply to jo@acme.com please');
    const reply = await res.json();
    expect(reply.answerId).toMatch(/^[0-9a-f]{32}$/);
    expect(reply.signature).toContain(`.${reply.answerId}.`);
    expect(db.questions).toHaveLength(1);
    expect(db.questions[0]).toMatchObject({
      answer_id: reply.answerId,
      question: 'How much is the discovery workshop? Reply to [email] please',
      reply: reply.content,
      declined: false,
    });
    expect(db.questions[0].sections).toEqual(reply.sources.map((s: { url: string }) => s.url));
    expect(db.questions[0].confidence).toBeGreaterThan(0);
  });

  it('lets the visitor rate that reply once', async () => {
    const { answerId } = await (await ask('How long is the discovery workshop?')).json();
    const rate = (rating: string) =>
      callRoute({ path: '/api/chat/rating', body: { answerId, rating }, env });
    expect((await rate('helpful')).status).toBe(204);
    expect((await rate('not_helpful')).status).toBe(204);
    expect(db.questions[0].rating).toBe('helpful');
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
    expect(done.answerId).toMatch(/^[0-9a-f]{32}$/);
    // Recorded once the stream ended, after the answer went out.
    await vi.waitFor(() => expect(db.questions).toHaveLength(1));
    expect(db.questions).toEqual([
      expect.objectContaining({
        answer_id: done.answerId,
        reply: 'The Discovery Workshop is a 2-3 hour session.',
      }),
    ]);
  });
});
