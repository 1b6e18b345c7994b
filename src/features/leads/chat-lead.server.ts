/**
 * The chat hand-off's server side (POST /api/chat/lead; the contract is in
 * ./chat-lead-contract.ts): a visitor's email address and the conversation become a lead
 * through the questionnaire's pipeline, once per Idempotency-Key.
 */
import * as z from 'zod/mini';
import type { Env, PagesFunction } from '../../../functions/_lib/env';
import { json, parseWith, readJson } from '../../../functions/_lib/http';
import {
  CHAT_LEAD_BODY_LIMIT,
  chatLeadRequestSchema,
  type ChatLeadAccepted,
} from './chat-lead-contract';
import { leadFingerprint, type ChatLead } from './lead';
import {
  RecentDeliveries,
  SINK_TIMEOUT_MS,
  deliverLead,
  honeypotFilled,
  idempotencyKey,
} from './leads.server';
import type { LeadHandlerOptions } from './questionnaire.server';

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
export function createChatLeadHandler(options: LeadHandlerOptions = {}): PagesFunction<Env> {
  const timeoutMs = options.timeoutMs ?? SINK_TIMEOUT_MS;
  const recent = options.recent ?? new RecentDeliveries();

  return async ({ request, env }) => {
    const key = idempotencyKey(request.headers);
    const body = await readJson(request, CHAT_LEAD_BODY_LIMIT);
    if (honeypotFilled(body)) return json({ ok: true, id: crypto.randomUUID() });
    const lead = chatLeadFrom(
      parseWith(chatLeadRequestSchema, body, {
        code: 'invalid_chat_lead',
        message: 'Please check your email address and try again.',
      }),
    );
    const delivered = await recent.run(key, leadFingerprint(lead), () =>
      deliverLead(lead, env, key, { timeoutMs, retryWaitMs: options.retryWaitMs }),
    );
    const answer: ChatLeadAccepted = { ok: true, id: delivered.id };
    return json(answer);
  };
}
