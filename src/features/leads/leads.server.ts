/**
 * Where leads go. A lead is accepted once it is held durably: on the lead queue, whose
 * consumer in this Worker stores and notifies it (./queue.server.ts), or, where no queue is
 * bound or the queue refused it, once a configured destination took it directly: the Supabase
 * `leads` table (then the firm is notified through the outbox, and an email that fails is
 * recorded and sent again later), or, without a database, the notification email itself. With
 * neither configured, development prints the lead to the console and production refuses it, so
 * a misconfigured site never drops a lead silently.
 */
import { isDevelopment, type Env, type RouteHandler } from '#server/env';
import { DEFAULT_BODY_LIMIT, HttpError, json, readJson } from '#server/http';
import { developmentLog, log } from '#server/log';
import { postgrestConfig } from '#server/supabase-rest';
import { leadEmailConfig } from './email.server';
import { leadFingerprint, type Lead, type StoredLeadRow } from './lead';
import { leadIdFor } from './lead-id';
import { formatLead } from './notification';
import { notifyLead, sendLeadEmail, type OutboxOptions } from './outbox.server';
import type { LeadMessage } from './queue.server';
import { SINK_TIMEOUT_MS, keyReused, storeLead } from './store.server';

export { SINK_TIMEOUT_MS } from './store.server';

/** The answer once a lead was accepted. */
export interface Delivered {
  id: string;
}

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{1,128}$/;

