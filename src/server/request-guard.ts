/**
 * The checks every API request passes before its route runs, in this order (see
 * docs/architecture.md, "A request's path"): the method (405), the origin (403), the media type
 * (415), the size (413, Hono's body-limit middleware) and the client's allowance (429).
 * functions/router.ts applies them from the route table in functions/routes.ts; each check here
 * is one small function, so the order lives in one place and a refused request never reaches an
 * upstream.
 */
import { isDevelopment, type Env, type RateLimitBinding } from './env';
import { HttpError, methodNotAllowed } from './http';
import { log } from './log';
import { clientNetworks, createRateLimiter, rateLimited, type RateLimiter } from './rate-limit';
import type { RateLimitOptions } from './rate-limit';

/** A limit the platform enforces across isolates: `limit` requests per `period` seconds. */
export interface PlatformLimit {
  /** The Rate Limiting binding's name in wrangler.toml. */
  binding: `RATE_LIMIT_${string}`;
  limit: number;
  /** The Rate Limiting API counts over 10 or 60 seconds. */
  period: 10 | 60;
}

/**
 * One allowance, shared by the routes that name it. The platform counts per client (an IPv4
 * address or an IPv6 /64) and per IPv6 /48, so a client holding a whole /48 cannot multiply its
 * allowance by rotating /64s; the isolate's own bucket adds the longer (hourly) window the
 * platform's 60-second periods cannot express.
 */
export interface Allowance {
  client: PlatformLimit;
  network: PlatformLimit;
  isolate?: RateLimitOptions;
}

/** What the router knows of one route. */
export interface RoutePolicy {
  /** The methods it takes; every other one answers 405 before any other check. */
  methods: readonly string[];
  /** Refuse requests from other sites (403). */
  sameOrigin: boolean;
  /** Only `application/json` bodies (415 otherwise). */
  json: boolean;
  /** Largest body in bytes; a larger one answers 413 before the route reads it. */
  bodyLimit: number;
  /** The allowance its requests count against. */
  allowance: string;
}

/** The method check: 405 with Allow and the JSON error. */
export function requireMethod(policy: RoutePolicy, method: string): void {
  if (!policy.methods.includes(method)) methodNotAllowed(policy.methods.join(', '));
}

const LOOPBACK = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

/** Whether a request's Origin is this site: its own address, SITE_URL, or (dev) loopback. */
function sameSite(origin: string, request: Request, env: Env): boolean {
  if (origin === new URL(request.url).origin) return true;
  const site = env.SITE_URL?.trim();
  if (site && URL.canParse(site) && origin === new URL(site).origin) return true;
  // `npm run dev` serves pages on :4321 and forwards /api to the Worker on another port.
  return isDevelopment(env) && LOOPBACK.test(origin);
}

/**
 * 403 for a request from another site: a foreign `Origin` or `Sec-Fetch-Site: cross-site`.
 * Requests without either header (server-to-server, tests) pass.
 */
export function refuseCrossSite(request: Request, env: Env): void {
  const origin = request.headers.get('Origin');
  const fetchSite = request.headers.get('Sec-Fetch-Site');
  if (fetchSite === 'cross-site' || (origin !== null && !sameSite(origin, request, env))) {
    throw new HttpError(403, 'cross_site_request', 'Requests from other sites are not accepted.');
  }
}

/** 415 for anything but `application/json`, which no other site can send without a preflight. */
export function requireJson(request: Request): void {
  const type = (request.headers.get('Content-Type') ?? '').toLowerCase();
  if (!/^application\/json\s*(;|$)/.test(type)) {
    throw new HttpError(415, 'unsupported_media_type', 'Send the body as application/json.');
  }
}

/** Per-isolate buckets, one per allowance that has an isolate window. */
export type IsolateLimiters = Map<string, RateLimiter>;

/** Fresh per-isolate buckets for every allowance of `allowances` that has one. */
export function createIsolateLimiters(allowances: Record<string, Allowance>): IsolateLimiters {
  const limiters: IsolateLimiters = new Map();
  for (const [name, allowance] of Object.entries(allowances)) {
    if (allowance.isolate) limiters.set(name, createRateLimiter(allowance.isolate));
  }
  return limiters;
}

/** Asks one platform limiter; an unavailable one lets the request on (the isolate still counts). */
async function platformAllows(env: Env, limit: PlatformLimit, key: string): Promise<boolean> {
  const binding: RateLimitBinding | undefined = env[limit.binding];
  if (!binding || typeof binding.limit !== 'function') return true;
  try {
    return (await binding.limit({ key })).success;
  } catch (err) {
    log.warn('rate_limit.binding_failed', { binding: limit.binding, error: err });
    return true;
  }
}

/**
 * Counts the request against allowance `name`: this isolate's bucket first (it knows the longer
 * windows, so its Retry-After is the true wait), then the platform's per-client and per-/48
 * limits. Throws the 429 (with Retry-After) when any of them says no.
 */
export async function enforceAllowance(
  name: string,
  allowance: Allowance,
  request: Request,
  env: Env,
  limiters: IsolateLimiters,
): Promise<void> {
  const { client, network } = clientNetworks(request);
  const bucket = limiters.get(name)?.take(client);
  if (bucket && !bucket.allowed) throw rateLimited(bucket.retryAfter);
  if (!(await platformAllows(env, allowance.client, `${name}:${client}`))) {
    throw rateLimited(allowance.client.period);
  }
  if (network && !(await platformAllows(env, allowance.network, `${name}:${network}`))) {
    throw rateLimited(allowance.network.period);
  }
}
