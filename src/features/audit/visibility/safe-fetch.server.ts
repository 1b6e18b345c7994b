/**
 * How the audit fetches other people's pages from the Worker: every address, redirects included,
 * passes the rules in url-guard.ts, and every host name is first resolved through DNS over HTTPS
 * (the JSON API, A and AAAA) and refused when any address it has is not public. Redirects are
 * followed by hand, at most MAX_REDIRECTS of them; each request has FETCH_TIMEOUT_MS and the
 * audit as a whole a shared deadline; bodies are read only for text types and never past a cap.
 * One audit sends at most MAX_REQUESTS requests to sites, redirects included, and at most
 * MAX_REQUESTS_PER_OTHER_HOST of them to any host but the audited site's own, so no site can
 * turn an audit into a stream of requests to others.
 *
 * What this can and cannot promise: workerd's fetch takes a host name and resolves it again
 * itself (a fetch to an IP literal would break TLS and virtual hosting, and the Host header
 * cannot be set), so the address checked is not pinned to the connection. A name that answers
 * our resolver with a public address and the platform's with a private one (DNS rebinding)
 * is not caught here. The defence is to check the resolved set before every hop, refuse
 * anything that even partly points inward, and rely on the platform for the rest: Workers'
 * outbound fetch runs on Cloudflare's edge, which does not route to private networks.
 */
import type { Attempt, Fetched, FetchFailureKind, Hop } from './fetched';
import { checkAuditTarget, isPublicAddress, type GuardReason } from '../url-guard';

/** Longest wait for one request (resolution, headers and body). */
export const FETCH_TIMEOUT_MS = 5_000;
/** Longest the audit's own checks take in all; PageSpeed Insights' own timeout is far longer. */
export const CHECKS_BUDGET_MS = 10_000;
/** Redirects followed at most, each one checked like the first address. */
export const MAX_REDIRECTS = 5;
/** Requests one audit sends to sites at most, redirects included (DNS lookups aside). */
export const MAX_REQUESTS = 12;
/** Requests one audit sends at most to any one host other than the audited site's own. */
export const MAX_REQUESTS_PER_OTHER_HOST = 4;
/** Cloudflare's public resolver; AUDIT_DOH_URL replaces it. */
export const DEFAULT_DOH_URL = 'https://cloudflare-dns.com/dns-query';
/** A DoH answer is a few hundred bytes; anything longer is not one. */
const MAX_DNS_ANSWER_BYTES = 64 * 1024;

/** Thrown inside the fetcher; fetch() turns it into a Failed answer. */
class FetchFailure extends Error {
  constructor(
    readonly kind: FetchFailureKind,
    readonly url: string,
    readonly reason?: GuardReason,
  ) {
    super(`${kind}: ${url}`);
  }
}

/** How one fetch reads its answer. */
export interface FetchOptions {
  /** Bytes of body read at most. */
  maxBytes: number;
  accept?: string;
  /** Follow redirects (the default); false answers the first response, redirect or not. */
  follow?: boolean;
}

/** One audit's fetching: its resolver, User-Agent, allowed hosts and shared deadline. */
export interface SafeFetcherConfig {
  dohUrl: string;
  userAgent: string;
  /** host:port pairs fetched without the address rules or DNS (development only). */
  allowHosts: ReadonlySet<string>;
  perFetchMs?: number;
  /** The audit's shared deadline, as a `now()` time. */
  deadline: number;
  /** The audited address: its host is the site's own, outside the per-host limit. */
  audited: string;
  now?: () => number;
  fetch?: typeof fetch;
}

/** Fetches under the audit's rules (createSafeFetcher). */
export interface SafeFetcher {
  /** Fetches `url` under the rules; never throws, a failure is an answer too. */
  fetch(url: string, options: FetchOptions): Promise<Attempt>;
  /** Counts the host of `url` (where the audited page answered) as the site's own too. */
  addOwnHost(url: string): void;
}

