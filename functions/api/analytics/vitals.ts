/**
 * POST /api/analytics/vitals: one web-vitals report per beacon. Validated, then written to
 * Workers Analytics Engine when the VITALS binding exists, else logged. Always 204 when valid.
 */
import { vitalReportSchema } from '../../../src/schemas/vitals';
import type { AnalyticsEngineDataset, Env, FunctionContext } from '../../_lib/env';
import { HttpError, fieldErrors, readJson } from '../../_lib/http';

type VitalsEnv = Env & { VITALS?: AnalyticsEngineDataset };

const BODY_LIMIT = 2 * 1024;

export async function onRequestPost({
  request,
  env,
}: FunctionContext<VitalsEnv>): Promise<Response> {
  const parsed = vitalReportSchema.safeParse(await readJson(request, BODY_LIMIT));
  if (!parsed.success) {
    throw new HttpError(
      400,
      'invalid_report',
      'The vitals report is not valid.',
      fieldErrors(parsed.error.issues),
    );
  }
  const r = parsed.data;
  const path = new URL(r.url).pathname;
  if (env.VITALS) {
    env.VITALS.writeDataPoint({
      blobs: [r.metric, path, r.id, r.userAgent],
      doubles: [r.value, r.timestamp],
      indexes: [r.metric],
    });
  } else {
    console.log(`web-vitals ${r.metric}=${r.value} ${path}`);
  }
  return new Response(null, { status: 204 });
}

export function onRequest(): Response {
  throw new HttpError(405, 'method_not_allowed', 'Use POST.', undefined, { Allow: 'POST' });
}
