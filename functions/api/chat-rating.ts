/** POST /api/chat/rating: a visitor rates an advisor answer (src/features/insights). */
import { createRatingHandler } from '#features/insights/rating.server';

export const chatRating = createRatingHandler();
