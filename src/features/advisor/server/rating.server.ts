/**
 * POST /api/chat/rating: a visitor rates an advisor answer, recorded with the question it answers
 * (src/features/insights). The rating names the answer by the
 * signed id the chat route gave it (ChatReply.answerId), so only the visitor the reply went to
 * can rate it; each answer counts one rating. Answers 204 whether or not the rating was stored
 * (recording may be off, the id unknown, forged or expired, or the answer rated already): the
 * visitor's part is done either way, and the answer says nothing about what is kept.
 */
import type { RouteHandler } from '#server/env';
import { parseBody } from '#server/http';
import { ratingRequestSchema } from '#features/insights/contract';
import { recordRating, type InsightsEnv } from '#features/insights/index.server';
import { signingSecret, verifyAnswerId, type SigningEnv } from './signature.server';

export function createRatingHandler(): RouteHandler<InsightsEnv & SigningEnv> {
  return async ({ request, env, waitUntil }) => {
    const { answerId, rating, comment } = await parseBody(ratingRequestSchema, request, {
      limit: 2048,
      code: 'invalid_rating',
      message: 'The rating is not valid.',
    });
    const id = await verifyAnswerId(signingSecret(env), answerId);
    if (id) waitUntil(recordRating(env, id, rating, comment || undefined));
    return new Response(null, { status: 204 });
  };
}
