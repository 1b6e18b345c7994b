/**
 * The chat hand-off's server side (POST /api/chat/lead; the contract is ../handoff-contract.ts): a visitor's email address and the conversation become a lead through
 * the questionnaire's pipeline (the leads feature's public server file), once per
 * Idempotency-Key. The advisor owns the hand-off because only it can check its own signatures. The transcript comes from
 * the visitor's browser, so each advisor turn's signature is checked against its text: a turn
 * the advisor did not send as written is stored, emailed and shown as not verified.
 */
import type * as z from 'zod/mini';
import type { RouteHandler } from '#server/env';
import { parseWith } from '#server/http';
import {
  CHAT_LEAD_BODY_LIMIT,
  TRANSCRIPT_MAX_MESSAGES,
  chatLeadRequestSchema,
} from '../handoff-contract';
import {
  createLeadHandler,
  humanCheck,
  type ChatLead,
  type LeadHandlerOptions,
  type TurnstileEnv,
} from '#features/leads/index.server';
import { signingSecret, verifyTurns, type SigningEnv } from './signature.server';

/**
 * The lead a valid hand-off request stands for: trimmed, with a blank name as none, and each
 * advisor turn marked by whether the advisor signed it, as it stands in the conversation.
 */
export async function chatLeadFrom(
  request: z.output<typeof chatLeadRequestSchema>,
  secret: string | null,
): Promise<ChatLead> {
  const verified = await verifyTurns(secret, request.transcript, {
    complete: request.transcript.length < TRANSCRIPT_MAX_MESSAGES,
  });
  return {
    kind: 'chat',
    email: request.email,
    name: request.name ? request.name : null,
    transcript: request.transcript.map(({ role, content }, i) =>
      role === 'assistant' ? { role, content, verified: verified[i] } : { role, content },
    ),
    source: request.page ?? null,
  };
}

/** What the hand-off route reads: the signing secret and the human check's. */
export type ChatLeadEnv = SigningEnv & TurnstileEnv;

/**
 * POST /api/chat/lead. When Turnstile is configured, the visitor's token must pass before the
 * lead is delivered (403 otherwise), as on the questionnaire. Tests pass a short timeout and
 * their own key memory.
 */
export function createChatLeadHandler(options: LeadHandlerOptions = {}): RouteHandler<ChatLeadEnv> {
  return createLeadHandler<ChatLeadEnv>(
    {
      bodyLimit: CHAT_LEAD_BODY_LIMIT,
      async parse(body, env) {
        const request = parseWith(chatLeadRequestSchema, body, {
          code: 'invalid_chat_lead',
          message: 'Please check your email address and try again.',
        });
        return {
          lead: await chatLeadFrom(request, signingSecret(env)),
          verify: humanCheck(request.turnstileToken),
        };
      },
    },
    options,
  );
}
