/**
 * The scheduled resend: the Worker's Cron Trigger (wrangler.toml, `[triggers]`) runs this every
 * ten minutes, and it emails each recent lead the firm was not told about (see resendPending
 * in ./outbox.server.ts for which leads and how often). Without a database and an email API
 * there is nothing to resend.
 */
import type { Env } from '#server/env';
import { log } from '#server/log';
import { postgrestConfig } from '#server/supabase-rest';
import { leadEmailConfig } from './email.server';
import { resendPending, type ResendSummary } from './outbox.server';
import { SINK_TIMEOUT_MS } from './store.server';

export interface ResendOptions {
  /** Per-upstream timeout in milliseconds. */
  timeoutMs?: number;
  /** Wait before asking the email API again about a key it is still processing. */
  retryWaitMs?: number;
}

/**
 * Sends the pending notifications and logs one JSON line with what it did; answers the
 * summary, or undefined when leads are not both stored and emailed on this site.
 */
export async function resendUnnotified(
  env: Env,
  options: ResendOptions = {},
): Promise<ResendSummary | undefined> {
  const db = postgrestConfig(env);
  const mail = leadEmailConfig(env);
  if (!db || !mail) return undefined;
  try {
    const summary = await resendPending(db, mail, {
      timeoutMs: options.timeoutMs ?? SINK_TIMEOUT_MS,
      retryWaitMs: options.retryWaitMs,
    });
    log.info('cron.resend_leads', { ...summary });
    return summary;
  } catch (err) {
    log.error('cron.resend_leads_failed', { error: err });
    throw err;
  }
}
