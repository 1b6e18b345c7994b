/** POST /api/indexnow {urls}: an admin tells search engines about changed pages. */
import { createIndexNowHandler } from '#features/admin/indexnow.server';

export const indexNow = createIndexNowHandler();
