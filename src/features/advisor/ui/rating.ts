/**
 * Rating an advisor answer from the chat: POST /api/chat/rating with the reply's id (the
 * insights feature records it). Resolves whether the server took it.
 */
import { RATING_ENDPOINT, type Rating, type RatingRequest } from '../../insights';

export async function rateAnswer(
  answerId: string,
  rating: Rating,
  comment: string,
  fetcher: typeof fetch = fetch,
): Promise<boolean> {
  const body: RatingRequest = {
    answerId,
    rating,
    ...(comment.trim() && { comment: comment.trim() }),
  };
  try {
    const res = await fetcher(RATING_ENDPOINT, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return res.ok;
  } catch {
    return false;
  }
}
