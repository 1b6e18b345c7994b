/**
 * The chat advisor's server side, for POST /api/chat: loads the built index once per isolate
 * (through the static-asset binding), then answers with the built-in advisor, or with a
 * language model grounded in the same retrieval (Workers AI, or an OpenAI-compatible API),
 * streamed when the client asks for `text/event-stream`. A model's reply passes the guard
 * sentence by sentence (stream.server.ts). Every reply is signed (signature.server.ts), so the
 * chat hand-off can tell the advisor's own turns from edited ones, and carries an id a visitor's
 * rating names. Once a reply is sent, the question and what answered it are recorded for the
 * firm (src/features/insights) through waitUntil: recording never slows or breaks a reply.
 */
import type { RouteContext, RouteHandler } from '#server/env';
import { HttpError, fieldErrors, json, readJson } from '#server/http';
import { boundLog, log } from '#server/log';
import { CHAT_HISTORY_LIMIT, parseChatRequest, type ChatEvent, type ChatReply } from '../contract';
import { answer, prepareAdvisor, type Advisor } from '../engine/advisor';
import { citedSources, offersPerson } from '../engine/cited';
import { grounding } from '../engine/grounding';
import { replyGuard, statedFacts, visitorFacts } from '../engine/guard';
import { modelMessages } from '../engine/history';
import type { AdvisorReply } from '../engine/types';
import { ADVISOR_INDEX_PATH, ADVISOR_INDEX_VERSION, type AdvisorIndex } from '../corpus/schema';
import {
  LlmError,
  llmProvider,
  streamChat,
  type LlmEnv,
  type LlmMessage,
  type LlmProvider,
} from './llm.server';
import {
  signAnswerId,
  signReply,
  signingSecret,
  verifyTurns,
  type SigningEnv,
} from './signature.server';
import { guardedReply } from './stream.server';
import { recordQuestion, type InsightsEnv } from '#features/insights/index.server';

/** What the chat route reads: the model, the signing secret, the insights switch, the assets. */
export type ChatEnv = LlmEnv & SigningEnv & InsightsEnv;

/** An advisor made ready for questions. */
export interface LoadedAdvisor {
  advisor: Advisor;
}

export type AdvisorLoader = (env: ChatEnv, requestUrl: string) => Promise<LoadedAdvisor>;

/**
 * A loader that fetches the index from the static assets once and keeps the prepared advisor.
 * A failed load is not kept, so the next request tries again.
 */
export function createAdvisorLoader(): AdvisorLoader {
  let cached: Promise<LoadedAdvisor> | null = null;
  return (env, requestUrl) => {
    if (!cached) {
      const loading = fetchIndex(env, requestUrl).then((index) => ({
        advisor: prepareAdvisor(index),
      }));
      cached = loading;
      loading.catch(() => {
        if (cached === loading) cached = null;
      });
    }
    return cached;
  };
}

async function fetchIndex(env: ChatEnv, requestUrl: string): Promise<AdvisorIndex> {
  const unavailable = () =>
    new HttpError(503, 'advisor_unavailable', 'The advisor is not available right now.');
  if (!env.ASSETS) throw unavailable();
  const res = await env.ASSETS.fetch(new URL(ADVISOR_INDEX_PATH, requestUrl));
  if (!res.ok) throw unavailable();
  const index = (await res.json()) as AdvisorIndex;
  if (index?.version !== ADVISOR_INDEX_VERSION || !Array.isArray(index.docs)) throw unavailable();
  return index;
}

/** Longest wait for the model's first words before the visitor gets an error. */
export const LLM_TIMEOUT_MS = 20_000;
/** Longest pause between a streaming model's words. */
export const LLM_IDLE_MS = 10_000;
/** Bound on the model's reply, in tokens (about 400 words). */
export const LLM_MAX_TOKENS = 600;

export interface ChatHandlerOptions {
  advisor?: AdvisorLoader;
  llmTimeoutMs?: number;
  llmIdleMs?: number;
}

