/**
 * POST /api/chat: the AI advisor. Body `{messages:[{role,content}]}` (or the spec's single
 * `{role:'user',content}`); answer `{content, sources?}`. Without LLM settings the built-in
 * advisor answers from the site's own content; with them, an OpenAI-compatible model answers,
 * grounded in the same retrieved passages.
 */
import { parseChatRequest, type ChatReply } from '../../src/features/advisor/contract';
import {
  answer,
  grounding,
  loadAdvisor,
  mentionsUnknownPrice,
  type AdvisorEnv,
  type AdvisorLoader,
} from '../../src/features/advisor/advisor.server';
import { HttpError, fieldErrors, json, readJson } from '../_lib/http';
import type { PagesFunction } from '../_lib/env';
import { LlmError, completeChat, llmConfig } from '../_lib/llm';
import { createRateLimiter, enforceRateLimit, type RateLimiter } from '../_lib/rate-limit';

/** Messages per client: a burst of 20, refilled at 20 a minute. */
const RATE_LIMIT = { limit: 20, windowMs: 60_000 };
/** Longest wait for the model before the visitor gets an error. */
export const LLM_TIMEOUT_MS = 20_000;
/** Bound on the model's reply, in tokens (about 300 words). */
export const LLM_MAX_TOKENS = 450;

export interface ChatHandlerOptions {
  limiter?: RateLimiter;
  llmTimeoutMs?: number;
  advisor?: AdvisorLoader;
}

/** Builds the POST handler; tests pass their own limiter, timeout and index loader. */
export function createChatHandler(options: ChatHandlerOptions = {}): PagesFunction<AdvisorEnv> {
  const limiter = options.limiter ?? createRateLimiter(RATE_LIMIT);
  const timeoutMs = options.llmTimeoutMs ?? LLM_TIMEOUT_MS;
  const load = options.advisor ?? loadAdvisor;
  return async ({ request, env }) => {
    enforceRateLimit(limiter, request);
    const parsed = parseChatRequest(await readJson(request));
    if (!parsed.success) {
      throw new HttpError(
        400,
        'invalid_request',
        'The chat request is not valid.',
        fieldErrors(parsed.error.issues),
      );
    }
    const advisor = await load(env, request.url);
    const config = llmConfig(env);
    if (!config) return json(answer(advisor, parsed.messages));

    const { system, sources } = grounding(advisor, parsed.messages);
    let content: string;
    try {
      content = await completeChat(
        config,
        [{ role: 'system', content: system }, ...parsed.messages],
        {
          maxTokens: LLM_MAX_TOKENS,
          timeoutMs,
        },
      );
    } catch (err) {
      if (!(err instanceof LlmError)) throw err;
      console.error(`chat: ${err.message}`);
      throw new HttpError(
        502,
        'advisor_unavailable',
        'The advisor could not answer right now. Please try again in a moment.',
      );
    }
    // A model can still make a price up; the built-in answer quotes only the site's own.
    if (mentionsUnknownPrice(advisor, content)) {
      console.warn(
        'chat: model reply named a price the site does not state; answered from content',
      );
      return json(answer(advisor, parsed.messages));
    }
    const reply: ChatReply = sources.length ? { content, sources } : { content };
    return json(reply);
  };
}

export const onRequestPost = createChatHandler();

/** Any other method. */
export function onRequest(): Response {
  throw new HttpError(405, 'method_not_allowed', 'Use POST.', undefined, { Allow: 'POST' });
}
