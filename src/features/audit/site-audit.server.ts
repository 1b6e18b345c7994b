/**
 * The website audit's server side, for POST /api/site-audit {url}: a mobile PageSpeed Insights
 * audit of a public website and, at the same time, the audit's own AI-visibility checks of the
 * page and its site (visibility/run.server.ts), which finish within their own 10 seconds, well
 * inside PageSpeed's minute.
 * Answers {ok:true,url,scores,suggestions,metrics,raw,visibility} or
 * {ok:false,error:{code,message},visibility?} with a 4xx for bad input and a 5xx when PSI fails.
 * When PSI fails but the checks ran, the failure keeps PSI's status, code and message (the
 * PageSpeed part is specified) and carries the checks' result, so the visitor still sees it.
 * Addresses are normalised and checked here whatever the island did; results are cached per
 * address for ten minutes and concurrent audits of one address share one run.
 */
import * as z from 'zod/mini';
import type { Env, RouteHandler } from '#server/env';
import { HttpError, json, readJson } from '#server/http';
import { fetchPagespeed, PSI_TIMEOUT_MS } from './psi/pagespeed.server';
import { mapPsiResult } from './psi/report';
import { checkAuditTarget, GUARD_MESSAGES } from './url-guard';
import { auditRequestSchema, CHECK_IDS, type AuditSuccess, type Visibility } from './contract';
import { INVALID_URL_MESSAGE, normaliseAuditUrl } from './address';
import {
  runVisibilityChecks,
  visibilityConfig,
  type VisibilityConfig,
} from './visibility/run.server';
import { finding } from './visibility/finding';
import { scoreChecks } from './visibility/scoring';

/** How long a result is reused for the same address. */
export const AUDIT_CACHE_TTL_MS = 10 * 60 * 1000;

/** Results remembered per isolate; the Cache API holds the rest where the platform has it. */
const MEMORY_CACHE_LIMIT = 100;

/** Shown in the corner indicator of a sample result. */
export const MOCK_INDICATOR = 'Sample data: not a live audit of this site';

export interface SiteAuditOptions {
  /** Upstream timeout; PSI_TIMEOUT_MS unless a test needs a short one. */
  timeoutMs?: number;
  /** Clock for cache expiry. */
  now?: () => number;
  /** Limits of the visibility checks (5 s a fetch, 10 s in all unless a test needs less). */
  checks?: Partial<Pick<VisibilityConfig, 'perFetchMs' | 'budgetMs'>>;
}

/** A PageSpeed failure, with the result of the checks that ran beside it. */
class AuditFailure extends HttpError {
  constructor(
    err: HttpError,
    readonly visibility: Visibility,
  ) {
    super(err.status, err.code, err.message, err.fields, err.headers);
  }
}

/** The shared Cache API store when the runtime has one (Workers); absent in Node. */
function platformCache(): Cache | undefined {
  const store = (globalThis as { caches?: { default?: Cache } }).caches;
  return store?.default;
}

/**
 * Cache API keys are URLs on the site's own origin (the cache is per zone); this path is never
 * served, it only names the entry.
 */
function cacheKey(origin: string, target: string): Request {
  return new Request(`${origin}/api/site-audit/cached?url=${encodeURIComponent(target)}`);
}

/** What one audit needs from its request. */
interface AuditContext {
  env: Env;
  origin: string;
  waitUntil: (p: Promise<unknown>) => void;
}

/**
 * Builds the handler with its own per-isolate cache and in-flight map, so tests get fresh state
 * and a short timeout.
 */
export function createSiteAuditHandler(options: SiteAuditOptions = {}): RouteHandler {
  const timeoutMs = options.timeoutMs ?? PSI_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  const memory = new Map<string, { expires: number; result: AuditSuccess }>();
  const inFlight = new Map<string, Promise<AuditSuccess>>();

  function remember(target: string, result: AuditSuccess): void {
    memory.delete(target);
    memory.set(target, { expires: now() + AUDIT_CACHE_TTL_MS, result });
    // Maps keep insertion order, so the first key is the oldest entry.
    if (memory.size > MEMORY_CACHE_LIMIT) memory.delete(memory.keys().next().value!);
  }

  /** A fresh result from this isolate's memory; synchronous so coalescing has no gap. */
  function remembered(target: string): AuditSuccess | undefined {
    const hit = memory.get(target);
    if (hit && hit.expires > now()) return hit.result;
    if (hit) memory.delete(target);
    return undefined;
  }

  async function fromPlatformCache(
    target: string,
    origin: string,
  ): Promise<AuditSuccess | undefined> {
    const cache = platformCache();
    if (!cache) return undefined;
    try {
      const response = await cache.match(cacheKey(origin, target));
      if (!response) return undefined;
      const result = (await response.json()) as AuditSuccess;
      remember(target, result);
      return result;
    } catch {
      return undefined;
    }
  }

  async function store(target: string, origin: string, result: AuditSuccess): Promise<void> {
    remember(target, result);
    const cache = platformCache();
    if (!cache) return;
    try {
      const seconds = AUDIT_CACHE_TTL_MS / 1000;
      await cache.put(
        cacheKey(origin, target),
        new Response(JSON.stringify(result), {
          headers: { 'Content-Type': 'application/json', 'Cache-Control': `max-age=${seconds}` },
        }),
      );
    } catch {
      // A cache that refuses the entry only costs a repeat audit.
    }
  }

  /**
   * The cached result, the running audit of the same address, or a new upstream request. The
   * in-flight entry is set before the first await, so simultaneous requests always share it.
   * Which of them answered is not told to the visitor: that would show whether someone audited
   * the address lately.
   */
  async function audit(
    target: string,
    { env, origin, waitUntil }: AuditContext,
  ): Promise<AuditSuccess> {
    const hit = remembered(target);
    if (hit) return hit;
    const running = inFlight.get(target);
    if (running) return running;
    const run = (async (): Promise<AuditSuccess> => {
      const stored = await fromPlatformCache(target, origin);
      if (stored) return stored;
      // Started first and never rejected: the checks run while PageSpeed Insights works.
      const visibility = runVisibilityChecks(target, {
        ...visibilityConfig(env, origin),
        ...options.checks,
      });
      let result: AuditSuccess;
      try {
        const body = await fetchPagespeed(target, {
          endpoint: env.PSI_ENDPOINT,
          apiKey: env.PSI_API_KEY,
          timeoutMs,
        });
        result = mapPsiResult(body, target);
      } catch (err) {
        if (err instanceof HttpError) throw new AuditFailure(err, await visibility);
        throw err;
      }
      result.visibility = await visibility;
      waitUntil(store(target, origin, result));
      return result;
    })();
    inFlight.set(target, run);
    try {
      return await run;
    } finally {
      // Settled either way, the next request starts afresh (failures are not cached).
      inFlight.delete(target);
    }
  }

  return async ({ request, env, waitUntil }) => {
    try {
      const target = await auditTarget(request, env);
      if (env.AUDIT_SAMPLE === '1') return json(sampleAudit(target));
      const origin = new URL(request.url).origin;
      return json(await audit(target, { env, origin, waitUntil }));
    } catch (err) {
      if (err instanceof HttpError) return failure(err);
      throw err;
    }
  };
}

