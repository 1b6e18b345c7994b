/** POST /api/leads/notify {id}: an admin sends a lead's notification email again. */
import { methodNotAllowed } from '#server/http';
import { createLeadNotifyHandler } from '../../../src/features/admin/lead-notify.server';

export const onRequestPost = createLeadNotifyHandler();

export const onRequest = () => methodNotAllowed();
