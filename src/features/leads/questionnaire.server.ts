/**
 * The questionnaire's server side: validates the answers with the shared contract, checks the
 * honeypot and (when configured) Turnstile, and delivers the lead once per Idempotency-Key
 * (leads.server.ts). functions/api/questionnaire.ts adapts it to the route.
 */
import type { PagesFunction } from '../../../functions/_lib/env';
import { HttpError, json, parseWith, readJson } from '../../../functions/_lib/http';
import { verifyTurnstile, type TurnstileEnv } from '../../../functions/_lib/turnstile';
import { questionnaireRequestSchema } from './contract';
import {
  RecentDeliveries,
  SINK_TIMEOUT_MS,
  configuredSinks,
  deliverLead,
  type Lead,
} from './leads.server';

export type QuestionnaireEnv = TurnstileEnv;

export interface QuestionnaireHandlerOptions {
  /** Per-sink (and Turnstile) timeout in milliseconds. */
  timeoutMs?: number;
  /** Remembers recent Idempotency-Keys; one per isolate by default. */
  recent?: RecentDeliveries;
}

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{1,128}$/;

/**
 * POST /api/questionnaire. Answers {ok:true,id}; 400 with field errors for bad answers; 413
 * over 16 KB. A filled honeypot gets a 200 and nothing is stored or sent. A repeated
 * Idempotency-Key gets the first answer and creates no second lead or email. Tests pass a short
 * timeout and their own key memory.
 */
export function createQuestionnaireHandler(
  options: QuestionnaireHandlerOptions = {},
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
    const lead: Lead = { ...answers, source: source ?? null };

    const delivered = await recent.run(key, JSON.stringify(lead), async () => {
      if (env.TURNSTILE_SECRET) {
        await verifyTurnstile(env, turnstileToken, request.headers.get('CF-Connecting-IP'), {
          timeoutMs,
        });
      }
      return deliverLead(lead, configuredSinks(env, timeoutMs), env, {
        id: crypto.randomUUID(),
        idempotencyKey: key,
        receivedAt: new Date(),
      });
    });
    return json({ ok: true, id: delivered.id });
  };
}

function idempotencyKey(headers: Headers): string | undefined {
  const key = headers.get('Idempotency-Key')?.trim();
  if (!key) return undefined;
  if (!IDEMPOTENCY_KEY.test(key)) {
    throw new HttpError(
      400,
      'invalid_idempotency_key',
      'The Idempotency-Key header must be 1-128 letters, digits or - _ . :',
    );
  }
  return key;
}

/** Bots fill every field; people never see this one. */
function honeypotFilled(body: unknown): boolean {
  const website = (body as { website?: unknown } | null)?.website;
  return typeof website === 'string' && website.trim() !== '';
}
