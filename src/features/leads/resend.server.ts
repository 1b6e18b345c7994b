/**
 * POST /api/leads/resend: the scheduled job (Supabase pg_cron + pg_net, see
 * supabase/schedule-lead-notifications.sql) asks for every recent unnotified lead to be emailed
 * again. It authenticates with `Authorization: Bearer <LEADS_CRON_SECRET>`, compared in constant
 * time, and answers {ok:true, pending, sent, failed, skipped}.
 */
import type { Env, PagesFunction } from '#server/env';
import { HttpError, json } from '#server/http';
import { secretsMatch } from '#server/secrets';
import { bearerToken } from '#server/supabase-auth';
import { PostgrestError } from '#server/supabase-rest';
import { SINK_TIMEOUT_MS } from './leads.server';
import { outboxConfig, resendPending, type ResendSummary } from './outbox.server';

/** A secret shorter than this could be guessed; the route stays closed until it is longer. */
export const MIN_CRON_SECRET_LENGTH = 32;

export interface ResendHandlerOptions {
  /** Per-upstream timeout in milliseconds. */
  timeoutMs?: number;
  /** Wait before asking the email API again about a key it is still processing. */
  retryWaitMs?: number;
}

/** The answer of a scheduled run. */
export type ResendAnswer = { ok: true } & ResendSummary;

/** Builds the POST handler; tests pass short timeouts. */
export function createLeadResendHandler(options: ResendHandlerOptions = {}): PagesFunction<Env> {
  const timeoutMs = options.timeoutMs ?? SINK_TIMEOUT_MS;
  return async ({ request, env }) => {
    const secret = env.LEADS_CRON_SECRET?.trim() ?? '';
    if (secret.length < MIN_CRON_SECRET_LENGTH) {
      if (secret) console.error('LEADS_CRON_SECRET is too short; the resend job is refused');
      throw new HttpError(503, 'resend_not_configured', 'The resend job is not set up.');
    }
    const token = bearerToken(request);
    if (!token || !(await secretsMatch(token, secret))) {
      throw new HttpError(401, 'unauthenticated', 'A valid secret is required.', undefined, {
        'WWW-Authenticate': 'Bearer',
      });
    }
    const { db, mail } = outboxConfig(env);
    let summary: ResendSummary;
    try {
      summary = await resendPending(db, mail, { timeoutMs, retryWaitMs: options.retryWaitMs });
    } catch (err) {
      if (!(err instanceof PostgrestError)) throw err;
      console.error(`Resend job: ${err.message}`);
      throw new HttpError(502, 'database_unavailable', 'The leads database could not be read.');
    }
    const answer: ResendAnswer = { ok: true, ...summary };
    return json(answer);
  };
}