/**
 * Reads, normalises and checks the address; anything unsafe is refused before any request. The
 * hosts of AUDIT_ALLOW_HOSTS pass only in development (see visibilityConfig).
 */
async function auditTarget(request: Request, env: Env): Promise<string> {
  const parsed = z.safeParse(auditRequestSchema, await readJson(request));
  const normalised = parsed.success ? normaliseAuditUrl(parsed.data.url) : null;
  if (!normalised) throw new HttpError(400, 'invalid_url', INVALID_URL_MESSAGE);
  const { allowHosts } = visibilityConfig(env, new URL(request.url).origin);
  const guard = checkAuditTarget(normalised, { allowHosts });
  if (!guard.ok) throw new HttpError(400, guard.reason, GUARD_MESSAGES[guard.reason]);
  // The fragment never reaches a server, so it must not split the cache.
  guard.url.hash = '';
  return guard.url.href;
}

/**
 * The audit's error shape: {ok:false,error:{code,message}}, with the error's status, and the
 * visibility checks' result when they ran.
 */
function failure(err: HttpError): Response {
  const body = { ok: false, error: { code: err.code, message: err.message } };
  const visibility = err instanceof AuditFailure ? { visibility: err.visibility } : {};
  return json({ ...body, ...visibility }, err.status, err.headers);
}

/**
 * A fixed demonstration result for AUDIT_SAMPLE=1 (demos without a network). It is flagged as
 * mock data, so the island shows the mock-data indicator; real audits never fall back to it.
 */
export function sampleAudit(url: string): AuditSuccess {
  return {
    ok: true,
    url,
    scores: { performance: 72, accessibility: 88, best_practices: 92, seo: 83 },
    suggestions: [
      'Reduce unused JavaScript (sample). Defer scripts that are not needed for the first view.',
      'Properly size images (sample). Serve images no larger than they are displayed.',
      'Document does not have a meta description (sample). Summarize the page in one sentence.',
    ],
    metrics: {
      lab: [
        {
          id: 'first-contentful-paint',
          label: 'First Contentful Paint',
          value: 1800,
          display: '1.8 s',
          rating: 'needs-improvement',
        },
        {
          id: 'largest-contentful-paint',
          label: 'Largest Contentful Paint',
          value: 3100,
          display: '3.1 s',
          rating: 'needs-improvement',
        },
        {
          id: 'total-blocking-time',
          label: 'Total Blocking Time',
          value: 210,
          display: '210 ms',
          rating: 'needs-improvement',
        },
        {
          id: 'cumulative-layout-shift',
          label: 'Cumulative Layout Shift',
          value: 0.04,
          display: '0.04',
          rating: 'good',
        },
        {
          id: 'speed-index',
          label: 'Speed Index',
          value: 2900,
          display: '2.9 s',
          rating: 'needs-improvement',
        },
      ],
    },
    raw: { isMockData: true, mockIndicator: MOCK_INDICATOR, source: 'sample' },
    visibility: sampleVisibility(),
  };
}

/** The sample's checks: a plausible mix of outcomes, each marked as a sample. */
function sampleVisibility(): Visibility {
  const fails = new Set(['content-signals', 'llms-txt', 'markdown']);
  const warns = new Set(['robots-ai', 'structured-data', 'https']);
  const checks = CHECK_IDS.map((id) => {
    const status = fails.has(id) ? 'fail' : warns.has(id) ? 'warn' : 'pass';
    return finding(id, status, `Sample finding for this check (${status}).`, {
      fix: 'Sample fix: a live audit names the exact change.',
    });
  });
  return { ...scoreChecks(checks), checks };
}
