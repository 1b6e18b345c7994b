/**
 * Search-engine submission for admins: the bearer token is checked with Supabase on every call
 * (401 without a live session, 403 for anyone but an admin); paths become absolute on the site
 * origin; addresses on other hosts are refused (400). Answers {ok:true,submitted}; 503 (to an
 * admin) while INDEXNOW_KEY is not configured.
 */
import type { Env, RouteHandler } from '#server/env';
import { HttpError, json, parseBody } from '#server/http';
import {
  INDEXNOW_TIMEOUT_MS,
  indexNowKey,
  keyFilePath,
  resolveSubmissionUrls,
  siteOrigin,
  submitToIndexNow,
} from './indexnow-api.server';
import { SUPABASE_AUTH_TIMEOUT_MS, requireAdmin } from '#server/supabase-auth';
import { MAX_INDEXNOW_URLS, indexNowRequestSchema, type IndexNowSuccess } from './contract';

/** Room for a full list of 10,000 site addresses; the caller is a verified admin by then. */
export const INDEXNOW_BODY_LIMIT = 1024 * 1024;

export interface IndexNowHandlerOptions {
  /** Per-upstream timeout in milliseconds; tests pass a short one. */
  timeoutMs?: number;
}

/** POST /api/indexnow; tests pass short timeouts. */
export function createIndexNowHandler(options: IndexNowHandlerOptions = {}): RouteHandler<Env> {
  return async ({ request, env }) => {
    await requireAdmin(request, env, options.timeoutMs ?? SUPABASE_AUTH_TIMEOUT_MS);
    const key = indexNowKey(env);
    if (!key) {
      throw new HttpError(
        503,
        'indexnow_not_configured',
        'Search-engine submission is not set up on this site.',
      );
    }
    const { urls } = await parseBody(indexNowRequestSchema, request, {
      limit: INDEXNOW_BODY_LIMIT,
      code: 'invalid_urls',
      message: `Send {"urls": [...]} with 1 to ${MAX_INDEXNOW_URLS} site addresses.`,
    });
    const origin = siteOrigin(env, request);
    const resolved = resolveSubmissionUrls(urls, origin);
    if (!resolved.ok) {
      throw new HttpError(
        400,
        'foreign_host',
        `Only addresses on ${origin.host} can be submitted.`,
        { urls: resolved.rejected.slice(0, 10) },
      );
    }
    await submitToIndexNow(
      {
        host: origin.host,
        key,
        keyLocation: new URL(keyFilePath(key), origin).href,
        urlList: resolved.urls,
      },
      env.INDEXNOW_ENDPOINT,
      options.timeoutMs ?? INDEXNOW_TIMEOUT_MS,
    );
    const answer: IndexNowSuccess = { ok: true, submitted: resolved.urls.length };
    return json(answer);
  };
}
