/**
 * The one module that talks to an LLM: an OpenAI-compatible chat-completions endpoint.
 * LLM_API_URL is the API base including its version path, e.g. `https://api.openai.com/v1`;
 * requests go to `${LLM_API_URL}/chat/completions`.
 */
import type { Env } from './env';

export interface LlmConfig {
  url: string;
  key: string;
  model: string;
}

/** The LLM settings, or null unless all three variables are set. */
export function llmConfig(env: Env): LlmConfig | null {
  const url = env.LLM_API_URL?.trim();
  const key = env.LLM_API_KEY?.trim();
  const model = env.LLM_MODEL?.trim();
  return url && key && model ? { url, key, model } : null;
}

export interface LlmMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface CompletionOptions {
  /** Upper bound on the reply's length in tokens. */
  maxTokens: number;
  /** Abort the call after this long, in milliseconds. */
  timeoutMs: number;
  temperature?: number;
}

/** Why a call failed; the message never carries the key, the prompt or upstream text. */
export class LlmError extends Error {
  constructor(readonly reason: 'timeout' | 'network' | 'status' | 'format') {
    super(`LLM call failed (${reason})`);
  }
}

/** Calls chat completions and returns the reply text. Throws LlmError on any failure. */
export async function completeChat(
  config: LlmConfig,
  messages: readonly LlmMessage[],
  options: CompletionOptions,
): Promise<string> {
  let res: Response;
  try {
    res = await fetch(`${config.url.replace(/\/+$/, '')}/chat/completions`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${config.key}`,
      },
      body: JSON.stringify({
        model: config.model,
        messages,
        max_tokens: options.maxTokens,
        temperature: options.temperature ?? 0.2,
      }),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (err) {
    throw new LlmError(isTimeout(err) ? 'timeout' : 'network');
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new LlmError('status');
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch (err) {
    throw new LlmError(isTimeout(err) ? 'timeout' : 'format');
  }
  const content = (body as { choices?: { message?: { content?: unknown } }[] })?.choices?.[0]
    ?.message?.content;
  if (typeof content !== 'string' || content.trim() === '') throw new LlmError('format');
  return content.trim();
}

function isTimeout(err: unknown): boolean {
  return err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
}
