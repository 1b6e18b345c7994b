/**
 * The chat hand-off's server side (POST /api/chat/lead; the contract is in
 * ./chat-lead-contract.ts): a visitor's email address and the conversation become a lead
 * through the questionnaire's pipeline, once per Idempotency-Key. The transcript comes from
 * the visitor's browser, so each advisor turn's signature is checked against its text: a turn
 * the advisor did not send as written is stored, emailed and shown as not verified.
 */
import type * as z from 'zod/mini';
import type { RouteHandler } from '#server/env';
import { parseWith } from '#server/http';
import { signingSecret, verifyReply, type SigningEnv } from '#features/advisor/index.server';
import { CHAT_LEAD_BODY_LIMIT, chatLeadRequestSchema } from './chat-lead-contract';
import type { ChatLead } from './lead';
import { createLeadHandler, type LeadHandlerOptions } from './leads.server';

/**
 * The lead a valid hand-off request stands for: trimmed, with a blank name as none, and each
 * advisor turn marked by whether its signature is the advisor's for its text.
 */
export async function chatLeadFrom(
  request: z.output<typeof chatLeadRequestSchema>,
  secret: string | null,
): Promise<ChatLead> {
  return {
    kind: 'chat',
    email: request.email,
    name: request.name ? request.name : null,
    transcript: await Promise.all(
      request.transcript.map(async ({ role, content, signature }) =>
        role === 'assistant'
          ? { role, content, verified: await verifyReply(secret, content, signature) }
          : { role, content },
      ),
    ),
    source: request.page ?? null,
  };
}

/** POST /api/chat/lead; tests pass a short timeout and their own key memory. */
export function createChatLeadHandler(options: LeadHandlerOptions = {}): RouteHandler<SigningEnv> {
  return createLeadHandler<SigningEnv>(
    {
      bodyLimit: CHAT_LEAD_BODY_LIMIT,
      parse: async (body, env) => ({
        lead: await chatLeadFrom(
          parseWith(chatLeadRequestSchema, body, {
            code: 'invalid_chat_lead',
            message: 'Please check your email address and try again.',
          }),
          signingSecret(env),
        ),
      }),
    },
    options,
  );
}
