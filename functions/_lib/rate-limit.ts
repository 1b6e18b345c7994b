/**
 * A small per-client rate limiter (token bucket) for functions that call paid or slow upstreams.
 * State lives in the isolate's memory, so each Workers isolate counts on its own: it stops one
 * client from hammering an endpoint, not a distributed flood (use Cloudflare's rate limiting
 * rules for that).
 */
import { HttpError } from './http';

export interface RateLimitOptions {
  /** Requests a client may make in a burst, and per `windowMs` on average. */
  limit: number;
  windowMs: number;
  /** Clients remembered at most; the least recently seen are forgotten first. */
  maxClients?: number;
  /** Clock, for tests. */
  now?: () => number;
}

export interface RateLimitDecision {
  allowed: boolean;
  /** Whole seconds until the next request would be allowed (0 when allowed). */
  retryAfter: number;
}

export interface RateLimiter {
  /** Takes one request from `key`'s allowance. */
  take(key: string): RateLimitDecision;
}

export function createRateLimiter(options: RateLimitOptions): RateLimiter {
  const { limit, windowMs, maxClients = 10_000, now = Date.now } = options;
  const perMs = limit / windowMs;
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    take(key) {
      const t = now();
      const prev = buckets.get(key);
      const tokens = prev ? Math.min(limit, prev.tokens + (t - prev.at) * perMs) : limit;
      // Re-inserting keeps the map in least-recently-seen order for eviction.
      buckets.delete(key);
      if (tokens >= 1) {
        buckets.set(key, { tokens: tokens - 1, at: t });
        if (buckets.size > maxClients) buckets.delete(buckets.keys().next().value!);
        return { allowed: true, retryAfter: 0 };
      }
      buckets.set(key, { tokens, at: t });
      return { allowed: false, retryAfter: Math.max(1, Math.ceil((1 - tokens) / perMs / 1000)) };
    },
  };
}

/**
 * Who is asking: Cloudflare's connecting IP (set by the edge, not spoofable through it), else the
 * first forwarded address (local runs), else one shared bucket.
 */
export function clientKey(request: Request): string {
  const ip =
    request.headers.get('CF-Connecting-IP') ??
    request.headers.get('X-Forwarded-For')?.split(',')[0]?.trim();
  return ip || 'unknown';
}

/** Throws a 429 JSON error with Retry-After when the client has used up its allowance. */
export function enforceRateLimit(limiter: RateLimiter, request: Request): void {
  const { allowed, retryAfter } = limiter.take(clientKey(request));
  if (allowed) return;
  throw new HttpError(
    429,
    'rate_limited',
    `Too many requests. Please wait ${retryAfter} second${retryAfter === 1 ? '' : 's'} and try again.`,
    undefined,
    { 'Retry-After': String(retryAfter) },
  );
}
