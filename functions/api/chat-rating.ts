/** POST /api/chat/rating: a visitor rates an advisor answer (src/features/advisor). */
import { createRatingHandler } from '#features/advisor/server/rating.server';

export const chatRating = createRatingHandler();
