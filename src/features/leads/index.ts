/** What other features use of leads in the browser: the notification claim's lease. */
export { NOTIFY_CLAIM_LEASE_MS } from './lead';
