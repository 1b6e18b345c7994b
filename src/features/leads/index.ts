/**
 * What other features use of leads in the browser: the notification claim's lease, and a chat
 * hand-off's conversation as plain text.
 */
export { NOTIFY_CLAIM_LEASE_MS } from './lead';
export { transcriptLines } from './transcript';
