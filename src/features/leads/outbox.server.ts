/**
 * The notification outbox: every stored lead is emailed to the firm once. A sender first
 * claims the lead (an atomic PATCH that only succeeds while the lead is unnotified and nobody
 * else holds a live claim), then sends, then records the outcome on the row. The email API's
 * idempotency key (one per lead: its id and content digest) is the second guard, for a sender
 * that died between sending and recording. Three paths send: the lead queue's consumer (or the request, where no queue is
 * bound) once the lead is stored, an admin's 'Resend notification' in the inbox, and the
 * Worker's Cron Trigger (resendPending).
 */
import type { Env } from '#server/env';
import {
  CONCURRENT_IDEMPOTENT_REQUESTS,
  EmailError,
  INVALID_IDEMPOTENT_REQUEST,
  leadEmailConfig,
  sendEmail,
  type EmailConfig,
} from './email.server';
import { HttpError } from '#server/http';
import { log } from '#server/log';
import {
  filterValue,
  postgrestConfig,
  selectRows,
  selectWhere,
  updateWhere,
  type PostgrestConfig,
} from '#server/supabase-rest';
import { NOTIFY_CLAIM_LEASE_MS, fromLeadRow, type Lead, type StoredLeadRow } from './lead';
import { formatLead, leadEmailSubject, notificationKey } from './notification';
import { digestOf } from './store.server';

/** The scheduled job retries leads up to this old; older ones wait for an admin in the inbox. */
export const RESEND_WINDOW_MS = 7 * 24 * 60 * 60_000;
/** The scheduled job gives up on a lead after this many attempts (about 4 hours every 10 min). */
export const MAX_SCHEDULED_ATTEMPTS = 24;
/** Leads one scheduled run sends at most, one after another to respect the API's rate limit. */
export const RESEND_BATCH_SIZE = 10;
/** Wait before asking again when the email API is still processing the same key. */
export const CONCURRENT_RETRY_WAIT_MS = 1000;
/** How often to ask again in that case before counting the attempt as failed. */
export const CONCURRENT_RETRIES = 2;

