/**
 * The chat's hand-off to a person: "leave your email and we'll reply" sends the visitor's
 * address and the conversation to POST /api/chat/lead, which delivers it through the same lead
 * pipeline as the questionnaire. Each attempt carries an Idempotency-Key; retrying the same
 * email reuses it, so a lead whose answer was lost on the way back is not sent twice.
 */
import type { ChatEntry } from './chat-store';
import {
  CHAT_LEAD_ENDPOINT,
  TRANSCRIPT_MAX_MESSAGES,
  type ChatLeadRequest,
} from '../handoff-contract';
import { CHAT_MESSAGE_MAX } from '../contract';

/** The chat lives on the home page; its leads name it as their page, as the questionnaire does. */
const CHAT_PAGE = 'home';

/**
 * What the person who replies reads: the conversation as it happened (errors left out), each
 * advisor reply with the server's signature, which the hand-off route checks.
 */
export function transcript(entries: readonly ChatEntry[]): ChatLeadRequest['transcript'] {
  return entries
    .filter((e) => !e.local && e.content.trim() !== '')
    .slice(-TRANSCRIPT_MAX_MESSAGES)
    .map((e) => ({
      role: e.role,
      content: e.content.slice(0, CHAT_MESSAGE_MAX),
      ...(e.role === 'assistant' && e.signature && { signature: e.signature }),
    }));
}

/** Why a hand-off failed; the form keeps the address so the visitor can try again. */
export class HandoffError extends Error {}

/** The same email for the same conversation is one lead: the key is reused. */
const keys = new Map<string, string>();

/**
 * Sends the lead, with the human check's token when the site has Turnstile; resolves with its
 * id, throws HandoffError otherwise.
 */
export async function sendChatLead(
  email: string,
  entries: readonly ChatEntry[],
  fetcher: typeof fetch = fetch,
  turnstileToken?: string,
): Promise<string> {
  const body: ChatLeadRequest = {
    email: email.trim(),
    transcript: transcript(entries),
    page: CHAT_PAGE,
  };
  // The token is single-use and new on every attempt: the lead is the same without it.
  const fingerprint = JSON.stringify(body);
  const key = keys.get(fingerprint) ?? crypto.randomUUID();
  keys.set(fingerprint, key);
  let res: Response;
  try {
    res = await fetcher(CHAT_LEAD_ENDPOINT, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
      body: JSON.stringify({ ...body, ...(turnstileToken && { turnstileToken }) }),
    });
  } catch {
    throw new HandoffError('network');
  }
  const answer = (await res.json().catch(() => null)) as {
    ok?: unknown;
    id?: unknown;
    error?: { message?: unknown };
  } | null;
  if (res.ok && answer?.ok === true && typeof answer.id === 'string') return answer.id;
  const message = typeof answer?.error?.message === 'string' ? answer.error.message : '';
  throw new HandoffError(message || `status ${res.status}`);
}
