/**
 * POST /api/leads/notify {id}: an admin's 'Resend notification' in the leads inbox. The bearer
 * token is checked with Supabase (401 without a live session, 403 for anyone but an admin);
 * the lead is then claimed, emailed and marked through the leads outbox with the service role,
 * so it is never emailed twice whichever path sends it. Answers {ok:true,status}; 404 for an
 * unknown lead; 502 when the email failed (recorded on the lead); 503 (to an admin) while the
 * database or the email API is not configured.
 */
import type { Env, RouteHandler } from '#server/env';
import { HttpError, json, parseBody } from '#server/http';
import { log } from '#server/log';
import { SUPABASE_AUTH_TIMEOUT_MS, requireAdmin } from '#server/supabase-auth';
import { PostgrestError } from '#server/supabase-rest';
import {
  SINK_TIMEOUT_MS,
  notifyLead,
  outboxConfig,
  type NotifyOutcome,
} from '../leads/index.server';
import { leadNotifyRequestSchema, type LeadNotifyAnswer } from './contract';

export interface LeadNotifyHandlerOptions {
  /** Per-upstream timeout in milliseconds; tests pass a short one. */
  timeoutMs?: number;
  /** Wait before asking the email API again about a key it is still processing. */
  retryWaitMs?: number;
}

/** POST /api/leads/notify; tests pass short timeouts. */
export function createLeadNotifyHandler(options: LeadNotifyHandlerOptions = {}): RouteHandler<Env> {
  return async ({ request, env }) => {
    await requireAdmin(request, env, options.timeoutMs ?? SUPABASE_AUTH_TIMEOUT_MS);
    const { db, mail } = outboxConfig(env);
    const { id } = await parseBody(leadNotifyRequestSchema, request, {
      code: 'invalid_lead',
      message: 'Send {"id": "<lead id>"}.',
    });
    let outcome: NotifyOutcome;
    try {
      outcome = await notifyLead(db, mail, id, {
        timeoutMs: options.timeoutMs ?? SINK_TIMEOUT_MS,
        retryWaitMs: options.retryWaitMs,
      });
    } catch (err) {
      if (!(err instanceof PostgrestError)) throw err;
      log.error('lead.resend_refused', { leadId: id, error: err });
      throw new HttpError(502, 'database_unavailable', 'The leads database could not be reached.');
    }
    switch (outcome.status) {
      case 'not_found':
        throw new HttpError(404, 'lead_not_found', 'There is no such lead.');
      case 'failed':
        throw new HttpError(502, 'notification_failed', `The email was not sent: ${outcome.error}`);
      default: {
        const answer: LeadNotifyAnswer = { ok: true, status: outcome.status };
        return json(answer);
      }
    }
  };
}
