/**
 * POST /api/indexnow body, shared by the admin panel and the function so the two cannot drift.
 * zod/mini keeps the panel's bundle small.
 */
import * as z from 'zod/mini';

/** IndexNow accepts at most this many URLs in one submission. */
export const MAX_INDEXNOW_URLS = 10_000;

/** Longest address accepted; longer ones are not real pages of this site. */
export const MAX_INDEXNOW_URL_LENGTH = 2048;

export const indexNowRequestSchema = z.object({
  /** Site paths ("/articles") or absolute addresses on the site's own host. */
  urls: z
    .array(z.string().check(z.minLength(1), z.maxLength(MAX_INDEXNOW_URL_LENGTH)))
    .check(z.minLength(1), z.maxLength(MAX_INDEXNOW_URLS)),
});

export type IndexNowRequest = z.infer<typeof indexNowRequestSchema>;

/** The function's answer when IndexNow took the submission. */
export interface IndexNowSuccess {
  ok: true;
  /** How many URLs were sent. */
  submitted: number;
}

/** POST /api/leads/notify body: the lead whose notification email an admin sends again. */
export const leadNotifyRequestSchema = z.object({
  /** The lead's id (a UUID). */
  id: z.uuid({ error: 'Send the id of a lead.' }),
});

export type LeadNotifyRequest = z.infer<typeof leadNotifyRequestSchema>;

/** The function's answer: sent now, sent before, or being sent by another path right now. */
export interface LeadNotifyAnswer {
  ok: true;
  status: 'sent' | 'already_notified' | 'in_progress';
}