/** POST /api/chat. Tests pass their own index loader and short timeouts. */
export function createChatHandler(options: ChatHandlerOptions = {}): RouteHandler<ChatEnv> {
  const load = options.advisor ?? createAdvisorLoader();
  const timing = {
    timeoutMs: options.llmTimeoutMs ?? LLM_TIMEOUT_MS,
    idleMs: options.llmIdleMs ?? LLM_IDLE_MS,
  };
  return async ({ request, env, waitUntil }: RouteContext<ChatEnv>) => {
    const parsed = parseChatRequest(await readJson(request));
    if (!parsed.success) {
      throw new HttpError(
        400,
        'invalid_request',
        'The chat request is not valid.',
        fieldErrors(parsed.error.issues),
      );
    }
    const loaded = await load(env, request.url);
    const secret = signingSecret(env);
    const answerId = crypto.randomUUID().replace(/-/g, '');
    const sign = (content: string) => signReply(secret, parsed.messages, content, { id: answerId });
    // What a rating names: the reply's id, signed, so only this visitor can rate this reply.
    const ratingId = (await signAnswerId(secret, answerId)) ?? undefined;
    // The built-in answer: the reply without a model, the fallback of a model's reply, and in
    // both cases what the retrieval found (confidence, decline, hand-off) for the record.
    const retrieved = answer(loaded.advisor, parsed.messages);
    const question = parsed.messages.findLast((m) => m.role === 'user')?.content ?? '';
    const record = (content: string, sources: ChatReply['sources']) =>
      waitUntil(
        recordQuestion(env, {
          answerId,
          conversation: parsed.conversation,
          question,
          reply: content,
          sections: (sources ?? []).map((s) => s.url),
          confidence: retrieved.confidence,
          declined: retrieved.declined,
          handedOff: retrieved.handoff,
        }),
      );
    const provider = llmProvider(env);
    if (!provider) {
      const reply = toChatReply(retrieved);
      const signature = await sign(reply.content);
      record(reply.content, reply.sources);
      return json({ ...reply, answerId: ratingId, ...(signature && { signature }) });
    }

    const grounded = grounding(loaded.advisor, parsed.messages);
    // Earlier advisor turns count as the model's own only when their signatures verify.
    const verified = await verifyTurns(secret, parsed.messages, {
      complete: parsed.messages.length < CHAT_HISTORY_LIMIT,
    });
    const prompt: LlmMessage[] = [
      { role: 'system', content: grounded.system },
      ...modelMessages(parsed.messages, verified),
    ];
    let words: AsyncGenerator<string>;
    try {
      words = await streamChat(provider, prompt, { ...timing, maxTokens: LLM_MAX_TOKENS });
    } catch (err) {
      throw modelFailed(err, provider);
    }
    const visitor = parsed.messages.filter((m) => m.role === 'user').map((m) => m.content);
    const guarded = guardedReply(words, {
      check: replyGuard(
        statedFacts(grounded.stated, loaded.advisor.index.services),
        visitorFacts(visitor),
      ),
      builtIn: () => toChatReply(retrieved),
      sources: (content) => citedSources(content, grounded.sections),
      handoff: offersPerson,
      sign,
      // The kind of claim only: its figure may be one the visitor wrote.
      log: (problem) =>
        log.warn('chat.claim_withheld', { reason: problem.replace(/\s*\(.*\)$/, '') }),
    });
    const reply = withAnswerId(guarded, ratingId, record);
    if (wantsStream(request)) return streamResponse(reply, provider);
    return json(await wholeReply(reply, provider));
  };
}

/**
 * A model's reply events with the reply's id on its final event, and the reply the visitor ended
 * up with handed to `record` once it is complete (a reply that broke off is not recorded).
 */
async function* withAnswerId(
  events: AsyncGenerator<ChatEvent>,
  answerId: string | undefined,
  record: (content: string, sources: ChatReply['sources']) => void,
): AsyncGenerator<ChatEvent> {
  let content = '';
  for await (const e of events) {
    if (e.event === 'delta') content += e.data.content;
    if (e.event === 'replace') {
      record(e.data.content, e.data.sources);
      yield { event: 'replace', data: { ...e.data, answerId } };
    } else if (e.event === 'done') {
      record(content, e.data.sources);
      yield { event: 'done', data: { ...e.data, answerId } };
    } else {
      yield e;
    }
  }
}

function wantsStream(request: Request): boolean {
  return (request.headers.get('Accept') ?? '').includes('text/event-stream');
}

function toChatReply(reply: AdvisorReply): ChatReply {
  const out: ChatReply = { content: reply.content };
  if (reply.sources.length) out.sources = reply.sources;
  if (reply.choices?.length) out.choices = reply.choices;
  if (reply.handoff) out.handoff = true;
  return out;
}

function modelFailed(err: unknown, provider: LlmProvider): HttpError {
  if (!(err instanceof LlmError)) throw err;
  log.error('chat.model_failed', { provider: provider.kind, error: err.message });
  return new HttpError(
    502,
    'advisor_unavailable',
    'The advisor could not answer right now. Please try again in a moment.',
  );
}

/** A server-sent event stream of the reply; a break midway sends `error` and closes. */
function streamResponse(reply: AsyncGenerator<ChatEvent>, provider: LlmProvider): Response {
  const encoder = new TextEncoder();
  // The runtime calls pull after the handler returned, outside the request's scope.
  const streamLog = boundLog();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const step = await reply.next();
        if (step.done) return controller.close();
        const value: ChatEvent = step.value;
        controller.enqueue(
          encoder.encode(`event: ${value.event}\ndata: ${JSON.stringify(value.data)}\n\n`),
        );
      } catch (err) {
        streamLog.error('chat.stream_failed', {
          provider: provider.kind,
          error: err instanceof LlmError ? err.message : 'stream failed',
        });
        const message = 'The reply was interrupted.';
        controller.enqueue(
          encoder.encode(`event: error\ndata: ${JSON.stringify({ message })}\n\n`),
        );
        controller.close();
      }
    },
    cancel() {
      void reply.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Accel-Buffering': 'no',
    },
  });
}

/** The whole reply for a client that did not ask for a stream; a break midway is a 502. */
async function wholeReply(
  reply: AsyncGenerator<ChatEvent>,
  provider: LlmProvider,
): Promise<ChatReply> {
  let content = '';
  try {
    for await (const e of reply) {
      if (e.event === 'delta') content += e.data.content;
      else if (e.event === 'replace') return e.data;
      else if (e.event === 'done') return { content: content.trim(), ...e.data };
    }
  } catch (err) {
    throw modelFailed(err, provider);
  }
  throw modelFailed(new LlmError('format'), provider);
}
