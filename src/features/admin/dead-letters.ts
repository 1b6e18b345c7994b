/**
 * Leads the Worker could not store (`lead_dead_letters`, written by the lead queue's
 * dead-letter consumer): what the inbox shows of each, read from the message kept as JSON text.
 */

/** A dead letter as the inbox shows it. */
export interface DeadLetter {
  id: string;
  failedAt: string;
  error: string;
  /** Who the lead came from, as far as the kept message says. */
  email: string | null;
  name: string | null;
  /** The kept message, indented for reading. */
  details: string;
}

/** What the inbox reads of a kept queue message. */
interface KeptMessage {
  lead?: { email?: unknown; name?: unknown };
}

/** The columns the inbox reads. */
export const DEAD_LETTER_COLUMNS = 'id,failed_at,error,payload';

/** Reads the rows the admin's session may see; rows that do not fit are left out. */
export function parseDeadLetters(rows: unknown): DeadLetter[] {
  if (!Array.isArray(rows)) return [];
  const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
  return rows.flatMap((row: Record<string, unknown> | null) => {
    if (typeof row?.id !== 'string' || typeof row.payload !== 'string') return [];
    let message: KeptMessage | null = null;
    try {
      message = JSON.parse(row.payload) as KeptMessage;
    } catch {
      message = null;
    }
    return [
      {
        id: row.id,
        failedAt: text(row.failed_at) ?? '',
        error: text(row.error) ?? '',
        email: text(message?.lead?.email),
        name: text(message?.lead?.name),
        details: message ? JSON.stringify(message, null, 2) : row.payload,
      },
    ];
  });
}
