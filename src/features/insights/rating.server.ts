/**
 * POST /api/chat/rating: a visitor rates an advisor answer. Answers 204 whether or not the
 * rating was stored (recording may be off, the answer unknown or rated already): the visitor's
 * part is done either way, and the answer says nothing about what is kept.
 */
import type { RouteHandler } from '#server/env';
import { parseBody } from '#server/http';
import { ratingRequestSchema } from './contract';
import { recordRating, type InsightsEnv } from './record.server';

export function createRatingHandler(): RouteHandler<InsightsEnv> {
  return async ({ request, env, waitUntil }) => {
    const { answerId, rating, comment } = await parseBody(ratingRequestSchema, request, {
      limit: 2048,
      code: 'invalid_rating',
      message: 'The rating is not valid.',
    });
    waitUntil(recordRating(env, answerId, rating, comment || undefined));
    return new Response(null, { status: 204 });
  };
}
