/**
 * The lead queue: how an accepted lead survives an outage of the database, the email or both.
 *
 * The lead routes are the producers: once a lead is on the queue (a Cloudflare Queue keeps it
 * durably), the visitor is told it arrived. This Worker is also the consumer: it stores the lead
 * under its id (so a repeated message stores one row) and notifies the firm through the
 * outbox, which claims the lead first (so it is emailed once). While the database is down, the
 * lead is emailed at once and put back on the queue marked as emailed, to be stored, and marked
 * notified without a second email, when the database returns. Anything still failing is retried
 * with growing delays; the queue hands what exhausts its retries, and a lead the database
 * refuses outright (a 4xx), to the dead-letter consumer, which keeps it in
 * `lead_dead_letters` for admins. docs/architecture.md has the picture.
 */
import * as z from 'zod/mini';
import { isDevelopment, type Env, type QueueBatch, type QueueMessage } from '#server/env';
import { HttpError } from '#server/http';
import { developmentLog, log } from '#server/log';
import { PostgrestError, insertRow, postgrestConfig } from '#server/supabase-rest';
import { leadEmailConfig } from './email.server';
import { leadFingerprint, type Lead } from './lead';
import { uuidV5 } from './lead-id';
import { formatLead } from './notification';
import { SINK_TIMEOUT_MS, storeLead } from './store.server';
import { markNotified, notifyLead, sendLeadEmail } from './outbox.server';

/** What the lead queue carries. */
export interface LeadMessage {
  /** The lead's id: from its Idempotency-Key, so every retry of one submission shares it. */
  id: string;
  /** The submission's Idempotency-Key, if it had one. */
  key?: string;
  lead: Lead;
  /** Set when the notification email already went out while the database was down. */
  emailed?: boolean;
  /** Deliveries of this lead so far across re-queued copies, for the backoff. */
  attempt?: number;
}

/** A dead letter: the message and why it could not be stored. */
export interface DeadLetter {
  message: LeadMessage;
  error: string;
}

/** The shape a consumer checks before it trusts a message (the producer is this Worker). */
const leadMessageSchema = z.object({
  id: z.string().check(z.uuid()),
  key: z.optional(z.string()),
  lead: z.looseObject({ kind: z.enum(['questionnaire', 'chat']), email: z.string() }),
  emailed: z.optional(z.boolean()),
  attempt: z.optional(z.number()),
});

/** The dead-letter queue's name ends so; every other batch is the lead queue. */
export const DEAD_LETTER_SUFFIX = '-dead-letters';

/** First retry delay in seconds, doubled per attempt up to MAX_RETRY_DELAY_S. */
export const RETRY_BASE_DELAY_S = 30;
/** The longest wait between two attempts: six hours. */
export const MAX_RETRY_DELAY_S = 6 * 60 * 60;
/** Re-queued copies of one lead (each emailed while the database was down) at most. */
export const MAX_REQUEUES = 20;

/** Seconds before attempt `attempt` + 1 of a lead. */
export function retryDelay(attempt: number, base = RETRY_BASE_DELAY_S): number {
  return Math.min(MAX_RETRY_DELAY_S, base * 2 ** Math.max(0, attempt - 1));
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

/** How a consumer is tuned; tests pass short timeouts and delays. */
export interface ConsumerOptions {
  timeoutMs?: number;
  retryBaseDelayS?: number;
  retryWaitMs?: number;
}

/** The reason an attempt failed, short and without the lead's contents. */
const reason = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 300);

/**
 * Stores the message's lead, under its own id; a key already used for a different lead (the
 * visitor was told it arrived, so it is kept) gets an id of its own and no key.
 */
async function store(env: Env, m: LeadMessage, timeoutMs: number) {
  const db = postgrestConfig(env)!;
  try {
    return await storeLead(db, m.lead, m.id, m.key, timeoutMs);
  } catch (err) {
    if (!(err instanceof HttpError && err.code === 'idempotency_key_reused')) throw err;
    const id = await uuidV5(`${m.key}:${leadFingerprint(m.lead)}`, m.id);
    log.error('lead_queue.key_reused', { leadId: m.id, storedAs: id });
    return storeLead(db, m.lead, id, undefined, timeoutMs);
  }
}

/** Hands a message to the dead-letter queue; false when even that failed. */
async function deadLetter(env: Env, message: LeadMessage, error: string): Promise<boolean> {
  if (!env.LEAD_DEAD_LETTERS) return false;
  try {
    await env.LEAD_DEAD_LETTERS.send({ message, error } satisfies DeadLetter);
    return true;
  } catch (err) {
    log.error('lead_queue.dead_letter_failed', { leadId: message.id, error: reason(err) });
    return false;
  }
}

