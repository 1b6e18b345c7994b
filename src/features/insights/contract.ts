/**
 * A visitor's rating of an advisor answer: `POST /api/chat/rating`, same-origin JSON, answered
 * 204. The chat island posts it; the Worker records it against the answer's question when the
 * firm records what prospects ask (README, ADVISOR_INSIGHTS).
 */
import * as z from 'zod/mini';
import { plainText } from '../leads/contract';
import { COMMENT_MAX } from './mask';

/** Where the chat island posts a rating. */
export const RATING_ENDPOINT = '/api/chat/rating';

/** The two ratings an answer can get. */
export const RATINGS = ['helpful', 'not_helpful'] as const;

export type Rating = (typeof RATINGS)[number];

/** The body of POST /api/chat/rating. */
export const ratingRequestSchema = z.object({
  /** The signed id the Worker gave the answer (the chat reply's `answerId`). */
  answerId: z.string().check(z.minLength(8), z.maxLength(200), z.regex(/^[\w.:-]+$/)),
  rating: z.enum(RATINGS, { error: 'rating must be "helpful" or "not_helpful".' }),
  /** What was missing, for "not helpful"; optional. */
  comment: z.optional(
    z.string().check(
      z.trim(),
      z.maxLength(COMMENT_MAX, {
        error: `Please keep the comment under ${COMMENT_MAX} characters.`,
      }),
      plainText(true),
    ),
  ),
});

export type RatingRequest = z.input<typeof ratingRequestSchema>;
