/**
 * POST /api/analytics/event?name=...&path=...: one analytics event (src/schemas/analytics.ts),
 * carried in the query string because link pings and body-less beacons send it that way; the
 * body is never read. Written to Workers Analytics Engine when the EVENTS binding exists, else
 * logged. 204 when valid, 400 when not.
 */
import { analyticsEventSchema } from '../../../src/schemas/analytics';
import type { AnalyticsEngineDataset, Env, FunctionContext } from '../../_lib/env';
import { HttpError, fieldErrors } from '../../_lib/http';

type EventsEnv = Env & { EVENTS?: AnalyticsEngineDataset };

/** Longest query string accepted; the schema's bounds fit well within it. */
const QUERY_LIMIT = 2 * 1024;

export async function onRequestPost({
  request,
  env,
}: FunctionContext<EventsEnv>): Promise<Response> {
  const url = new URL(request.url);
  if (url.search.length > QUERY_LIMIT) {
    throw new HttpError(414, 'uri_too_long', `The event is longer than ${QUERY_LIMIT} characters.`);
  }
  const parsed = analyticsEventSchema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) {
    throw new HttpError(
      400,
      'invalid_event',
      'The analytics event is not valid.',
      fieldErrors(parsed.error.issues),
    );
  }
  const e = parsed.data;
  if (env.EVENTS) {
    env.EVENTS.writeDataPoint({
      blobs: [e.name, e.path, e.title ?? '', e.category ?? '', e.label ?? ''],
      indexes: [e.name],
    });
  } else {
    console.log(`analytics ${e.name} ${e.path}${e.label ? ` (${e.label})` : ''}`);
  }
  return new Response(null, { status: 204 });
}

export function onRequest(): Response {
  throw new HttpError(405, 'method_not_allowed', 'Use POST.', undefined, { Allow: 'POST' });
}
