/**
 * Cloudflare Turnstile's siteverify: the one module that checks a visitor's human-check token,
 * for every route that creates a lead (the questionnaire and the chat hand-off). The address
 * comes from configuration so tests point it at a local server.
 */
import type { Env } from '#server/env';
import { HttpError } from '#server/http';
import { log } from '#server/log';

/** Cloudflare's token check, used when TURNSTILE_SECRET is set. */
export const TURNSTILE_VERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

export interface TurnstileEnv extends Env {
  /** Overrides the siteverify address (tests point it at a local server). */
  TURNSTILE_VERIFY_URL?: string;
}

/**
 * Checks `token` with siteverify. Throws 403 without a token or when the check fails, and 502
 * when siteverify cannot be reached or answers nonsense.
 */
export async function verifyTurnstile(
  env: TurnstileEnv,
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
    log.error('turnstile.unavailable', { error: err });
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

/**
 * The human check a lead route passes before its lead is delivered (LeadParse.verify): the
 * visitor's Turnstile token, checked with siteverify when TURNSTILE_SECRET is set.
 */
export function humanCheck(token: string | undefined) {
  return async ({
    request,
    env,
    timeoutMs,
  }: {
    request: Request;
    env: TurnstileEnv;
    timeoutMs: number;
  }): Promise<void> => {
    if (!env.TURNSTILE_SECRET) return;
    await verifyTurnstile(env, token, request.headers.get('CF-Connecting-IP'), { timeoutMs });
  };
}
