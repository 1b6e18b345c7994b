/**
 * Lead ids and content digests. A lead's digest is the SHA-256 of what it says (its columns
 * without id, key or digest), so two submissions are the same lead exactly when their digests
 * match. A submission that carries an Idempotency-Key gets the same id on every retry: a UUID
 * version 5 (RFC 9562, SHA-1 over a fixed namespace, the key and the digest), so every retry
 * builds the same database row and a byte-identical notification email. Submissions without a
 * key get a random id.
 */
import { leadFingerprint, type Lead } from './lead';

/** The namespace of lead ids; changing it would give retries of old submissions new ids. */
export const LEAD_ID_NAMESPACE = '6f1d0c52-8f3e-4b7a-9d2c-5e8a1b4f7c30';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` is a UUID in its usual text form. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

function uuidBytes(uuid: string): Uint8Array {
  const hex = uuid.replace(/-/g, '');
  return Uint8Array.from({ length: 16 }, (_, i) => parseInt(hex.slice(i * 2, i * 2 + 2), 16));
}

function formatUuid(bytes: Uint8Array): string {
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The UUID version 5 of `name` in `namespace`. */
export async function uuidV5(name: string, namespace: string): Promise<string> {
  const nameBytes = new TextEncoder().encode(name);
  const input = new Uint8Array(16 + nameBytes.length);
  input.set(uuidBytes(namespace));
  input.set(nameBytes, 16);
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-1', input));
  const bytes = hash.slice(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x50;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  return formatUuid(bytes);
}

/** A lead's content digest: 64 lowercase hex digits. */
export async function leadDigest(lead: Lead): Promise<string> {
  const bytes = new TextEncoder().encode(leadFingerprint(lead));
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(hash, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The id of the lead with content digest `digest` sent with `idempotencyKey`, or a random one
 * for a submission without a key. Keys come from visitors' browsers (a random UUID per set of
 * answers) and are not scoped to a visitor: a retry may come from another address or network,
 * and there is no account to scope by. The id is derived from the key and the digest together
 * instead, so whoever reuses a key, by mistake or on purpose, never gets the id of a lead other
 * than the one they sent, and their lead is never merged into another. What they can learn is
 * that the key is taken (the 422), and nothing of the lead it names.
 */
export function leadIdFor(idempotencyKey: string | undefined, digest: string): Promise<string> {
  return idempotencyKey
    ? uuidV5(`${idempotencyKey}\n${digest}`, LEAD_ID_NAMESPACE)
    : Promise.resolve(crypto.randomUUID());
}

/** A lead on its way: what it says, the key it was sent with, its digest and its id. */
export interface LeadRecord {
  id: string;
  key?: string;
  digest: string;
  lead: Lead;
}

/** The record of `lead` sent with `idempotencyKey`. */
export async function leadRecord(
  lead: Lead,
  idempotencyKey: string | undefined,
): Promise<LeadRecord> {
  const digest = await leadDigest(lead);
  const id = await leadIdFor(idempotencyKey, digest);
  return { id, digest, lead, ...(idempotencyKey && { key: idempotencyKey }) };
}
