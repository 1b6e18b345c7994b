/**
 * Sends plain-text email through a Resend-compatible HTTP API: POST {EMAIL_API_URL} with
 * `Authorization: Bearer {EMAIL_API_KEY}` and a JSON body {from, to, reply_to, subject, text}.
 */
import type { Env } from '#server/env';

/** Resend's endpoint, used when EMAIL_API_URL is not set but the rest of the email settings are. */
export const DEFAULT_EMAIL_API_URL = 'https://api.resend.com/emails';

export interface EmailConfig {
  apiUrl: string;
  apiKey: string;
  /** Sender, e.g. `Website <leads@example.com>`. */
  from: string;
  /** Where lead notifications go; comma-separated addresses in LEAD_NOTIFY_TO. */
  to: string[];
}

/** Lead notification settings when EMAIL_API_KEY, LEAD_NOTIFY_TO and LEAD_NOTIFY_FROM are set. */
export function leadEmailConfig(env: Env): EmailConfig | undefined {
  const apiKey = env.EMAIL_API_KEY?.trim();
  const from = env.LEAD_NOTIFY_FROM?.trim();
  const to = (env.LEAD_NOTIFY_TO ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  if (!apiKey || !from || to.length === 0) return undefined;
  return { apiUrl: env.EMAIL_API_URL?.trim() || DEFAULT_EMAIL_API_URL, apiKey, from, to };
}

export interface EmailMessage {
  subject: string;
  text: string;
  replyTo?: string;
}

export interface SendOptions {
  timeoutMs: number;
  /** Passed on as the Idempotency-Key header, which Resend honours for 24 hours. */
  idempotencyKey?: string | undefined;
}

/**
 * Resend's names for the two idempotency conflicts (409): another request with the same key is
 * still being processed, or the key was used before for a different message.
 */
export const CONCURRENT_IDEMPOTENT_REQUESTS = 'concurrent_idempotent_requests';
export const INVALID_IDEMPOTENT_REQUEST = 'invalid_idempotent_request';

/** The email API refused the message, failed, or did not answer in time. */
export class EmailError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    /** The API's error name (Resend's `name`, e.g. `validation_error`), when it gave one. */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'EmailError';
  }
}

/** Sends one message; resolves when the API accepted it. */
export async function sendEmail(
  config: EmailConfig,
  message: EmailMessage,
  options: SendOptions,
): Promise<void> {
  const headers: Record<string, string> = {
    Authorization: `Bearer ${config.apiKey}`,
    'Content-Type': 'application/json',
  };
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  const body: Record<string, unknown> = {
    from: config.from,
    to: config.to,
    subject: singleLine(message.subject),
    text: message.text,
  };
  if (message.replyTo) body.reply_to = message.replyTo;
  let response: Response;
  try {
    response = await fetch(config.apiUrl, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (err) {
    throw new EmailError(
      `Email API unreachable: ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`,
    );
  }
  if (response.ok) {
    await response.body?.cancel();
    return;
  }
  const code = await errorName(response);
  throw new EmailError(
    `Email API answered ${response.status}${code ? ` ${code}` : ''}`,
    response.status,
    code,
  );
}

/** Resend's error name from an error answer (`{statusCode, name, message}`), if readable. */
async function errorName(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.json()) as { name?: unknown } | null;
    return typeof body?.name === 'string' && /^[a-z_]{1,64}$/.test(body.name)
      ? body.name
      : undefined;
  } catch {
    return undefined;
  }
}

/** Subjects are one line: newlines and runs of spaces typed into a form become one space. */
export function singleLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
