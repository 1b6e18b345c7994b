/**
 * Storing a lead in the `leads` table, once per id and Idempotency-Key, with its content digest;
 * checking whether a key already names another lead; and keeping the leads the table refused in
 * `lead_dead_letters`. The delivery policy (./delivery.server.ts) and the route use these.
 */
import { HttpError } from '#server/http';
import { PostgrestError, insertRow, selectRows, type PostgrestConfig } from '#server/supabase-rest';
import { fromLeadRow, toLeadRow, type StoredLeadRow } from './lead';
import { leadDigest, type LeadRecord } from './lead-id';

/** How long each upstream (database, email API, Turnstile) may take before it counts as failed. */
export const SINK_TIMEOUT_MS = 8000;

/** The 422 for a key that already names a lead with other content (IETF Idempotency-Key). */
export const keyReused = () =>
  new HttpError(
    422,
    'idempotency_key_reused',
    'This Idempotency-Key was already used for a submission with different content. Send a new key with a new submission.',
  );

/** The content digest of a stored lead: its column, or worked out for a row stored without. */
export async function digestOf(row: StoredLeadRow): Promise<string> {
  return row.content_digest ?? leadDigest(fromLeadRow(row));
}

async function storedUnder(
  db: PostgrestConfig,
  match: Record<string, string>,
  timeoutMs: number,
): Promise<StoredLeadRow | undefined> {
  const [row] = await selectRows<StoredLeadRow>(db, 'leads', '*', match, { timeoutMs });
  return row;
}

/**
 * Refuses (422) a key the database holds for a lead with another digest. Throws PostgrestError
 * when the database cannot be asked.
 */
export async function checkKey(
  db: PostgrestConfig,
  key: string,
  digest: string,
  timeoutMs: number,
): Promise<void> {
  const existing = await storedUnder(db, { idempotency_key: key }, timeoutMs);
  if (existing && (await digestOf(existing)) !== digest) throw keyReused();
}

/**
 * Stores the lead under its id, key and digest, and answers its row: the new one, or the one an
 * earlier attempt stored (422 when the key names a lead with another digest).
 */
export async function storeLead(
  db: PostgrestConfig,
  record: LeadRecord,
  timeoutMs: number,
): Promise<StoredLeadRow> {
  const { id, key, digest, lead } = record;
  let created: StoredLeadRow[];
  try {
    created = await insertRow<StoredLeadRow>(db, 'leads', toLeadRow(lead, id, key, digest), {
      timeoutMs,
      onConflict: key ? 'idempotency_key' : 'id',
      ignoreDuplicates: true,
    });
  } catch (err) {
    // A server without conflict handling reports the duplicate as 409.
    if (!(err instanceof PostgrestError && err.status === 409)) throw err;
    created = [];
  }
  if (created[0]) return created[0];
  const existing = await storedUnder(db, key ? { idempotency_key: key } : { id }, timeoutMs);
  if (!existing) throw new PostgrestError('Duplicate lead reported but not found');
  if ((await digestOf(existing)) !== digest) throw keyReused();
  return existing;
}

/** Keeps lead `id` in `lead_dead_letters`: `message` (the lead as it travelled) and `error`. */
export async function insertDeadLetter(
  db: PostgrestConfig,
  id: string,
  message: unknown,
  error: string,
  timeoutMs: number,
): Promise<void> {
  await insertRow(
    db,
    'lead_dead_letters',
    {
      id,
      error: error.slice(0, 1000),
      // JSON.stringify escapes lone surrogates and control characters, so the text stores.
      payload: JSON.stringify(message),
    },
    { timeoutMs, onConflict: 'id', ignoreDuplicates: true },
  );
}
