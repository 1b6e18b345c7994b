/** POST /api/chat/lead: a visitor in the chat leaves an email address for a reply. */
import { createChatLeadHandler } from '#features/advisor/server/handoff.server';

export const chatLead = createChatLeadHandler();
