/** POST /api/chat: the AI advisor (src/features/advisor). */
import { methodNotAllowed } from '#server/http';
import { createChatHandler } from '../../src/features/advisor/advisor.server';

export const onRequestPost = createChatHandler();

export const onRequest = () => methodNotAllowed();