export interface OutboxOptions {
  /** Per-request timeout for the database and the email API. */
  timeoutMs: number;
  /** Clock, for tests. */
  now?: () => Date;
  /** Overrides CONCURRENT_RETRY_WAIT_MS (tests use a short one). */
  retryWaitMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The database and email API the outbox works with; 503 unless both are configured. */
export function outboxConfig(env: Env): { db: PostgrestConfig; mail: EmailConfig } {
  const db = postgrestConfig(env);
  const mail = leadEmailConfig(env);
  if (!db || !mail) {
    throw new HttpError(
      503,
      'outbox_not_configured',
      'Leads are not stored in a database or not emailed on this site, so there is nothing to send.',
    );
  }
  return { db, mail };
}

/** The PostgREST filter for leads nobody holds a live claim on at `now`. */
function unclaimedAt(now: Date): string {
  const staleBefore = new Date(now.getTime() - NOTIFY_CLAIM_LEASE_MS).toISOString();
  return `(notify_claimed_at.is.null,notify_claimed_at.lt.${filterValue(staleBefore)})`;
}

/**
 * Sends the notification email of lead `id` with content digest `digest`. Resolves once the email API accepted it, or
 * answered that this lead's email was already sent (the same key with a different body, which
 * is logged as a defect: the email must not change between attempts). A request still in
 * flight with the same key is asked again after a short wait. Throws EmailError otherwise.
 */
export async function sendLeadEmail(
  mail: EmailConfig,
  lead: Lead,
  id: string,
  digest: string,
  options: OutboxOptions,
): Promise<void> {
  const message = {
    subject: leadEmailSubject(lead),
    text: formatLead(lead, id),
    replyTo: lead.email,
  };
  for (let attempt = 0; ; attempt++) {
    try {
      await sendEmail(mail, message, {
        timeoutMs: options.timeoutMs,
        idempotencyKey: notificationKey(id, digest),
      });
      return;
    } catch (err) {
      if (!(err instanceof EmailError) || err.status !== 409) throw err;
      if (err.code === CONCURRENT_IDEMPOTENT_REQUESTS && attempt < CONCURRENT_RETRIES) {
        await sleep(options.retryWaitMs ?? CONCURRENT_RETRY_WAIT_MS);
        continue;
      }
      if (err.code === INVALID_IDEMPOTENT_REQUEST) {
        // A defect: the email API kept the first email sent under this key.
        log.error('lead.email_key_conflict', { leadId: id });
        return;
      }
      throw err;
    }
  }
}

/** What became of one attempt to notify the firm of a stored lead. */
export type NotifyOutcome =
  | { status: 'sent' }
  | { status: 'already_notified' }
  | { status: 'in_progress' }
  | { status: 'not_found' }
  | { status: 'failed'; error: string };

/** The reason an attempt failed, short and without the lead's contents. */
function reason(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.slice(0, 300);
}

/**
 * Claims stored lead `id`, emails it and records the outcome. Answers `already_notified` or
 * `in_progress` without sending when the lead was notified or another sender holds it, and
 * `failed` (recorded on the row) when the email did not go out. Throws PostgrestError when the
 * database cannot be asked.
 */
export async function notifyLead(
  db: PostgrestConfig,
  mail: EmailConfig,
  id: string,
  options: OutboxOptions,
): Promise<NotifyOutcome> {
  const now = options.now?.() ?? new Date();
  const [row] = await updateWhere<StoredLeadRow>(
    db,
    'leads',
    { id: `eq.${id}`, notified_at: 'is.null', or: unclaimedAt(now), select: '*' },
    { notify_claimed_at: now.toISOString() },
    { timeoutMs: options.timeoutMs },
  );
  if (!row) {
    const [current] = await selectRows<Pick<StoredLeadRow, 'notified_at'>>(
      db,
      'leads',
      'notified_at',
      { id },
      { timeoutMs: options.timeoutMs },
    );
    if (!current) return { status: 'not_found' };
    return current.notified_at ? { status: 'already_notified' } : { status: 'in_progress' };
  }

  let outcome: NotifyOutcome;
  try {
    await sendLeadEmail(mail, fromLeadRow(row), row.id, await digestOf(row), options);
    outcome = { status: 'sent' };
  } catch (err) {
    outcome = { status: 'failed', error: reason(err) };
  }
  await record(db, row, outcome, options);
  return outcome;
}

/** Writes the attempt's outcome and releases the claim; a failure here is only logged. */
async function record(
  db: PostgrestConfig,
  row: StoredLeadRow,
  outcome: NotifyOutcome,
  options: OutboxOptions,
): Promise<void> {
  const sent = outcome.status === 'sent';
  try {
    await updateWhere(
      db,
      'leads',
      { id: `eq.${row.id}`, select: 'id' },
      {
        notified_at: sent ? (options.now?.() ?? new Date()).toISOString() : null,
        notify_attempts: row.notify_attempts + 1,
        last_notify_error: outcome.status === 'failed' ? outcome.error : null,
        notify_claimed_at: null,
      },
      { timeoutMs: options.timeoutMs },
    );
  } catch (err) {
    // The claim lapses on its own; the email API's key stops a second email after a success.
    log.error('lead.notify_not_recorded', { leadId: row.id, error: reason(err) });
  }
  if (outcome.status === 'failed') {
    log.error('lead.notify_failed', { leadId: row.id, error: outcome.error });
  }
}

/**
 * Records that lead `id` was notified by an email sent before it could be stored (the lead
 * queue emails a lead while the database is down). A lead already notified stays as it is.
 */
export async function markNotified(
  db: PostgrestConfig,
  id: string,
  options: OutboxOptions,
): Promise<void> {
  await updateWhere(
    db,
    'leads',
    { id: `eq.${id}`, notified_at: 'is.null', select: 'id' },
    {
      notified_at: (options.now?.() ?? new Date()).toISOString(),
      notify_attempts: 1,
      last_notify_error: null,
    },
    { timeoutMs: options.timeoutMs },
  );
}

/** What one scheduled run did. */
export interface ResendSummary {
  /** Unnotified leads found in the window. */
  pending: number;
  sent: number;
  failed: number;
  /** Found, but notified or claimed by another sender meanwhile. */
  skipped: number;
}

/**
 * Sends the notification of every recent unnotified lead that has attempts left and is not
 * claimed, oldest first, at most RESEND_BATCH_SIZE per run.
 */
export async function resendPending(
  db: PostgrestConfig,
  mail: EmailConfig,
  options: OutboxOptions,
): Promise<ResendSummary> {
  const now = options.now?.() ?? new Date();
  const pending = await selectWhere<Pick<StoredLeadRow, 'id'>>(
    db,
    'leads',
    {
      select: 'id',
      notified_at: 'is.null',
      created_at: `gte.${new Date(now.getTime() - RESEND_WINDOW_MS).toISOString()}`,
      notify_attempts: `lt.${MAX_SCHEDULED_ATTEMPTS}`,
      or: unclaimedAt(now),
      order: 'created_at.asc',
      limit: String(RESEND_BATCH_SIZE),
    },
    { timeoutMs: options.timeoutMs },
  );
  const summary: ResendSummary = { pending: pending.length, sent: 0, failed: 0, skipped: 0 };
  for (const { id } of pending) {
    let outcome: NotifyOutcome;
    try {
      outcome = await notifyLead(db, mail, id, options);
    } catch (err) {
      log.error('lead.claim_failed', { leadId: id, error: reason(err) });
      outcome = { status: 'failed', error: reason(err) };
    }
    if (outcome.status === 'sent') summary.sent++;
    else if (outcome.status === 'failed') summary.failed++;
    else summary.skipped++;
  }
  return summary;
}