/** The request's Idempotency-Key; 400 for one that is not 1-128 safe characters. */
export function idempotencyKey(headers: Headers): string | undefined {
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

/** Bots fill every field; people never see the honeypot. */
export function honeypotFilled(body: unknown): boolean {
  const website = (body as { website?: unknown } | null)?.website;
  return typeof website === 'string' && website.trim() !== '';
}

/** 503 in production when no destination is configured (development prints leads instead). */
function requireDestination(env: Env): void {
  if (postgrestConfig(env) || leadEmailConfig(env) || isDevelopment(env)) return;
  log.error('lead.no_destination');
  throw new HttpError(
    503,
    'leads_unavailable',
    'We cannot take your details right now. Please email us instead.',
  );
}

/**
 * Accepts a validated lead: onto the lead queue when one is bound, else (or when the queue
 * refused it) straight to the destinations. Answers the lead's id.
 */
export async function acceptLead(
  lead: Lead,
  env: Env,
  key: string | undefined,
  options: OutboxOptions,
): Promise<Delivered> {
  requireDestination(env);
  if (env.LEAD_QUEUE) {
    const id = await leadIdFor(key);
    const message: LeadMessage = { id, lead, ...(key && { key }) };
    try {
      await env.LEAD_QUEUE.send(message);
      return { id };
    } catch (err) {
      log.error('lead.queue_send_failed', { leadId: id, error: err });
    }
  }
  return deliverLead(lead, env, key, options);
}

/**
 * Delivers a validated lead. Answers its id once the database stored it (whatever became of
 * the email, which the outbox records and retries) or, when there is no database or it failed,
 * once the email went out; 502 when nothing took it; with nothing configured, a console print
 * in development and 503 in production.
 */
export async function deliverLead(
  lead: Lead,
  env: Env,
  key: string | undefined,
  options: OutboxOptions,
): Promise<Delivered> {
  const id = await leadIdFor(key);
  const db = postgrestConfig(env);
  const mail = leadEmailConfig(env);
  if (!db && !mail) {
    requireDestination(env);
    developmentLog(env, 'lead.development_print', formatLead(lead, id));
    return { id };
  }

  if (db) {
    let stored: StoredLeadRow | undefined;
    try {
      stored = await storeLead(db, lead, id, key, options.timeoutMs);
    } catch (err) {
      if (err instanceof HttpError) throw err;
      // Only the reason: the lead itself stays out of the logs.
      log.error('lead.store_failed', { leadId: id, error: err });
    }
    if (stored) {
      if (mail) {
        try {
          await notifyLead(db, mail, stored.id, options);
        } catch (err) {
          // Stored and visible in the inbox; the scheduled job sends the email.
          log.error('lead.notify_not_attempted', { leadId: stored.id, error: err });
        }
      }
      return { id: stored.id };
    }
  }

  if (mail) {
    try {
      await sendLeadEmail(mail, lead, id, options);
      return { id };
    } catch (err) {
      log.error('lead.email_failed', { leadId: id, error: err });
    }
  }
  throw new HttpError(
    502,
    'lead_not_delivered',
    'We could not pass on your details just now. Please try again.',
  );
}

/**
 * Answers repeated Idempotency-Keys within one isolate with the first answer, also while the
 * first delivery is still running (across isolates the database's unique key and the email
 * API's idempotency key do). Failed deliveries are forgotten so a retry tries again. Bounded:
 * the oldest keys go first.
 */
export class RecentDeliveries {
  private readonly entries = new Map<string, { fingerprint: string; result: Promise<Delivered> }>();

  constructor(private readonly limit = 1000) {}

  /** Runs `deliver` once per key; a key reused for a different lead is refused with 422. */
  run(
    key: string | undefined,
    fingerprint: string,
    deliver: () => Promise<Delivered>,
  ): Promise<Delivered> {
    if (!key) return deliver();
    const known = this.entries.get(key);
    if (known) {
      if (known.fingerprint !== fingerprint) throw keyReused();
      return known.result;
    }
    const result = deliver();
    this.entries.set(key, { fingerprint, result });
    if (this.entries.size > this.limit) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    result.catch(() => {
      if (this.entries.get(key)?.result === result) this.entries.delete(key);
    });
    return result;
  }

  get size(): number {
    return this.entries.size;
  }
}

export interface LeadHandlerOptions {
  /** Per-upstream timeout in milliseconds. */
  timeoutMs?: number;
  /** Remembers recent Idempotency-Keys; one per isolate by default. */
  recent?: RecentDeliveries;
  /** Wait before asking the email API again about a key it is still processing. */
  retryWaitMs?: number;
}

/** A validated lead, and a check to pass before it is delivered. */
export interface LeadParse<E extends Env> {
  lead: Lead;
  verify?: (context: { request: Request; env: E; timeoutMs: number }) => Promise<void>;
}

/** What a lead route adds to the shared flow. */
export interface LeadRoute<E extends Env> {
  /** Body size limit in bytes. */
  bodyLimit?: number;
  /**
   * Validates the body (throwing the 400) and answers the lead (the chat hand-off checks its
   * advisor turns' signatures here), and optionally a check to pass before it is delivered
   * (Turnstile), run once per Idempotency-Key.
   */
  parse(body: unknown, env: E): LeadParse<E> | Promise<LeadParse<E>>;
}

/**
 * A lead route's handler: reads the Idempotency-Key and the JSON body, answers a filled
 * honeypot with 200 and nothing else, then delivers the route's lead once per key and answers
 * {ok:true,id}.
 */
export function createLeadHandler<E extends Env>(
  route: LeadRoute<E>,
  options: LeadHandlerOptions = {},
): RouteHandler<E> {
  const timeoutMs = options.timeoutMs ?? SINK_TIMEOUT_MS;
  const recent = options.recent ?? new RecentDeliveries();
  return async ({ request, env }) => {
    const key = idempotencyKey(request.headers);
    // Read once: the honeypot is checked before the body is validated.
    const body = await readJson(request, route.bodyLimit ?? DEFAULT_BODY_LIMIT);
    if (honeypotFilled(body)) return json({ ok: true, id: crypto.randomUUID() });
    const { lead, verify } = await route.parse(body, env);
    const delivered = await recent.run(key, leadFingerprint(lead), async () => {
      await verify?.({ request, env, timeoutMs });
      return acceptLead(lead, env, key, { timeoutMs, retryWaitMs: options.retryWaitMs });
    });
    return json({ ok: true, id: delivered.id });
  };
}
