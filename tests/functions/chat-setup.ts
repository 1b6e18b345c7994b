/**
 * What the chat route's tests share: the built index served as the assets binding does, the signing secret,
 * the handler, local OpenAI-compatible servers and a recording Workers AI binding, and readers of
 * the streamed events.
 */
import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { expect } from 'vitest';
import type { WorkersAiBinding } from '#features/advisor/server/llm.server';
import type { ChatMessage } from '#features/advisor/contract';
import { verifyTurns } from '#features/advisor/server/signature.server';
import { createChatHandler, type ChatEnv } from '../../src/features/advisor/server/chat.server';
import { callFunction, startStub, type StubServer } from './harness';

export const INDEX = readFileSync(process.env.ADVISOR_INDEX ?? 'dist/advisor-index.json', 'utf8');

/** The static-asset binding, serving the built index as the Worker's binding does. */
export const assets: ChatEnv['ASSETS'] = {
  fetch: async (input) =>
    new URL(String(input instanceof Request ? input.url : input)).pathname === '/advisor-index.json'
      ? new Response(INDEX, { headers: { 'Content-Type': 'application/json' } })
      : new Response('Not found', { status: 404 }),
};

/** The secret replies are signed with in these tests. */
export const SECRET = 'test-signing-secret-of-at-least-32-characters';

/** The built-in advisor's configuration: the asset binding and the signing secret. */
export const builtIn: ChatEnv = { ASSETS: assets, ADVISOR_SIGNING_SECRET: SECRET };
export const handler = createChatHandler({ llmTimeoutMs: 1000, llmIdleMs: 400 });

export const user = (content: string) => ({ role: 'user' as const, content });
export const assistant = (content: string) => ({ role: 'assistant' as const, content });
export const SSE = { Accept: 'text/event-stream' };

/** Whether `signature` is the route's signature of `content` as its reply to `before`. */
export async function signedReply(
  before: ChatMessage[],
  content: string,
  signature: string | undefined,
): Promise<boolean> {
  const turn: ChatMessage = { role: 'assistant', content, ...(signature && { signature }) };
  const verified = await verifyTurns(SECRET, [...before, turn], { complete: true });
  return verified.at(-1) === true;
}

let stubs: StubServer[] = [];
/** Keeps a local server to close after the test. */
export function keep(stub: StubServer): StubServer {
  stubs.push(stub);
  return stub;
}
/** Closes the servers `openAi` and `keep` hold (after each test). */
export async function closeStubs(): Promise<void> {
  await Promise.all(stubs.map((s) => s.close()));
  stubs = [];
}

/** An OpenAI-compatible server that streams `chunks` (then [DONE] unless told otherwise). */
export async function openAi(
  chunks: string[],
  {
    done = true,
    pauseMs = 5,
    end,
  }: { done?: boolean; pauseMs?: number; end?: 'destroy' | 'hang' } = {},
): Promise<StubServer> {
  const stub = await startStub(async (_, res: ServerResponse) => {
    res.writeHead(200, { 'Content-Type': 'text/event-stream' });
    for (const content of chunks) {
      res.write(`data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`);
      await new Promise((r) => setTimeout(r, pauseMs));
    }
    if (end === 'destroy') return void res.destroy();
    if (end === 'hang') return new Promise(() => {});
    if (done) res.write('data: [DONE]\n\n');
    res.end();
  });
  stubs.push(stub);
  return stub;
}

export const llmEnv = (url: string): ChatEnv => ({
  ASSETS: assets,
  ADVISOR_SIGNING_SECRET: SECRET,
  LLM_API_URL: `${url}/v1`,
  LLM_API_KEY: 'sk-test-secret',
  LLM_MODEL: 'test-model',
});

/** A recording stand-in for the Workers AI binding, streaming `chunks` as Workers AI does. */
export function workersAi(chunks: string[] | Error) {
  const calls: { model: string; inputs: Parameters<WorkersAiBinding['run']>[1] }[] = [];
  const binding: WorkersAiBinding = {
    async run(model, inputs) {
      calls.push({ model, inputs });
      if (chunks instanceof Error) throw chunks;
      const encoder = new TextEncoder();
      return new ReadableStream<Uint8Array>({
        start(controller) {
          for (const response of chunks) {
            controller.enqueue(encoder.encode(`data: ${JSON.stringify({ response })}\n\n`));
          }
          controller.enqueue(encoder.encode('data: [DONE]\n\n'));
          controller.close();
        },
      });
    },
  };
  return { binding, calls };
}

/** Asks `handler` for a streamed reply to `body` under `env`, as the chat island does. */
export const ask = (body: unknown, env: ChatEnv) =>
  callFunction(handler, { body, headers: SSE, env });

/** The events of a text/event-stream answer. */
export async function events(res: Response): Promise<{ event: string; data: any }[]> {
  expect(res.headers.get('Content-Type')).toContain('text/event-stream');
  return (await res.text())
    .split('\n\n')
    .filter(Boolean)
    .map((block) => {
      const event = /^event: (.+)$/m.exec(block)?.[1] ?? 'message';
      const data = JSON.parse(/^data: (.+)$/m.exec(block)?.[1] ?? 'null');
      return { event, data };
    });
}

export const text = (list: { event: string; data: any }[]) =>
  list
    .filter((e) => e.event === 'delta')
    .map((e) => e.data.content)
    .join('');