/** Types whose bodies the checks parse: text, XML, JSON, and no declared type at all. */
export function isTextType(type: string): boolean {
  return (
    type === '' ||
    type.startsWith('text/') ||
    /^application\/(?:[\w.+-]+\+)?(?:xml|json)$/.test(type) ||
    type === 'application/xhtml+xml'
  );
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * A fetcher for one audit: it shares the audit's deadline, and remembers each name's
 * resolution for the audit's few seconds so robots.txt, the sitemap and the page do not each
 * ask again.
 */
export function createSafeFetcher(config: SafeFetcherConfig): SafeFetcher {
  const now = config.now ?? Date.now;
  const fetchImpl = config.fetch ?? fetch;
  const perFetchMs = config.perFetchMs ?? FETCH_TIMEOUT_MS;
  const resolved = new Map<string, Promise<void>>();
  const ownHosts = new Set([new URL(config.audited).host]);
  const perHost = new Map<string, number>();
  let sent = 0;

  /** Counts one request to `target`, or refuses it when the audit's limits are reached. */
  function claim(target: URL): void {
    if (sent >= MAX_REQUESTS) throw new FetchFailure('request_limit', target.href);
    if (!ownHosts.has(target.host)) {
      const count = perHost.get(target.host) ?? 0;
      if (count >= MAX_REQUESTS_PER_OTHER_HOST) throw new FetchFailure('host_limit', target.href);
      perHost.set(target.host, count + 1);
    }
    sent += 1;
  }

  /** A signal for one request: the per-fetch limit or what is left of the deadline. */
  function limit(url: string): {
    signal: AbortSignal;
    kind: 'timeout' | 'budget';
    done: () => void;
  } {
    const left = config.deadline - now();
    if (left <= 0) throw new FetchFailure('budget', url);
    const ms = Math.min(perFetchMs, left);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), ms);
    return {
      signal: controller.signal,
      kind: ms < perFetchMs ? 'budget' : 'timeout',
      done: () => clearTimeout(timer),
    };
  }

  async function dnsQuery(
    name: string,
    type: 'A' | 'AAAA',
    signal: AbortSignal,
  ): Promise<string[]> {
    const url = new URL(config.dohUrl);
    url.searchParams.set('name', name);
    url.searchParams.set('type', type);
    const response = await fetchImpl(url.href, {
      headers: { accept: 'application/dns-json' },
      signal,
    });
    const text = response.body
      ? (await readCapped(response.body, MAX_DNS_ANSWER_BYTES, signal)).text
      : '';
    if (!response.ok) throw new Error(`resolver answered ${response.status}`);
    const answer = JSON.parse(text) as {
      Status?: unknown;
      Answer?: { type?: unknown; data?: unknown }[];
    };
    // RFC 1035 response codes: 0 is an answer (maybe empty), 3 is a name that does not exist.
    if (answer.Status === 3) return [];
    if (answer.Status !== 0) throw new Error(`resolver status ${String(answer.Status)}`);
    const wanted = type === 'A' ? 1 : 28;
    return (answer.Answer ?? [])
      .filter((record) => record.type === wanted && typeof record.data === 'string')
      .map((record) => record.data as string);
  }

  /** Resolves `host` and rejects unless every address is public. */
  function checkResolution(host: string, url: string, signal: AbortSignal): Promise<void> {
    let pending = resolved.get(host);
    if (!pending) {
      pending = (async () => {
        let addresses: string[];
        try {
          const [v4, v6] = await Promise.all([
            dnsQuery(host, 'A', signal),
            dnsQuery(host, 'AAAA', signal),
          ]);
          addresses = [...v4, ...v6];
        } catch (err) {
          if (signal.aborted) throw err;
          throw new FetchFailure('dns_error', url);
        }
        if (addresses.length === 0) throw new FetchFailure('dns_not_found', url);
        if (!addresses.every(isPublicAddress)) throw new FetchFailure('private_address', url);
      })();
      resolved.set(host, pending);
      // A resolution cut short by one request's timer is asked again by the next request.
      pending.catch(() => signal.aborted && resolved.delete(host));
    }
    return pending;
  }

  async function fetchOnce(
    url: string,
    hops: Hop[],
    options: FetchOptions,
  ): Promise<Fetched | Hop> {
    const guard = checkAuditTarget(url, { allowHosts: config.allowHosts });
    if (!guard.ok) throw new FetchFailure('refused', url, guard.reason);
    const target = guard.url;
    target.hash = '';
    const timer = limit(target.href);
    try {
      claim(target);
      const allowed = config.allowHosts.has(
        `${target.hostname}:${target.port || (target.protocol === 'https:' ? '443' : '80')}`,
      );
      if (!allowed) await checkResolution(target.hostname, target.href, timer.signal);
      const started = now();
      const response = await fetchImpl(target.href, {
        method: 'GET',
        redirect: 'manual',
        headers: {
          'User-Agent': config.userAgent,
          Accept: options.accept ?? 'text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.8',
        },
        signal: timer.signal,
      });
      const ttfbMs = Math.max(0, now() - started);
      const location = response.headers.get('location');
      if ((options.follow ?? true) && REDIRECT_STATUSES.has(response.status) && location) {
        await response.body?.cancel().catch(() => {});
        let next: URL;
        try {
          next = new URL(location, target);
        } catch {
          throw new FetchFailure('refused', location, 'not_a_url');
        }
        next.hash = '';
        return { url: next.href, status: response.status };
      }
      const contentType = (response.headers.get('content-type') ?? '')
        .split(';')[0]
        .trim()
        .toLowerCase();
      let body: string | undefined;
      let truncated = false;
      if (response.body && isTextType(contentType)) {
        const read = await readCapped(response.body, options.maxBytes, timer.signal);
        body = read.text;
        truncated = read.truncated;
      } else {
        await response.body?.cancel().catch(() => {});
      }
      return {
        ok: true,
        url: target.href,
        status: response.status,
        headers: response.headers,
        hops,
        ttfbMs,
        contentType,
        body,
        truncated,
      };
    } catch (err) {
      if (err instanceof FetchFailure) throw err;
      if (timer.signal.aborted) throw new FetchFailure(timer.kind, target.href);
      throw new FetchFailure('network', target.href);
    } finally {
      timer.done();
    }
  }

  return {
    addOwnHost(url) {
      ownHosts.add(new URL(url).host);
    },
    async fetch(url, options) {
      const hops: Hop[] = [];
      const seen = new Set<string>();
      let current = url;
      try {
        for (;;) {
          seen.add(current);
          const answer = await fetchOnce(current, [...hops], options);
          if ('ok' in answer) return answer;
          hops.push({ url: current, status: answer.status });
          if (seen.has(answer.url)) throw new FetchFailure('redirect_loop', current);
          if (hops.length >= MAX_REDIRECTS) throw new FetchFailure('too_many_redirects', current);
          current = answer.url;
        }
      } catch (err) {
        if (!(err instanceof FetchFailure)) throw err;
        return { ok: false, kind: err.kind, url: err.url, hops, reason: err.reason };
      }
    },
  };
}

/**
 * Reads a body up to `maxBytes` and stops there: the rest is never downloaded. Text is decoded
 * as UTF-8 (what nearly every site sends); a cut character becomes U+FFFD.
 */
export async function readCapped(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
  signal?: AbortSignal,
): Promise<{ text: string; truncated: boolean }> {
  const reader = body.getReader();
  const stop = () => void reader.cancel().catch(() => {});
  signal?.addEventListener('abort', stop, { once: true });
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (signal?.aborted) throw new Error('aborted');
      const room = maxBytes - size;
      if (value.byteLength >= room) {
        if (value.byteLength > room) truncated = true;
        chunks.push(value.subarray(0, room));
        size += room;
        if (truncated) {
          stop();
          break;
        }
        continue;
      }
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    signal?.removeEventListener('abort', stop);
  }
  if (signal?.aborted) throw new Error('aborted');
  const all = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { text: new TextDecoder().decode(all), truncated };
}
