/**
 * POST /api/questionnaire: takes the consultation questionnaire's answers and delivers the lead
 * (functions/_lib/leads.ts). Answers {ok:true,id}; 400 with field errors for bad answers; 405
 * for other methods; 413 over 16 KB. A filled honeypot gets a 200 and nothing is stored or
 * sent. A repeated Idempotency-Key gets the first answer and creates no second lead or email.
 */
import { questionnaireRequestSchema } from '../../src/schemas/questionnaire';
import type { Env, PagesFunction } from '../_lib/env';
import { HttpError, fieldErrors, json, readJson } from '../_lib/http';
import {
  RecentDeliveries,
  SINK_TIMEOUT_MS,
  configuredSinks,
  deliverLead,
  type Lead,
} from '../_lib/leads';

/** Cloudflare's token check, used when TURNSTILE_SECRET is set. */
export const TURNSTILE_VERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

export interface QuestionnaireEnv extends Env {
  /** Overrides the Turnstile siteverify address (tests point it at a local server). */
  TURNSTILE_VERIFY_URL?: string;
}

export interface QuestionnaireHandlerOptions {
  /** Per-sink (and Turnstile) timeout in milliseconds. */
  timeoutMs?: number;
  /** Remembers recent Idempotency-Keys; one per isolate by default. */
  recent?: RecentDeliveries;
}

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{1,128}$/;

/** Builds the handler; tests pass a short timeout and their own key memory. */
export function createQuestionnaireHandler(
  options: QuestionnaireHandlerOptions = {},
): PagesFunction<QuestionnaireEnv> {
  const timeoutMs = options.timeoutMs ?? SINK_TIMEOUT_MS;
  const recent = options.recent ?? new RecentDeliveries();

  return async ({ request, env }) => {
    if (request.method !== 'POST') {
      throw new HttpError(405, 'method_not_allowed', 'Use POST.', undefined, { Allow: 'POST' });
    }
    const key = idempotencyKey(request.headers);
    const body = await readJson(request);

    if (honeypotFilled(body)) return json({ ok: true, id: crypto.randomUUID() });

    const parsed = questionnaireRequestSchema.safeParse(body);
    if (!parsed.success) {
      throw new HttpError(
        400,
        'invalid_answers',
        'Some answers are missing or invalid.',
        fieldErrors(parsed.error.issues),
      );
    }
    const { website: _honeypot, turnstileToken, source, ...answers } = parsed.data;
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

export const onRequest = createQuestionnaireHandler();

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

async function verifyTurnstile(
  env: QuestionnaireEnv,
  token: string | undefined,
  ip: string | null,
  { timeoutMs }: { timeoutMs: number },
): Promise<void> {
  if (!token) {
    throw new HttpError(403, 'turnstile_required', 'Please complete the human check.');
  }
  const form = new URLSearchParams({ secret: env.TURNSTILE_SECRET ?? '', response: token });
  if (ip) form.set('remoteip', ip);
  let outcome: { success?: unknown };
  try {
    const response = await fetch(env.TURNSTILE_VERIFY_URL || TURNSTILE_VERIFY_URL, {
      method: 'POST',
      body: form,
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new Error(`siteverify answered ${response.status}`);
    outcome = (await response.json()) as { success?: unknown };
  } catch (err) {
    console.error(`Turnstile check unavailable: ${(err as Error).message}`);
    throw new HttpError(
      502,
      'turnstile_unavailable',
      'The human check is unavailable. Please try again.',
    );
  }
  if (outcome.success !== true) {
    throw new HttpError(403, 'turnstile_failed', 'The human check failed. Please try again.');
  }
}
