/**
 * What other features' server code uses of leads: the notification outbox, which an admin's
 * 'Resend notification' (src/features/admin) drives; the lead pipeline and the human check,
 * which the chat advisor's hand-off (src/features/advisor) sends its leads through.
 */
export { createLeadHandler, type LeadHandlerOptions } from './leads.server';
export { humanCheck, type TurnstileEnv } from './turnstile.server';
export type { ChatLead } from './lead';
export { notifyLead, outboxConfig, type NotifyOutcome } from './outbox.server';
export { SINK_TIMEOUT_MS } from './store.server';
