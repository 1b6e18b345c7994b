/**
 * Protections of the public POST routes, applied by functions/_middleware.ts before a route
 * runs (so a refused request never reaches an upstream):
 *
 * - Cross-site posts are refused: the lead and chat routes and the audit accept only
 *   `application/json` (415 otherwise), which no other site can send without a CORS preflight
 *   we never grant, and refuse a foreign `Origin` or `Sec-Fetch-Site: cross-site` (403).
 *   Requests without those headers (server-to-server, tests) pass.
 * - Abuse limits per client (IPv6 clients by their /64): a person never meets them, a script
 *   does. The platform's limiter (a Workers Rate Limiting binding, where the runtime offers one)
 *   is asked first; the per-isolate token bucket always counts too, and is all there is
 *   locally. Over the limit: 429 with Retry-After.
 *
 * /api/analytics/* is left out: sendBeacon posts text/plain.
 */
import { isDevelopment, type Env } from './env';
import { HttpError } from './http';
import {
  clientKey,
  createRateLimiter,
  rateLimited,
  type RateLimitOptions,
  type RateLimiter,
} from './rate-limit';

/** The allowances, each shared by the routes that name it. */
export type LimitName = 'leads' | 'audit' | 'chat';

/**
 * Per client: a burst of `limit` requests, refilled evenly over `windowMs`.
 * - leads: questionnaire and chat hand-off together, 10 an hour. A person sends one or two,
 *   and a few retries after a failure.
 * - audit: 20 an hour. Each audit spends PageSpeed Insights quota the whole site shares; a
 *   person audits their own site and a few competitors.
 * - chat: 20 messages in a burst, then 20 a minute, faster than anyone types.
 */
export const ABUSE_LIMITS: Record<LimitName, RateLimitOptions> = {
  leads: { limit: 10, windowMs: 60 * 60_000 },
  audit: { limit: 20, windowMs: 60 * 60_000 },
  chat: { limit: 20, windowMs: 60_000 },
};

/** The protections of one route. */
export interface RoutePolicy {
  /** Which allowance its requests count against. */
  limit: LimitName;
  /** Only same-site JSON: 415 for other bodies, 403 from another site. */
  sameSiteJson: boolean;
}

/** The guarded routes, by path. */
export const GUARDED_ROUTES: Record<string, RoutePolicy> = {
  '/api/questionnaire': { limit: 'leads', sameSiteJson: true },
  '/api/chat/lead': { limit: 'leads', sameSiteJson: true },
  '/api/chat': { limit: 'chat', sameSiteJson: true },
  '/api/site-audit': { limit: 'audit', sameSiteJson: true },
};

/**
 * The Workers Rate Limiting API (`env.NAME.limit({key})`). Pages projects cannot declare this
 * binding today; the names below take effect if the functions run as a Worker, or through a
 * service binding to one that offers the same method.
 */
export interface PlatformRateLimiter {
  limit(options: { key: string }): Promise<{ success: boolean }>;
}

/** The binding name for each allowance. */
export const RATE_LIMIT_BINDINGS: Record<LimitName, string> = {
  leads: 'RATE_LIMIT_LEADS',
  audit: 'RATE_LIMIT_AUDIT',
  chat: 'RATE_LIMIT_CHAT',
};

/** The longest period a platform limit can have (Workers Rate Limiting allows 10 s or 60 s). */
const PLATFORM_RETRY_AFTER = 60;

/** One per-isolate limiter per allowance. */
export type RouteLimiters = Record<LimitName, RateLimiter>;

/** Fresh per-isolate limiters with ABUSE_LIMITS. */
export function createRouteLimiters(): RouteLimiters {
  return {
    leads: createRateLimiter(ABUSE_LIMITS.leads),
    audit: createRateLimiter(ABUSE_LIMITS.audit),
    chat: createRateLimiter(ABUSE_LIMITS.chat),
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The policy of the route at `pathname` (case and a trailing slash ignored), if guarded. */
export function policyFor(pathname: string): RoutePolicy | undefined {
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  return GUARDED_ROUTES[path];
}

const LOOPBACK = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

/** Whether a request's Origin is this site: its own address, SITE_URL, or (dev) loopback. */
function sameSite(origin: string, request: Request, env: Env): boolean {
  if (origin === new URL(request.url).origin) return true;
  const site = env.SITE_URL?.trim();
  if (site && URL.canParse(site) && origin === new URL(site).origin) return true;
  // `npm run dev` serves pages on :4321 and forwards /api to the functions on :8788.
  return isDevelopment(env) && LOOPBACK.test(origin);
}

/** 403 for a post from another site, 415 for anything but JSON. */
export function refuseCrossSite(request: Request, env: Env): void {
  const origin = request.headers.get('Origin');
  const fetchSite = request.headers.get('Sec-Fetch-Site');
  if (fetchSite === 'cross-site' || (origin !== null && !sameSite(origin, request, env))) {
    throw new HttpError(403, 'cross_site_request', 'Requests from other sites are not accepted.');
  }
  const type = (request.headers.get('Content-Type') ?? '').toLowerCase();
  if (!/^application\/json\s*(;|$)/.test(type)) {
    throw new HttpError(415, 'unsupported_media_type', 'Send the body as application/json.');
  }
}

/** Counts the request against its allowance: the platform's limiter first, then this isolate's. */
export async function enforceLimit(
  name: LimitName,
  request: Request,
  env: Env,
  limiters: RouteLimiters,
): Promise<void> {
  const key = clientKey(request);
  const platform = (env as Record<string, unknown>)[RATE_LIMIT_BINDINGS[name]] as
    PlatformRateLimiter | undefined;
  if (platform && typeof platform.limit === 'function') {
    let allowed = true;
    try {
      ({ success: allowed } = await platform.limit({ key: `${name}:${key}` }));
    } catch (err) {
      // The isolate's own limiter still counts; an unavailable platform limiter lets the request on.
      console.warn(`Rate limiter ${RATE_LIMIT_BINDINGS[name]} failed`, (err as Error).name);
    }
    if (!allowed) throw rateLimited(PLATFORM_RETRY_AFTER);
  }
  const { allowed, retryAfter } = limiters[name].take(key);
  if (!allowed) throw rateLimited(retryAfter);
}

/** Applies the route's protections; throws the HttpError that answers a refused request. */
export async function guardRequest(
  request: Request,
  env: Env,
  limiters: RouteLimiters,
): Promise<void> {
  if (SAFE_METHODS.has(request.method)) return;
  const policy = policyFor(new URL(request.url).pathname);
  if (!policy) return;
  if (policy.sameSiteJson) refuseCrossSite(request, env);
  await enforceLimit(policy.limit, request, env, limiters);
}
