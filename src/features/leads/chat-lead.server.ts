/**
 * The chat hand-off's server side (POST /api/chat/lead; the contract is in
 * ./chat-lead-contract.ts): a visitor's email address and the conversation become a lead
 * through the questionnaire's pipeline, once per Idempotency-Key.
 */
import type * as z from 'zod/mini';
import type { Env, RouteHandler } from '#server/env';
import { parseWith } from '#server/http';
import { CHAT_LEAD_BODY_LIMIT, chatLeadRequestSchema } from './chat-lead-contract';
import type { ChatLead } from './lead';
import { createLeadHandler, type LeadHandlerOptions } from './leads.server';

/** The lead a valid hand-off request stands for: trimmed, with a blank name as none. */
export function chatLeadFrom(request: z.output<typeof chatLeadRequestSchema>): ChatLead {
  return {
    kind: 'chat',
    email: request.email,
    name: request.name ? request.name : null,
    transcript: request.transcript.map(({ role, content }) => ({ role, content })),
    source: request.page ?? null,
  };
}

/** POST /api/chat/lead; tests pass a short timeout and their own key memory. */
export function createChatLeadHandler(options: LeadHandlerOptions = {}): RouteHandler<Env> {
  return createLeadHandler(
    {
      bodyLimit: CHAT_LEAD_BODY_LIMIT,
      parse: (body) => ({
        lead: chatLeadFrom(
          parseWith(chatLeadRequestSchema, body, {
            code: 'invalid_chat_lead',
            message: 'Please check your email address and try again.',
          }),
        ),
      }),
    },
    options,
  );
}