/** Delivers one lead message: acks it once the lead is stored (or, with no database, emailed). */
export async function deliverLeadMessage(
  message: QueueMessage<unknown>,
  env: Env,
  options: ConsumerOptions = {},
): Promise<void> {
  const timeoutMs = options.timeoutMs ?? SINK_TIMEOUT_MS;
  const parsed = z.safeParse(leadMessageSchema, message.body);
  if (!parsed.success) {
    log.error('lead_queue.unreadable_message', { messageId: message.id });
    message.ack();
    return;
  }
  const m = parsed.data as unknown as LeadMessage;
  const attempt = (m.attempt ?? 0) + message.attempts;
  const db = postgrestConfig(env);
  const mail = leadEmailConfig(env);
  const outbox = { timeoutMs, retryWaitMs: options.retryWaitMs };

  if (!db && !mail) {
    // The routes refuse leads in production with nowhere to go; this is a development run.
    if (isDevelopment(env)) {
      developmentLog(env, 'lead.development_print', formatLead(m.lead, m.id));
      message.ack();
    } else {
      message.retry({ delaySeconds: retryDelay(attempt, options.retryBaseDelayS) });
    }
    return;
  }

  if (db) {
    try {
      const row = await store(env, m, timeoutMs);
      if (m.emailed) await markNotified(db, row.id, outbox);
      else if (mail) await notifyLead(db, mail, row.id, outbox);
      log.info('lead_queue.stored', { leadId: row.id, attempt });
      message.ack();
      return;
    } catch (err) {
      if (isPermanent(err)) {
        // Reported, not retried: the firm still gets the email, admins the dead letter.
        log.error('lead_queue.refused', { leadId: m.id, error: reason(err) });
        if (mail && !m.emailed) await sendLeadEmail(mail, m.lead, m.id, outbox).catch(() => {});
        if (await deadLetter(env, m, `The database refused the lead: ${reason(err)}`)) {
          message.ack();
        } else {
          message.retry({ delaySeconds: retryDelay(attempt, options.retryBaseDelayS) });
        }
        return;
      }
      log.error('lead_queue.database_unavailable', { leadId: m.id, attempt, error: reason(err) });
    }
  }

  // The database is down (or there is none): the email tells the firm now.
  let emailed = m.emailed === true;
  if (mail && !emailed) {
    try {
      await sendLeadEmail(mail, m.lead, m.id, outbox);
      emailed = true;
    } catch (err) {
      log.error('lead_queue.email_failed', { leadId: m.id, attempt, error: reason(err) });
    }
  }
  const delaySeconds = retryDelay(attempt, options.retryBaseDelayS);
  if (!db) {
    if (emailed) message.ack();
    else message.retry({ delaySeconds });
    return;
  }
  if (emailed && !m.emailed && env.LEAD_QUEUE && attempt < MAX_REQUEUES) {
    // A new copy remembers the email went out, so storing it later sends none.
    try {
      await env.LEAD_QUEUE.send({ ...m, emailed: true, attempt }, { delaySeconds });
      message.ack();
      return;
    } catch (err) {
      log.error('lead_queue.requeue_failed', { leadId: m.id, error: reason(err) });
    }
  }
  message.retry({ delaySeconds });
}

/**
 * What a dead-letter message holds: a DeadLetter this consumer sent (a refusal), or the lead
 * message itself, which the platform moves here once its retries ran out.
 */
function deadLetterOf(body: unknown): DeadLetter | undefined {
  const value = body as Partial<DeadLetter> & Partial<LeadMessage>;
  if (value?.message && typeof value.message.id === 'string') {
    return { message: value.message, error: String(value.error ?? 'unknown') };
  }
  if (typeof value?.id === 'string' && value.lead) {
    return { message: value as LeadMessage, error: 'Not stored: the retries ran out.' };
  }
  return undefined;
}

/**
 * Keeps dead letters in `lead_dead_letters` for admins. Without a database, or while it is
 * down, they wait on their queue (retried with delays) and are logged by id.
 */
export async function keepDeadLetter(
  message: QueueMessage<unknown>,
  env: Env,
  options: ConsumerOptions = {},
): Promise<void> {
  const letter = deadLetterOf(message.body);
  const id = letter?.message.id;
  const db = postgrestConfig(env);
  if (!letter || !z.safeParse(z.uuid(), id).success) {
    log.error('dead_letter.unreadable', { messageId: message.id });
    message.ack();
    return;
  }
  if (!db) {
    log.error('dead_letter.waiting', { leadId: id, reason: 'no database configured' });
    message.retry({ delaySeconds: MAX_RETRY_DELAY_S });
    return;
  }
  try {
    await insertRow(
      db,
      'lead_dead_letters',
      {
        id,
        error: letter.error.slice(0, 1000),
        // JSON.stringify escapes lone surrogates and control characters, so the text stores.
        payload: JSON.stringify(letter.message),
      },
      { timeoutMs: options.timeoutMs ?? SINK_TIMEOUT_MS, onConflict: 'id', ignoreDuplicates: true },
    );
    log.error('dead_letter.kept', { leadId: id });
    message.ack();
  } catch (err) {
    log.error('dead_letter.not_stored', { leadId: id, error: reason(err) });
    message.retry({ delaySeconds: retryDelay(message.attempts, options.retryBaseDelayS) });
  }
}

/** The Worker's queue handler: lead messages, or dead letters. */
export async function consumeLeadBatch(
  batch: QueueBatch<unknown>,
  env: Env,
  options: ConsumerOptions = {},
): Promise<void> {
  const deliver = batch.queue.endsWith(DEAD_LETTER_SUFFIX) ? keepDeadLetter : deliverLeadMessage;
  for (const message of batch.messages) {
    await deliver(message, env, options);
  }
}
