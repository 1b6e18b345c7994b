/**
 * The questionnaire's server side: validates the answers with the shared contract, checks the
 * honeypot and (when configured) Turnstile, and delivers the lead once per Idempotency-Key
 * (leads.server.ts). functions/api/questionnaire.ts adapts it to the route.
 */
import type { PagesFunction } from '../../../functions/_lib/env';
import { json, parseWith, readJson } from '../../../functions/_lib/http';
import { verifyTurnstile, type TurnstileEnv } from '../../../functions/_lib/turnstile';
import { questionnaireRequestSchema, type QuestionnaireAccepted } from './contract';
import { leadFingerprint, type QuestionnaireLead } from './lead';
import {
  RecentDeliveries,
  SINK_TIMEOUT_MS,
  deliverLead,
  honeypotFilled,
  idempotencyKey,
} from './leads.server';

export type QuestionnaireEnv = TurnstileEnv;

export interface LeadHandlerOptions {
  /** Per-upstream timeout in milliseconds. */
  timeoutMs?: number;
  /** Remembers recent Idempotency-Keys; one per isolate by default. */
  recent?: RecentDeliveries;
  /** Wait before asking the email API again about a key it is still processing. */
  retryWaitMs?: number;
}

/**
 * POST /api/questionnaire. Answers {ok:true,id}; 400 with field errors for bad answers; 413
 * over 16 KB. A filled honeypot gets a 200 and nothing is stored or sent. A repeated
 * Idempotency-Key gets the first answer and creates no second lead or email. Tests pass a short
 * timeout and their own key memory.
 */
export function createQuestionnaireHandler(
  options: LeadHandlerOptions = {},
): PagesFunction<QuestionnaireEnv> {
  const timeoutMs = options.timeoutMs ?? SINK_TIMEOUT_MS;
  const recent = options.recent ?? new RecentDeliveries();

  return async ({ request, env }) => {
    const key = idempotencyKey(request.headers);
    // Read once: the honeypot is checked before the answers are validated.
    const body = await readJson(request);
    if (honeypotFilled(body)) return json({ ok: true, id: crypto.randomUUID() });

    const parsed = parseWith(questionnaireRequestSchema, body, {
      code: 'invalid_answers',
      message: 'Some answers are missing or invalid.',
    });
    const { website: _honeypot, turnstileToken, source, ...answers } = parsed;
    const lead: QuestionnaireLead = { kind: 'questionnaire', ...answers, source: source ?? null };

    const delivered = await recent.run(key, leadFingerprint(lead), async () => {
      if (env.TURNSTILE_SECRET) {
        await verifyTurnstile(env, turnstileToken, request.headers.get('CF-Connecting-IP'), {
          timeoutMs,
        });
      }
      return deliverLead(lead, env, key, { timeoutMs, retryWaitMs: options.retryWaitMs });
    });
    const answer: QuestionnaireAccepted = { ok: true, id: delivered.id };
    return json(answer);
  };
}
