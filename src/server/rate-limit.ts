/**
 * A small per-client rate limiter (token bucket) for functions that call paid or slow upstreams.
 * State lives in the isolate's memory, so each Workers isolate counts on its own; the platform's
 * Rate Limiting bindings count across isolates (see request-guard.ts). The isolate's bucket
 * keeps the windows longer than the platform's 60 seconds, such as ten leads an hour.
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
 * The network an address belongs to, for counting: an IPv4 address itself, an IPv6 address's
 * /64 (one subscriber's prefix: a host can take any address in it at will) or, with
 * `prefix` 48, its /48 (what one site or customer is usually given), and an IPv4-mapped IPv6
 * address as its IPv4 address. Anything that does not parse is used as given.
 */
export function networkKey(address: string, prefix: 64 | 48 = 64): string {
  const ip = address.trim().toLowerCase().replace(/%.*$/, '');
  if (!ip.includes(':')) return ip;
  const groups = expandIpv6(ip);
  if (!groups) return ip;
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6] >> 8, groups[6] & 255, groups[7] >> 8, groups[7] & 255].join('.');
  return `${groups
    .slice(0, prefix / 16)
    .map((g) => g.toString(16))
    .join(':')}::/${prefix}`;
}

/** The eight 16-bit groups of an IPv6 address (with `::` and a dotted IPv4 tail), or null. */
function expandIpv6(ip: string): number[] | null {
  let text = ip;
  const tail = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (tail) {
    const bytes = tail.slice(1).map(Number);
    if (bytes.some((b) => b > 255)) return null;
    text = `${text.slice(0, tail.index)}${((bytes[0] << 8) | bytes[1]).toString(16)}:${((bytes[2] << 8) | bytes[3]).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === '' ? [] : part.split(':'));
  const head = parse(halves[0]);
  const rest = halves.length === 2 ? parse(halves[1]) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  if (!all.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return all.map((g) => parseInt(g, 16));
}

/** The address a request came from, if it says. */
function clientAddress(request: Request): string | undefined {
  return (
    request.headers.get('CF-Connecting-IP') ??
    request.headers.get('X-Forwarded-For')?.split(',')[0]?.trim()
  );
}

/**
 * Who is asking: Cloudflare's connecting IP (set by the edge, not spoofable through it), else the
 * first forwarded address (local runs), else one shared bucket; IPv6 clients by their /64.
 */
export function clientKey(request: Request): string {
  const ip = clientAddress(request);
  return ip ? networkKey(ip) : 'unknown';
}

/**
 * The client (see clientKey) and, for an IPv6 client, the /48 it belongs to, which shares one
 * allowance among all its /64s.
 */
export function clientNetworks(request: Request): { client: string; network?: string } {
  const ip = clientAddress(request);
  const client = ip ? networkKey(ip) : 'unknown';
  const network = ip ? networkKey(ip, 48) : undefined;
  return network && network !== client && network.endsWith('/48')
    ? { client, network }
    : { client };
}

/** How long to wait, in words: seconds under two minutes, else whole minutes. */
export function waitPhrase(seconds: number): string {
  if (seconds < 120) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/** The 429 answer: JSON with the wait in words and in Retry-After. */
export function rateLimited(retryAfter: number): HttpError {
  return new HttpError(
    429,
    'rate_limited',
    `Too many requests. Please wait ${waitPhrase(retryAfter)} and try again.`,
    undefined,
    { 'Retry-After': String(retryAfter) },
  );
}
