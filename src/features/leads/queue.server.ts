/**
 * The lead queue: how an accepted lead survives an outage of the database, the email or both.
 *
 * The lead routes are the producers: once a lead is on the queue (a Cloudflare Queue keeps it
 * durably), the visitor is told it arrived. This Worker is also the consumer: each delivery is
 * one attempt under the delivery policy (./delivery.server.ts), which stores the lead under its
 * id and notifies the firm once. While the database is down the lead is emailed at once and put
 * back on the queue marked as emailed, to be stored, and marked notified without a second
 * email, when the database returns. Anything still failing is retried with growing delays; the
 * queue hands what exhausts its retries, and the policy a lead the database refuses outright,
 * to the dead-letter consumer, which keeps it in `lead_dead_letters` for admins.
 */
import * as z from 'zod/mini';
import type { Env, QueueBatch, QueueMessage } from '#server/env';
import { log } from '#server/log';
import { postgrestConfig } from '#server/supabase-rest';
import { leadDigest } from './lead-id';
import { deliver, type DeadLetter, type LeadDelivery } from './delivery.server';
import { SINK_TIMEOUT_MS, insertDeadLetter } from './store.server';

/** What the lead queue carries: the lead, named by its id, key and content digest. */
export interface LeadMessage extends Omit<LeadDelivery, 'digest'> {
  /** Absent only on messages queued before leads carried their digest. */
  digest?: string;
  /** Deliveries of this lead so far across re-queued copies, for the backoff. */
  attempt?: number;
}

/** The shape a consumer checks before it trusts a message (the producer is this Worker). */
const leadMessageSchema = z.object({
  id: z.string().check(z.uuid()),
  key: z.optional(z.string()),
  digest: z.optional(z.string().check(z.regex(/^[0-9a-f]{64}$/))),
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

/** How a consumer is tuned; tests pass short timeouts and delays. */
export interface ConsumerOptions {
  timeoutMs?: number;
  retryBaseDelayS?: number;
  retryWaitMs?: number;
}

/** The reason an attempt failed, short and without the lead's contents. */
const reason = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 300);

/** Delivers one lead message: acks it once the policy says the lead is held. */
export async function deliverLeadMessage(
  message: QueueMessage<unknown>,
  env: Env,
  options: ConsumerOptions = {},
): Promise<void> {
  const parsed = z.safeParse(leadMessageSchema, message.body);
  if (!parsed.success) {
    log.error('lead_queue.unreadable_message', { messageId: message.id });
    message.ack();
    return;
  }
  const m = parsed.data as unknown as LeadMessage;
  const delivery: LeadDelivery = { ...m, digest: m.digest ?? (await leadDigest(m.lead)) };
  const attempt = (m.attempt ?? 0) + message.attempts;
  const outcome = await deliver(env, delivery, {
    timeoutMs: options.timeoutMs ?? SINK_TIMEOUT_MS,
    retryWaitMs: options.retryWaitMs,
    acknowledged: true,
  });
  if (outcome.status !== 'pending') {
    message.ack();
    return;
  }
  const delaySeconds = retryDelay(attempt, options.retryBaseDelayS);
  if (outcome.emailed && !m.emailed && env.LEAD_QUEUE && attempt < MAX_REQUEUES) {
    // A new copy remembers the email went out, so storing it later sends none.
    try {
      const copy: LeadMessage = { ...delivery, emailed: true, attempt };
      await env.LEAD_QUEUE.send(copy, { delaySeconds });
      message.ack();
      return;
    } catch (err) {
      log.error('lead_queue.requeue_failed', { leadId: m.id, error: reason(err) });
    }
  }
  message.retry({ delaySeconds });
}

/**
 * What a dead-letter message holds: a DeadLetter the delivery policy sent (a refusal), or the
 * lead message itself, which the platform moves here once its retries ran out.
 */
function deadLetterOf(body: unknown): { message: LeadMessage; error: string } | undefined {
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
  const db = postgrestConfig(env);
  if (!letter || !z.safeParse(z.uuid(), letter.message.id).success) {
    log.error('dead_letter.unreadable', { messageId: message.id });
    message.ack();
    return;
  }
  const { id } = letter.message;
  if (!db) {
    log.error('dead_letter.waiting', { leadId: id, reason: 'no database configured' });
    message.retry({ delaySeconds: MAX_RETRY_DELAY_S });
    return;
  }
  try {
    await insertDeadLetter(
      db,
      id,
      letter.message,
      letter.error,
      options.timeoutMs ?? SINK_TIMEOUT_MS,
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
  const handle = batch.queue.endsWith(DEAD_LETTER_SUFFIX) ? keepDeadLetter : deliverLeadMessage;
  for (const message of batch.messages) {
    await handle(message, env, options);
  }
}
