/**
 * What other features use of leads in the browser: stored leads as a listing reads them, the
 * notification claim's lease, a chat hand-off's conversation as plain text, and the human check
 * a lead form shows (Turnstile).
 */
export {
  NOTIFY_CLAIM_LEASE_MS,
  STORED_LEAD_COLUMNS,
  parseStoredLeads,
  type StoredLead,
} from './lead';
export type { TranscriptMessage } from './lead';
export { transcriptLines } from './transcript';
export { default as TurnstileCheck } from './ui/TurnstileCheck';
export { TURNSTILE_SITE_KEY, useTurnstile, type TurnstileStatus } from './ui/turnstile';
