/**
 * The chat hand-off: inside the advisor, a visitor who wants a person leaves an email address
 * and the conversation so far becomes a lead.
 *
 * Request: `POST /api/chat/lead`, `Content-Type: application/json`, header
 * `Idempotency-Key: <1-128 letters, digits or - _ . :>` (reuse it when retrying the same
 * hand-off), body {@link ChatLeadRequest}: `{ email, name?, transcript: [{ role, content,
 * signature? }], page?, turnstileToken? }`; each advisor message carries the signature the chat
 * route gave it, and the token is the human check's when the site has Turnstile configured.
 *
 * Answer: `200 {ok: true, id}` once the lead is stored or emailed (the same id for every retry
 * with the key); `400` with `error.fields` for a body that does not fit; `403` from another
 * site, or when the human check is configured and the token is missing or does not pass; `415` for anything but JSON; `422` when the key was used for a different hand-off;
 * `429` with Retry-After when a client sends too many leads; `502`/`503` when no destination
 * took it. Every error is `{error: {code, message}}`.
 *
 * zod/mini keeps the chat island's chunk small; the email, page and text rules are the
 * questionnaire's (the leads feature's contract.ts), and the lead it becomes is stored as the
 * leads feature stores a chat lead (its lead.ts).
 */
import * as z from 'zod/mini';
import {
  ANSWER_LIMITS,
  leadEmailSchema,
  leadSourceSchema,
  lineFeeds,
  plainText,
} from '#features/leads/contract';
import { chatMessageSchema } from './contract';

/** Longest conversation a hand-off carries, in messages. */
export const TRANSCRIPT_MAX_MESSAGES = 30;
/**
 * Body limit of the route: a full transcript (30 messages of the chat's longest, 2,000
 * characters, up to 3 bytes each in UTF-8) with room for JSON escaping.
 */
export const CHAT_LEAD_BODY_LIMIT = 192 * 1024;

/**
 * One message of the conversation: the chat's own message rule (role, 1-2,000 characters),
 * text fit to store (line breaks as line feeds, no control characters or bidirectional
 * overrides), and for an advisor
 * reply the signature the chat route gave it, which the hand-off route checks.
 */
export const transcriptMessageSchema = z.extend(chatMessageSchema, {
  content: chatMessageSchema.shape.content.check(lineFeeds(), plainText(true)),
});

/** The body of POST /api/chat/lead. */
export const chatLeadRequestSchema = z.object({
  /** Where the firm replies; required, validated as the questionnaire validates it. */
  email: leadEmailSchema,
  /** How to address the visitor, if they said; blank counts as not given. */
  name: z.optional(
    z.string({ error: 'name must be text.' }).check(
      z.trim(),
      z.maxLength(ANSWER_LIMITS.name, {
        error: `Please keep your name under ${ANSWER_LIMITS.name} characters.`,
      }),
      plainText(),
    ),
  ),
  /** The conversation so far, oldest first: 1 to TRANSCRIPT_MAX_MESSAGES messages. */
  transcript: z.array(transcriptMessageSchema, { error: 'transcript must be a list.' }).check(
    z.minLength(1, { error: 'Send the conversation with at least one message.' }),
    z.maxLength(TRANSCRIPT_MAX_MESSAGES, {
      error: `Send at most the last ${TRANSCRIPT_MAX_MESSAGES} messages.`,
    }),
  ),
  /** Slug of the page the chat was open on, like the questionnaire's source (`home`, `seo`). */
  page: z.optional(leadSourceSchema),
  /** Honeypot: a field the form hides from people, so anything in it was typed by a bot. */
  website: z.optional(z.string().check(z.maxLength(500))),
  /** Cloudflare Turnstile token, required only when the site has Turnstile configured. */
  turnstileToken: z.optional(z.string().check(z.maxLength(2048))),
});

/** What the chat island posts. */
export type ChatLeadRequest = z.input<typeof chatLeadRequestSchema>;

/** The successful answer of POST /api/chat/lead (the questionnaire's shape). */
export interface ChatLeadAccepted {
  ok: true;
  /** Id of the lead; the same for every retry with the same Idempotency-Key. */
  id: string;
}

/** Where the chat island posts a hand-off. */
export const CHAT_LEAD_ENDPOINT = '/api/chat/lead';
