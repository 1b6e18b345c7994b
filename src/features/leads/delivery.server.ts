/**
 * The delivery policy: what becomes of a lead at each attempt to deliver it, decided here for
 * the lead queue's consumer (./queue.server.ts) and for the route when no queue holds the lead
 * (./leads.server.ts) alike. docs/architecture.md, "Leads", has the picture.
 *
 * - Stored: the database holds the lead under its id, once per Idempotency-Key. The firm is
 *   notified through the outbox (claimed first, so emailed once; a failed email is recorded and
 *   the Cron Trigger sends it), or, when the email went out while the database was down, the
 *   row is marked notified and no second email is sent.
 * - Refused: a database that refuses the lead outright (a 4xx other than 408 and 429) would
 *   refuse it again, so it is not retried: the firm is emailed and the lead is dead-lettered for
 *   admins (on the dead-letter queue, or straight into `lead_dead_letters`).
 * - Pending: the database is down (no answer, a timeout, a 5xx). The firm is emailed at once, so
 *   the lead is seen, and the caller tries again until it is stored: the queue's consumer with
 *   growing delays; the route, which has no later of its own, answers 503 so that the visitor's
 *   browser sends the lead again under the same Idempotency-Key.
 *
 * Without a database the email is where a lead goes; with neither, development prints it.
 */
import { isDevelopment, type Env } from '#server/env';
import { HttpError } from '#server/http';
import { developmentLog, log } from '#server/log';
import { PostgrestError, postgrestConfig, type PostgrestConfig } from '#server/supabase-rest';
import { leadEmailConfig, type EmailConfig } from './email.server';
import type { LeadRecord } from './lead-id';
import { formatLead } from './notification';
import { markNotified, notifyLead, sendLeadEmail, type OutboxOptions } from './outbox.server';
import { insertDeadLetter, storeLead } from './store.server';

/** A lead on its way, and whether the firm was already emailed about it. */
export interface LeadDelivery extends LeadRecord {
  /** Set when the notification email already went out while the database was down. */
  emailed?: boolean;
}

/** A dead letter: the lead as it travelled, and why it could not be stored. */
export interface DeadLetter {
  message: LeadDelivery;
  error: string;
}

/** What one attempt came to. */
export type DeliveryOutcome =
  /** In the database; the firm notified, or the outbox will notify it. */
  | { status: 'stored'; id: string }
  /** No database on this site: the firm's email holds the lead. */
  | { status: 'emailed' }
  /** Development with nowhere to send it: on the console. */
  | { status: 'printed' }
  /** Refused by the database for good: the firm emailed, the lead kept for admins. */
  | { status: 'dead_lettered' }
  /** Not held yet: try again later; `emailed` says whether the firm has heard of it. */
  | { status: 'pending'; emailed: boolean };

export interface DeliveryOptions extends OutboxOptions {
  /**
   * Whether the visitor was already told the lead arrived (it was queued). Before that, a key
   * that names a lead with other content is refused with 422; after, the lead is kept as a lead
   * of its own: under its own id (derived from key and digest, so never the first lead's) and
   * without the key.
   */
  acknowledged: boolean;
}

/** Whether a database error will not go away by asking again (a 4xx other than 408 and 429). */
export function isPermanent(err: unknown): boolean {
  return (
    err instanceof PostgrestError &&
    err.status !== undefined &&
    err.status >= 400 &&
    err.status < 500 &&
    err.status !== 408 &&
    err.status !== 429
  );
}

/** The reason an attempt failed, short and without the lead's contents. */
const reason = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 300);

/** Emails the firm; false when the email did not go out. */
async function email(mail: EmailConfig, d: LeadDelivery, options: OutboxOptions) {
  try {
    await sendLeadEmail(mail, d.lead, d.id, d.digest, options);
    return true;
  } catch (err) {
    log.error('lead.email_failed', { leadId: d.id, error: reason(err) });
    return false;
  }
}

async function store(db: PostgrestConfig, d: LeadDelivery, options: DeliveryOptions) {
  try {
    return await storeLead(db, d, options.timeoutMs);
  } catch (err) {
    const reused = err instanceof HttpError && err.code === 'idempotency_key_reused';
    if (!(reused && options.acknowledged)) throw err;
    log.error('lead.key_reused', { leadId: d.id });
    return storeLead(db, { ...d, key: undefined }, options.timeoutMs);
  }
}

/**
 * Hands a dead letter to the dead-letter queue, or, without one or when it fails, keeps it in
 * `lead_dead_letters` at once; false when neither took it.
 */
export async function deadLetter(
  env: Env,
  letter: DeadLetter,
  options: OutboxOptions,
): Promise<boolean> {
  const id = letter.message.id;
  if (env.LEAD_DEAD_LETTERS) {
    try {
      await env.LEAD_DEAD_LETTERS.send(letter);
      return true;
    } catch (err) {
      log.error('lead.dead_letter_failed', { leadId: id, error: reason(err) });
    }
  }
  const db = postgrestConfig(env);
  if (!db) return false;
  try {
    await insertDeadLetter(db, id, letter.message, letter.error, options.timeoutMs);
    log.error('lead.dead_letter_kept', { leadId: id });
    return true;
  } catch (err) {
    log.error('lead.dead_letter_not_stored', { leadId: id, error: reason(err) });
    return false;
  }
}

async function refused(env: Env, d: LeadDelivery, err: unknown, options: DeliveryOptions) {
  log.error('lead.refused', { leadId: d.id, error: reason(err) });
  const mail = leadEmailConfig(env);
  const emailed = d.emailed === true || (mail !== undefined && (await email(mail, d, options)));
  const letter = {
    message: { ...d, emailed },
    error: `The database refused the lead: ${reason(err)}`,
  };
  if (await deadLetter(env, letter, options)) return { status: 'dead_lettered' } as const;
  return { status: 'pending', emailed } as const;
}

/**
 * One attempt to deliver a lead under the policy above. Throws the 422 for a reused key before
 * the visitor was told the lead arrived.
 */
export async function deliver(
  env: Env,
  d: LeadDelivery,
  options: DeliveryOptions,
): Promise<DeliveryOutcome> {
  const db = postgrestConfig(env);
  const mail = leadEmailConfig(env);
  if (!db && !mail) {
    // The routes refuse leads in production with nowhere to go.
    if (!isDevelopment(env)) return { status: 'pending', emailed: false };
    developmentLog(env, 'lead.development_print', formatLead(d.lead, d.id));
    return { status: 'printed' };
  }

  let emailed = d.emailed === true;
  if (db) {
    try {
      const row = await store(db, d, options);
      try {
        if (emailed) await markNotified(db, row.id, options);
        else if (mail) await notifyLead(db, mail, row.id, options);
      } catch (err) {
        // Stored and in the inbox; the Cron Trigger sends (or the email API deduplicates) it.
        log.error('lead.notification_not_recorded', { leadId: row.id, error: reason(err) });
      }
      log.info('lead.stored', { leadId: row.id });
      return { status: 'stored', id: row.id };
    } catch (err) {
      if (err instanceof HttpError) throw err;
      if (isPermanent(err)) return refused(env, d, err, options);
      log.error('lead.database_unavailable', { leadId: d.id, error: reason(err) });
    }
  }

  // The database is down (or there is none): the email tells the firm now.
  if (mail && !emailed) emailed = await email(mail, d, options);
  if (!db && emailed) return { status: 'emailed' };
  return { status: 'pending', emailed };
}
