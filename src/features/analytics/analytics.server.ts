/**
 * The analytics functions' side: each valid event or vitals report becomes one Workers Analytics
 * Engine data point when the route's binding exists (EVENTS, VITALS), else one JSON log line.
 * The router takes them only from this site's own pages, within the analytics allowance.
 */
import type { AnalyticsEngineDataset, Env, RouteContext } from '#server/env';
import { HttpError, parseBody, parseWith } from '#server/http';
import { log } from '#server/log';
import { analyticsEventSchema, vitalReportSchema } from './contract';

export type AnalyticsEnv = Env & {
  EVENTS?: AnalyticsEngineDataset;
  VITALS?: AnalyticsEngineDataset;
};

/** Longest event query string accepted; the schema's bounds fit well within it. */
const QUERY_LIMIT = 2 * 1024;
/** Largest vitals report body accepted. */
const BODY_LIMIT = 2 * 1024;

const noContent = () => new Response(null, { status: 204 });

/** POST /api/analytics/event?name=...&path=...: the event rides in the query; no body is read. */
export function recordEvent({ request, env }: RouteContext<AnalyticsEnv>): Response {
  const url = new URL(request.url);
  if (url.search.length > QUERY_LIMIT) {
    throw new HttpError(414, 'uri_too_long', `The event is longer than ${QUERY_LIMIT} characters.`);
  }
  const e = parseWith(analyticsEventSchema, Object.fromEntries(url.searchParams), {
    code: 'invalid_event',
    message: 'The analytics event is not valid.',
  });
  if (env.EVENTS) {
    env.EVENTS.writeDataPoint({
      blobs: [e.name, e.path, e.title ?? '', e.category ?? '', e.label ?? ''],
      indexes: [e.name],
    });
  } else {
    // One JSON line per event: a label holding a line break cannot forge another line.
    log.info('analytics.event', { ...e });
  }
  return noContent();
}

/** POST /api/analytics/vitals: one web-vitals report per beacon. */
export async function recordVitals({
  request,
  env,
}: RouteContext<AnalyticsEnv>): Promise<Response> {
  const r = await parseBody(vitalReportSchema, request, {
    limit: BODY_LIMIT,
    code: 'invalid_report',
    message: 'The vitals report is not valid.',
  });
  const path = new URL(r.url).pathname;
  if (env.VITALS) {
    env.VITALS.writeDataPoint({
      blobs: [r.metric, path, r.id, r.userAgent],
      doubles: [r.value, r.timestamp],
      indexes: [r.metric],
    });
  } else {
    log.info('analytics.vitals', { metric: r.metric, value: r.value, path });
  }
  return noContent();
}
