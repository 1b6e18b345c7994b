/**
 * What other features' server code uses of leads: the notification outbox, which an admin's
 * 'Resend notification' (src/features/admin) drives.
 */
export { notifyLead, outboxConfig, type NotifyOutcome } from './outbox.server';
export { SINK_TIMEOUT_MS } from './store.server';
