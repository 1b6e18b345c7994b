/**
 * Where leads go. A lead is accepted once it is held durably: on the lead queue, whose
 * consumer in this Worker delivers it (./queue.server.ts), or, where no queue is bound or the
 * queue refused it, once the delivery policy (./delivery.server.ts) says it is held: stored in
 * the `leads` table, emailed on a site without a database, or kept as a dead letter. A lead the
 * policy could not hold yet (the database is down) is answered 503 with Retry-After, so the
 * visitor's browser sends it again under the same Idempotency-Key; the firm has been emailed
 * meanwhile when the email works. With no destination configured, development prints the lead
 * and production refuses it, so a misconfigured site never drops a lead silently.
 */
import { isDevelopment, type Env, type RouteHandler } from '#server/env';
import { DEFAULT_BODY_LIMIT, HttpError, json, readJson } from '#server/http';
import { log } from '#server/log';
import { postgrestConfig } from '#server/supabase-rest';
import { leadEmailConfig } from './email.server';
import type { Lead } from './lead';
import { leadRecord, type LeadRecord } from './lead-id';
import { deliver } from './delivery.server';
import type { OutboxOptions } from './outbox.server';
import { RETRY_BASE_DELAY_S, type LeadMessage } from './queue.server';
import { SINK_TIMEOUT_MS, checkKey, keyReused } from './store.server';

export { SINK_TIMEOUT_MS } from './store.server';

/**
 * Most a queued submission waits for the database to say whether its key names another lead;
 * past it (or while the database is down) the lead is queued, and the consumer compares the
 * digests when it stores it.
 */
export const KEY_CHECK_TIMEOUT_MS = 2000;

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
 * Refuses (422) a key the database holds for another lead, before the lead is queued. A
 * database that cannot answer does not hold the lead up: the queue's consumer checks again.
 */
async function refuseReusedKey(env: Env, record: LeadRecord, timeoutMs: number): Promise<void> {
  const db = postgrestConfig(env);
  if (!db || !record.key) return;
  try {
    await checkKey(db, record.key, record.digest, Math.min(timeoutMs, KEY_CHECK_TIMEOUT_MS));
  } catch (err) {
    if (err instanceof HttpError) throw err;
    log.error('lead.key_check_failed', { leadId: record.id, error: err });
  }
}

/**
 * Accepts a validated lead: onto the lead queue when one is bound, else (or when the queue
 * refused it) through the delivery policy at once. Answers the lead's id; 422 for a key that
 * names another lead; 503 with Retry-After while nothing holds the lead.
 */
export async function acceptLead(
  record: LeadRecord,
  env: Env,
  options: OutboxOptions,
): Promise<Delivered> {
  requireDestination(env);
  const { id } = record;
  if (env.LEAD_QUEUE) {
    await refuseReusedKey(env, record, options.timeoutMs);
    const message: LeadMessage = record;
    try {
      await env.LEAD_QUEUE.send(message);
      return { id };
    } catch (err) {
      log.error('lead.queue_send_failed', { leadId: id, error: err });
    }
  }
  const outcome = await deliver(env, record, { ...options, acknowledged: false });
  if (outcome.status === 'stored') return { id: outcome.id };
  if (outcome.status !== 'pending') return { id };
  throw new HttpError(
    503,
    'lead_not_delivered',
    'We could not save your details just now. Please try again in a minute.',
    undefined,
    { 'Retry-After': String(RETRY_BASE_DELAY_S) },
  );
}

/**
 * Answers repeated Idempotency-Keys within one isolate with the first answer, also while the
 * first delivery is still running (across isolates and restarts, the database's unique key and
 * the digest stored with it do, and the email API's idempotency key). Failed deliveries are
 * forgotten so a retry tries again. Bounded: the oldest keys go first.
 */
export class RecentDeliveries {
  private readonly entries = new Map<string, { digest: string; result: Promise<Delivered> }>();

  constructor(private readonly limit = 1000) {}

  /** Runs `deliver` once per key; a key reused for a lead of another digest is refused (422). */
  run(
    key: string | undefined,
    digest: string,
    deliver: () => Promise<Delivered>,
  ): Promise<Delivered> {
    if (!key) return deliver();
    const known = this.entries.get(key);
    if (known) {
      if (known.digest !== digest) throw keyReused();
      return known.result;
    }
    const result = deliver();
    this.entries.set(key, { digest, result });
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
    const record = await leadRecord(lead, key);
    const delivered = await recent.run(key, record.digest, async () => {
      await verify?.({ request, env, timeoutMs });
      return acceptLead(record, env, { timeoutMs, retryWaitMs: options.retryWaitMs });
    });
    return json({ ok: true, id: delivered.id });
  };
}
