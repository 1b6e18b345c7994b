/**
 * Storing a lead in the `leads` table, once per id and Idempotency-Key, for the route that
 * delivers directly and for the lead queue's consumer.
 */
import { HttpError } from '#server/http';
import { PostgrestError, insertRow, selectRows, type PostgrestConfig } from '#server/supabase-rest';
import { fromLeadRow, leadFingerprint, toLeadRow, type Lead, type StoredLeadRow } from './lead';

/** How long each upstream (database, email API, Turnstile) may take before it counts as failed. */
export const SINK_TIMEOUT_MS = 8000;

export const keyReused = () =>
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
