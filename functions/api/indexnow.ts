/** POST /api/indexnow {urls}: an admin tells search engines about changed pages. */
import { methodNotAllowed } from '#server/http';
import { createIndexNowHandler } from '../../src/features/admin/indexnow.server';

export const onRequestPost = createIndexNowHandler();

export const onRequest = () => methodNotAllowed();
