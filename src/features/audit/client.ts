/**
 * The island's side of POST /api/site-audit: sends the address and turns whatever comes back
 * into a result or the message the spec's error catalogue gives. No DOM, so unit tests call it.
 */
import * as z from 'zod/mini';
import {
  auditSuccessSchema,
  visibilitySchema,
  type AuditSuccess,
  type Visibility,
} from './contract';

export const AUDIT_ENDPOINT = '/api/site-audit';

/** Thrown fetches, and failures with no readable answer. */
export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your connection and try again.';

/** A readable answer that is not a result and carries no message of its own. */
export const AUDIT_FAILED_MESSAGE = 'Audit failed. Please try again.';

/**
 * What the island shows: a result, or a failure message with the AI-visibility checks when they
 * ran although PageSpeed Insights failed.
 */
export type AuditOutcome =
  { ok: true; result: AuditSuccess } | { ok: false; message: string; visibility?: Visibility };

/**
 * Reads the function's answer. A result with all four scores is a success. Otherwise the
 * server's own message is shown when it sent one; an answer that cannot be read, or an error
 * status without a message, counts as a network error; anything else is "Audit failed".
 */
export function interpretAuditResponse(status: number, text: string): AuditOutcome {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, message: NETWORK_ERROR_MESSAGE };
  }
  const parsed = z.safeParse(auditSuccessSchema, body);
  if (parsed.success) return { ok: true, result: parsed.data };
  const failed = body as { error?: { message?: unknown }; visibility?: unknown } | null;
  const message = failed?.error?.message;
  if (typeof message === 'string' && message.trim() !== '') {
    const visibility = z.safeParse(visibilitySchema, failed?.visibility);
    return visibility.success
      ? { ok: false, message, visibility: visibility.data }
      : { ok: false, message };
  }
  if (status >= 400) return { ok: false, message: NETWORK_ERROR_MESSAGE };
  return { ok: false, message: AUDIT_FAILED_MESSAGE };
}

/**
 * Asks the function to audit `url` (already normalised) and logs the full answer to the
 * console, as the spec requires.
 */
export async function requestAudit(
  url: string,
  fetcher: typeof fetch = fetch,
): Promise<AuditOutcome> {
  let status: number;
  let text: string;
  try {
    const response = await fetcher(AUDIT_ENDPOINT, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ url }),
    });
    status = response.status;
    text = await response.text();
  } catch (err) {
    console.error('Audit request failed', err);
    return { ok: false, message: NETWORK_ERROR_MESSAGE };
  }
  const outcome = interpretAuditResponse(status, text);
  console.log('Audit result:', outcome.ok ? outcome.result : safeJson(text));
  return outcome;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
