/** POST /api/chat: the AI advisor answers from the site's content (src/features/advisor). */
import { createChatHandler } from '#features/advisor/server/chat.server';

export const chat = createChatHandler();
