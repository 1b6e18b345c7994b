/**
 * Lead ids. A submission that carries an Idempotency-Key gets the same id on every retry: a
 * UUID version 5 (RFC 9562, SHA-1 over a fixed namespace and the key), so every retry builds
 * the same database row and a byte-identical notification email. Submissions without a key get
 * a random id.
 */

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

/** The id of the lead sent with `idempotencyKey`, or a random one for a submission without. */
export function leadIdFor(idempotencyKey: string | undefined): Promise<string> {
  return idempotencyKey
    ? uuidV5(idempotencyKey, LEAD_ID_NAMESPACE)
    : Promise.resolve(crypto.randomUUID());
}
