/** POST /api/chat/lead: a visitor in the chat leaves an email address for a reply. */
import { methodNotAllowed } from '#server/http';
import { createChatLeadHandler } from '../../../src/features/leads/chat-lead.server';

export const onRequestPost = createChatLeadHandler();

export const onRequest = () => methodNotAllowed();
