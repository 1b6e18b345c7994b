/** POST /api/leads/resend: the scheduled job emails recent leads the firm was not told about. */
import { methodNotAllowed } from '#server/http';
import { createLeadResendHandler } from '../../../src/features/leads/resend.server';

export const onRequestPost = createLeadResendHandler();

export const onRequest = () => methodNotAllowed();
