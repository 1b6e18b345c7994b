// A bounded, polite checker for outside addresses: a few requests at a time overall and per
// host, a timeout on each, HEAD first and GET when HEAD is refused, redirects followed by hand
// (so permanent moves can be reported), retries with backoff for 429, 5xx and network errors
// (honoring Retry-After), and a cache of recent good results so repeated runs stay light.

/**
 * @typedef {object} LinkResult
 * @property {string} url
 * @property {'ok' | 'broken' | 'unverified'} verdict broken fails the run; unverified (the site
 *   refused the robot: 401, 403, 999, or kept answering 429) only warns
 * @property {number | null} status the final HTTP status; null when no answer came
 * @property {string} [error] why no answer came (timeout, DNS, connection)
 * @property {string} [movedTo] the new address when the link redirects permanently
 * @property {number} attempts
 * @property {boolean} [fromCache]
 * @property {number} checkedAt milliseconds since the epoch
 */

export const DEFAULTS = {
  concurrency: 8,
  perHost: 2,
  timeoutMs: 15_000,
  retries: 2,
  backoffMs: 1_000,
  /** A Retry-After longer than this is not waited for; the link is reported as unverified. */
  maxWaitMs: 60_000,
  maxRedirects: 10,
  /** Good results younger than this are reused from the cache. */
  maxAgeMs: 24 * 60 * 60 * 1000,
};

/** Statuses of sites that refuse robots rather than of missing pages. */
const REFUSED = new Set([401, 403, 999]);

const sleepFor = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Milliseconds to wait from a Retry-After header (seconds or an HTTP date), if it has one. */
export function retryAfterMs(header, now = Date.now()) {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * The addresses taken one host at a time in turn, so a site with many links does not fill
 * every slot while its own per-host limit keeps them waiting.
 */
export function interleaveByHost(urls) {
  const byHost = new Map();
  for (const url of urls) {
    const host = new URL(url).host;
    byHost.set(host, [...(byHost.get(host) ?? []), url]);
  }
  const queues = [...byHost.values()];
  const order = [];
  for (let i = 0; order.length < urls.length; i++) {
    for (const queue of queues) if (i < queue.length) order.push(queue[i]);
  }
  return order;
}

/** A counting semaphore. */
function limiter(max) {
  let active = 0;
  const waiting = [];
  return async (task) => {
    if (active >= max) await new Promise((resolve) => waiting.push(resolve));
    active++;
    try {
      return await task();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

function describeError(err) {
  if (err?.name === 'TimeoutError' || err?.name === 'AbortError') return 'timed out';
  const cause = err?.cause;
  if (cause?.code === 'ENOTFOUND' || cause?.code === 'EAI_AGAIN')
    return `host not found (${cause.code})`;
  if (cause?.code) return `${cause.code}${cause.message ? `: ${cause.message}` : ''}`;
  return err?.message ?? String(err);
}

/**
 * Checks each address once and returns a result per address.
 *
 * @param {string[]} urls
 * @param {Partial<typeof DEFAULTS> & {
 *   userAgent?: string,
 *   cache?: Map<string, LinkResult> | null,
 *   fetch?: typeof fetch,
 *   sleep?: (ms: number) => Promise<void>,
 *   now?: () => number,
 *   onResult?: (result: LinkResult) => void,
 * }} [options] the limits in DEFAULTS; `userAgent` names the site and how to reach it;
 *   `cache` holds earlier results and is updated in place; `sleep` waits between retries;
 *   `onResult` is called as each check ends
 * @returns {Promise<Map<string, LinkResult>>}
 */
export async function checkLinks(urls, options = {}) {
  const settings = { ...DEFAULTS, ...options };
  const {
    userAgent = 'link checker',
    cache = null,
    fetch: fetchFn = globalThis.fetch,
    sleep = sleepFor,
    now = Date.now,
    onResult,
  } = settings;
  const overall = limiter(settings.concurrency);
  const hosts = new Map();
  const forHost = (url) => {
    const host = new URL(url).host;
    if (!hosts.has(host)) hosts.set(host, limiter(settings.perHost));
    return hosts.get(host);
  };

  /** One request, redirects not followed. */
  async function request(url, method) {
    const res = await forHost(url)(() =>
      fetchFn(url, {
        method,
        redirect: 'manual',
        signal: AbortSignal.timeout(settings.timeoutMs),
        headers: {
          'User-Agent': userAgent,
          Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
          'Accept-Language': 'en-US,en;q=0.8',
        },
      }),
    );
    // Only the status and headers matter; do not download the page.
    await res.body?.cancel().catch(() => {});
    return res;
  }

  /** Follows redirects from `url` with one method; the final answer and any permanent move. */
  async function follow(url, method) {
    let current = url;
    let movedTo;
    let permanent = true;
    for (let hop = 0; hop <= settings.maxRedirects; hop++) {
      const res = await request(current, method);
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location) {
        permanent &&= res.status === 301 || res.status === 308;
        current = new URL(location, current).href;
        if (permanent) movedTo = current;
        continue;
      }
      return { status: res.status, headers: res.headers, movedTo: permanent ? movedTo : undefined };
    }
    return { status: null, error: `more than ${settings.maxRedirects} redirects`, final: true };
  }

  /** HEAD, then GET when HEAD gives no usable answer (many servers refuse or botch HEAD). */
  async function probe(url) {
    try {
      const head = await follow(url, 'HEAD');
      if (head.status !== null && (head.status < 400 || head.status === 429)) return head;
    } catch (err) {
      if (describeError(err) === 'timed out') return { status: null, error: 'timed out' };
    }
    try {
      return await follow(url, 'GET');
    } catch (err) {
      return { status: null, error: describeError(err) };
    }
  }

  async function check(url) {
    const cached = cache?.get(url);
    if (cached && cached.verdict === 'ok' && now() - cached.checkedAt < settings.maxAgeMs) {
      return { ...cached, fromCache: true };
    }
    let attempts = 0;
    for (;;) {
      attempts++;
      const answer = await probe(url);
      const { status } = answer;
      const retryable = status === null || status === 429 || status >= 500;
      if (retryable && !answer.final && attempts <= settings.retries) {
        const asked = retryAfterMs(answer.headers?.get('retry-after') ?? undefined, now());
        const wait = asked ?? settings.backoffMs * 2 ** (attempts - 1);
        if (wait <= settings.maxWaitMs) {
          await sleep(wait);
          continue;
        }
      }
      let verdict = 'broken';
      if (status !== null && status >= 200 && status < 300) verdict = 'ok';
      else if (status !== null && (REFUSED.has(status) || status === 429)) verdict = 'unverified';
      /** @type {LinkResult} */
      const result = { url, verdict, status, attempts, checkedAt: now() };
      if (answer.error) result.error = answer.error;
      if (answer.movedTo && verdict === 'ok') result.movedTo = answer.movedTo;
      return result;
    }
  }

  const results = new Map();
  await Promise.all(
    interleaveByHost([...new Set(urls)]).map((url) =>
      overall(async () => {
        const result = await check(url);
        results.set(url, result);
        if (cache && !result.fromCache) cache.set(url, result);
        onResult?.(result);
      }),
    ),
  );
  return results;
}
