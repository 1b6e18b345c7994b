/** POST /api/leads/notify {id}: an admin sends a lead's notification email again. */
import { createLeadNotifyHandler } from '#features/admin/lead-notify.server';

export const leadNotify = createLeadNotifyHandler();
