/**
 * Where leads go. A lead is accepted once at least one configured destination took it: the
 * Supabase `leads` table (then the firm is notified through the outbox, and an email that
 * fails is recorded and sent again later), or, without a database, the notification email
 * itself. With neither configured, development prints the lead to the console and production
 * refuses it, so a misconfigured site never drops a lead silently.
 */
import { isDevelopment, type Env, type PagesFunction } from '#server/env';
import { DEFAULT_BODY_LIMIT, HttpError, json, readJson } from '#server/http';
import { leadEmailConfig } from './email.server';
import {
  PostgrestError,
  insertRow,
  postgrestConfig,
  selectRows,
  type PostgrestConfig,
} from '#server/supabase-rest';
import { fromLeadRow, leadFingerprint, toLeadRow, type Lead, type StoredLeadRow } from './lead';
import { leadIdFor } from './lead-id';
import { formatLead } from './notification';
import { notifyLead, sendLeadEmail, type OutboxOptions } from './outbox.server';

/** How long each upstream (database, email API, Turnstile) may take before it counts as failed. */
export const SINK_TIMEOUT_MS = 8000;

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

const keyReused = () =>
  new HttpError(
    422,
    'idempotency_key_reused',
    'This Idempotency-Key was already used for a different submission.',
  );

/**
 * Stores the lead under its id and key, and answers its row: the new one, or the one an earlier
 * attempt with the same key stored (422 when that row holds a different lead).
 */
export async function storeLead(
  db: PostgrestConfig,
  lead: Lead,
  id: string,
  key: string | undefined,
  timeoutMs: number,
): Promise<StoredLeadRow> {
  let created: StoredLeadRow[];
  try {
    created = await insertRow<StoredLeadRow>(db, 'leads', toLeadRow(lead, id, key), {
      timeoutMs,
      ...(key ? { onConflict: 'idempotency_key', ignoreDuplicates: true } : {}),
    });
  } catch (err) {
    // A server without conflict handling reports the duplicate key as 409.
    if (!(key && err instanceof PostgrestError && err.status === 409)) throw err;
    created = [];
  }
  if (created[0]) return created[0];
  if (!key) throw new PostgrestError('PostgREST created no row');
  const [existing] = await selectRows<StoredLeadRow>(
    db,
    'leads',
    '*',
    { idempotency_key: key },
    { timeoutMs },
  );
  if (!existing) throw new PostgrestError('Duplicate lead reported but not found');
  if (leadFingerprint(fromLeadRow(existing)) !== leadFingerprint(lead)) throw keyReused();
  return existing;
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
    if (!isDevelopment(env)) {
      console.error('Lead refused: no database or email is configured for leads');
      throw new HttpError(
        503,
        'leads_unavailable',
        'We cannot take your details right now. Please email us instead.',
      );
    }
    console.log(
      `Lead received (development: no database or email configured)\n${formatLead(lead, id)}`,
    );
    return { id };
  }

  if (db) {
    let stored: StoredLeadRow | undefined;
    try {
      stored = await storeLead(db, lead, id, key, options.timeoutMs);
    } catch (err) {
      if (err instanceof HttpError) throw err;
      // Only the reason: the lead itself stays out of the logs.
      console.error(`Lead not stored in the database: ${(err as Error).message}`);
    }
    if (stored) {
      if (mail) {
        try {
          await notifyLead(db, mail, stored.id, options);
        } catch (err) {
          // Stored and visible in the inbox; the scheduled job sends the email.
          console.error(`Lead ${stored.id}: notification not attempted: ${(err as Error).message}`);
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
      console.error(`Lead not delivered by email: ${(err as Error).message}`);
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

/** What a lead route adds to the shared flow. */
export interface LeadRoute<E extends Env> {
  /** Body size limit in bytes. */
  bodyLimit?: number;
  /**
   * Validates the body (throwing the 400) and answers the lead, and optionally a check to pass
   * before it is delivered (Turnstile), run once per Idempotency-Key.
   */
  parse(body: unknown): {
    lead: Lead;
    verify?: (context: { request: Request; env: E; timeoutMs: number }) => Promise<void>;
  };
}

/**
 * A lead route's handler: reads the Idempotency-Key and the JSON body, answers a filled
 * honeypot with 200 and nothing else, then delivers the route's lead once per key and answers
 * {ok:true,id}.
 */
export function createLeadHandler<E extends Env>(
  route: LeadRoute<E>,
  options: LeadHandlerOptions = {},
): PagesFunction<E> {
  const timeoutMs = options.timeoutMs ?? SINK_TIMEOUT_MS;
  const recent = options.recent ?? new RecentDeliveries();
  return async ({ request, env }) => {
    const key = idempotencyKey(request.headers);
    // Read once: the honeypot is checked before the body is validated.
    const body = await readJson(request, route.bodyLimit ?? DEFAULT_BODY_LIMIT);
    if (honeypotFilled(body)) return json({ ok: true, id: crypto.randomUUID() });
    const { lead, verify } = route.parse(body);
    const delivered = await recent.run(key, leadFingerprint(lead), async () => {
      await verify?.({ request, env, timeoutMs });
      return deliverLead(lead, env, key, { timeoutMs, retryWaitMs: options.retryWaitMs });
    });
    return json({ ok: true, id: delivered.id });
  };
}
