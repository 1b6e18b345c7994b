/** POST /api/chat/lead: a visitor in the chat leaves an email address for a reply. */
import { createChatLeadHandler } from '#features/leads/chat-lead.server';

export const chatLead = createChatLeadHandler();
