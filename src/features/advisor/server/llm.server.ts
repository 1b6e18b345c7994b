/**
 * The one module that talks to a language model, streaming its reply as text deltas:
 * - Workers AI through the Worker's `AI` binding (no key: the binding is the account),
 *   model `AI_MODEL` or DEFAULT_WORKERS_AI_MODEL;
 * - an OpenAI-compatible chat-completions endpoint: LLM_API_URL is the API base including its
 *   version path (e.g. `https://api.openai.com/v1`), with LLM_API_KEY and LLM_MODEL.
 * Workers AI wins when both are configured. Errors never carry the key, the prompt or upstream
 * text.
 */
import { isDevelopment, type Env } from '#server/env';

/** A current instruction-tuned model of Workers AI's catalogue. */
export const DEFAULT_WORKERS_AI_MODEL = '@cf/meta/llama-3.3-70b-instruct-fp8-fast';

/** The part of the Workers AI binding this module uses. */
export interface WorkersAiBinding {
  run(
    model: string,
    inputs: { messages: LlmMessage[]; stream: true; max_tokens: number; temperature: number },
  ): Promise<unknown>;
}

export interface LlmEnv extends Env {
  AI?: WorkersAiBinding;
  AI_MODEL?: string;
}

export type LlmProvider =
  | { kind: 'workers-ai'; binding: WorkersAiBinding; model: string }
  | { kind: 'openai'; url: string; key: string; model: string };

/**
 * The configured model, or null when the built-in advisor answers alone. The Workers AI binding
 * counts outside development only: `wrangler dev` runs offline (`--local`), where the binding
 * exists but cannot answer; `npx wrangler dev --remote` runs with the real one.
 */
export function llmProvider(env: LlmEnv): LlmProvider | null {
  if (env.AI && typeof env.AI.run === 'function' && !isDevelopment(env)) {
    return {
      kind: 'workers-ai',
      binding: env.AI,
      model: env.AI_MODEL?.trim() || DEFAULT_WORKERS_AI_MODEL,
    };
  }
  const url = env.LLM_API_URL?.trim();
  const key = env.LLM_API_KEY?.trim();
  const model = env.LLM_MODEL?.trim();
  return url && key && model ? { kind: 'openai', url, key, model } : null;
}

export interface LlmMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface CompletionOptions {
  /** Upper bound on the reply's length in tokens. */
  maxTokens: number;
  /** Abort when the first words have not arrived after this long, in milliseconds. */
  timeoutMs: number;
  /** Abort when the model pauses longer than this between words. */
  idleMs?: number;
  temperature?: number;
}

/** Why a call failed; the message never carries the key, the prompt or upstream text. */
export class LlmError extends Error {
  constructor(readonly reason: 'timeout' | 'network' | 'status' | 'format') {
    super(`LLM call failed (${reason})`);
  }
}

/**
 * The model's reply as it is written: text deltas, in order. Throws LlmError before the first
 * delta when the call fails, and from the iterator when the stream breaks or stalls.
 */
export async function streamChat(
  provider: LlmProvider,
  messages: readonly LlmMessage[],
  options: CompletionOptions,
): Promise<AsyncGenerator<string>> {
  const body =
    provider.kind === 'workers-ai'
      ? await workersAiStream(provider, messages, options)
      : await openAiStream(provider, messages, options);
  return deltas(body.getReader(), options);
}

async function openAiStream(
  provider: Extract<LlmProvider, { kind: 'openai' }>,
  messages: readonly LlmMessage[],
  options: CompletionOptions,
): Promise<ReadableStream<Uint8Array>> {
  // Only the wait for the answer's headers is bounded here; the reader bounds each chunk, so a
  // long reply that keeps arriving is never cut off.
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new LlmError('timeout')), options.timeoutMs);
  let res: Response;
  try {
    res = await fetch(`${provider.url.replace(/\/+$/, '')}/chat/completions`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'text/event-stream',
        Authorization: `Bearer ${provider.key}`,
      },
      body: JSON.stringify({
        model: provider.model,
        messages,
        max_tokens: options.maxTokens,
        temperature: options.temperature ?? 0.2,
        stream: true,
      }),
      signal: controller.signal,
    });
  } catch {
    throw new LlmError(controller.signal.aborted ? 'timeout' : 'network');
  } finally {
    clearTimeout(timer);
  }
  if (!res.ok || !res.body) {
    await res.body?.cancel();
    throw new LlmError('status');
  }
  return res.body;
}

async function workersAiStream(
  provider: Extract<LlmProvider, { kind: 'workers-ai' }>,
  messages: readonly LlmMessage[],
  options: CompletionOptions,
): Promise<ReadableStream<Uint8Array>> {
  let result: unknown;
  try {
    result = await withTimeout(
      provider.binding.run(provider.model, {
        messages: [...messages],
        stream: true,
        max_tokens: options.maxTokens,
        temperature: options.temperature ?? 0.2,
      }),
      options.timeoutMs,
    );
  } catch (err) {
    throw err instanceof LlmError ? err : new LlmError('network');
  }
  if (!(result instanceof ReadableStream)) throw new LlmError('format');
  return result as ReadableStream<Uint8Array>;
}

/**
 * Text deltas from a server-sent event stream. Both shapes are read: Workers AI's
 * `{"response": "..."}` and OpenAI's `{"choices": [{"delta": {"content": "..."}}]}`; `[DONE]`
 * ends it. A stream that ends without `[DONE]` after nothing arrived, or stalls, is an error.
 */
async function* deltas(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  options: CompletionOptions,
): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  let received = false;
  let first = true;
  try {
    for (;;) {
      const wait = first ? options.timeoutMs : (options.idleMs ?? options.timeoutMs);
      const { done, value } = await withTimeout(reader.read(), wait).catch((err: unknown) => {
        throw err instanceof LlmError ? err : new LlmError('network');
      });
      first = false;
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, end).replace(/\r$/, '');
        buffer = buffer.slice(end + 1);
        if (!line.startsWith('data:')) continue;
        const data = line.slice(5).trim();
        if (data === '[DONE]') return;
        const text = deltaText(data);
        if (text === null) throw new LlmError('format');
        if (text) {
          received = true;
          yield text;
        }
      }
    }
    // Ended without [DONE]: complete only if it said something (some servers omit it).
    if (!received) throw new LlmError('format');
  } finally {
    reader.cancel().catch(() => {});
  }
}

/** The text of one event, '' for an event without text, null for one that is not JSON. */
function deltaText(data: string): string | null {
  let event: unknown;
  try {
    event = JSON.parse(data);
  } catch {
    return null;
  }
  const e = event as {
    response?: unknown;
    choices?: { delta?: { content?: unknown }; message?: { content?: unknown } }[];
  };
  const text = e?.response ?? e?.choices?.[0]?.delta?.content ?? e?.choices?.[0]?.message?.content;
  return typeof text === 'string' ? text : '';
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new LlmError('timeout')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
