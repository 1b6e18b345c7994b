/**
 * The advisor's model path with a model in the loop, replayed: each case's conversation goes
 * through the real chat route (`createChatHandler`, as the Worker runs it), whose model is a
 * loopback OpenAI-compatible server that records every request and answers with the reply a
 * stand-in model wrote for it (replies.json), found by the visitor's turns so far. The route's
 * guard, sources and signing run as in production; only the model is recorded.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import type { ChatMessage, ChatReply } from '../../../src/features/advisor/contract';
import { createChatHandler, type ChatEnv } from '../../../src/features/advisor/server/chat.server';
import { assets, SECRET } from '../../functions/chat-setup';
import { callFunction, startStub, type StubServer } from '../../functions/harness';
import type { EvalCase } from '../types';

/** One recorded model reply: the visitor's turns it answers, and what the model wrote. */
export interface RecordedReply {
  key: string;
  turns: string[];
  reply: string;
  /**
   * A reviewer's verdict, where one was given: false when the reply states a fact of the firm's
   * (a figure or a promise) that its request does not hold, as any model sometimes does. The
   * guard is right to change such a reply, so the gate on unchanged replies leaves it out.
   */
  faithful?: boolean;
}

/** What the replay server answers when it holds no reply for a request. */
export const NO_REPLY = '(no recorded reply)';

export const REPLIES_FILE = new URL('./replies.json', import.meta.url);

/** The key of a request: a digest of the visitor's turns so far, in order. */
export function replyKey(turns: readonly string[]): string {
  return createHash('sha256').update(JSON.stringify(turns)).digest('hex').slice(0, 16);
}

export function loadReplies(file: URL = REPLIES_FILE): Map<string, RecordedReply> {
  let list: RecordedReply[] = [];
  try {
    list = JSON.parse(readFileSync(file, 'utf8')) as RecordedReply[];
  } catch {
    list = [];
  }
  return new Map(list.map((r) => [r.key, r]));
}

/** A captured request: its key, the visitor's turns, and the body the Worker sent the model. */
export interface CapturedRequest {
  key: string;
  turns: string[];
  body: { messages: { role: string; content: string }[] } & Record<string, unknown>;
}

/**
 * The loopback model: records each request under the key the player set for it and streams the
 * recorded reply (in a few pieces, as a model streams), or NO_REPLY.
 */
export async function replayModel(replies: Map<string, RecordedReply>) {
  let current: { key: string; turns: string[] } = { key: '', turns: [] };
  const captured: CapturedRequest[] = [];
  const stub: StubServer = await startStub(async (req, res: ServerResponse) => {
    captured.push({ ...current, body: req.json() });
    const text = replies.get(current.key)?.reply ?? NO_REPLY;
    res.writeHead(200, { 'Content-Type': 'text/event-stream' });
    for (const content of text.match(/[\s\S]{1,40}/g) ?? []) {
      res.write(`data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`);
    }
    res.write('data: [DONE]\n\n');
    res.end();
  });
  const env: ChatEnv = {
    ASSETS: assets,
    ADVISOR_SIGNING_SECRET: SECRET,
    LLM_API_URL: `${stub.url}/v1`,
    LLM_API_KEY: 'sk-replay',
    LLM_MODEL: 'replay',
  };
  return {
    env,
    captured,
    close: () => stub.close(),
    setTurns(turns: string[]) {
      current = { key: replyKey(turns), turns };
    },
  };
}

const handler = createChatHandler({ llmTimeoutMs: 5000, llmIdleMs: 2000 });

/** What the visitor received for the last turn of a case, and what the model wrote for it. */
export interface PlayedCase {
  key: string;
  /** The route's reply (JSON, not streamed), as the visitor would read it. */
  reply: ChatReply;
  /** The recorded model reply for the last turn, when there is one. */
  model?: string;
}

/** Plays a case's conversation through the route; earlier replies go back as the island sends them. */
export async function playCase(
  model: Awaited<ReturnType<typeof replayModel>>,
  replies: Map<string, RecordedReply>,
  c: Pick<EvalCase, 'ask'>,
): Promise<PlayedCase> {
  const turns = typeof c.ask === 'string' ? [c.ask] : c.ask;
  const messages: (ChatMessage & { signature?: string })[] = [];
  const visitor: string[] = [];
  let last: PlayedCase | undefined;
  for (const turn of turns) {
    if (turn.startsWith('assistant: ')) {
      messages.push({ role: 'assistant', content: turn.slice('assistant: '.length) });
      continue;
    }
    visitor.push(turn);
    messages.push({ role: 'user', content: turn });
    model.setTurns([...visitor]);
    const res = await callFunction(handler, { body: { messages }, env: model.env });
    if (!res.ok) throw new Error(`the chat route answered ${res.status}: ${await res.text()}`);
    const reply = (await res.json()) as ChatReply & { signature?: string };
    const key = replyKey(visitor);
    last = { key, reply, model: replies.get(key)?.reply };
    messages.push({
      role: 'assistant',
      content: reply.content,
      ...(reply.signature && { signature: reply.signature }),
    });
  }
  return last!;
}
