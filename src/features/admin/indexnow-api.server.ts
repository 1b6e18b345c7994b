/**
 * IndexNow (https://www.indexnow.org/documentation): the one module that tells search engines
 * about changed pages. The endpoint comes from configuration so tests point it at a local
 * server; IndexNow's answers become errors with messages of our own.
 */
import type { Env } from '#server/env';
import { HttpError } from '#server/http';
import { log } from '#server/log';

export const DEFAULT_INDEXNOW_ENDPOINT = 'https://api.indexnow.org/indexnow';

export const INDEXNOW_TIMEOUT_MS = 10_000;

/** IndexNow keys: 8 to 128 letters, digits and dashes. */
const KEY_PATTERN = /^[A-Za-z0-9-]{8,128}$/;

/** The key when INDEXNOW_KEY is set to a valid one. */
export function indexNowKey(env: Env): string | undefined {
  const key = env.INDEXNOW_KEY?.trim();
  return key && KEY_PATTERN.test(key) ? key : undefined;
}

/** The path of the key file that proves the site owns the key. */
export function keyFilePath(key: string): string {
  return `/${key}.txt`;
}

/**
 * The site's origin: SITE_URL when set (the canonical address), else the origin the request
 * came to. Only http(s) origins count.
 */
export function siteOrigin(env: Env, request: Request): URL {
  const configured = env.SITE_URL?.trim();
  if (configured) {
    try {
      const url = new URL(configured);
      if (url.protocol === 'https:' || url.protocol === 'http:') return new URL(url.origin);
    } catch {
      // A malformed SITE_URL falls back to the request's origin.
    }
  }
  return new URL(new URL(request.url).origin);
}

export type ResolvedUrls = { ok: true; urls: string[] } | { ok: false; rejected: string[] };

/**
 * Makes site paths absolute on `origin` and keeps absolute addresses only when they are on the
 * same host over http(s). Fragments are dropped (search engines ignore them) and duplicates
 * removed. Any address on another host, or that does not parse, rejects the whole list.
 */
export function resolveSubmissionUrls(input: readonly string[], origin: URL): ResolvedUrls {
  const urls = new Set<string>();
  const rejected: string[] = [];
  for (const raw of input) {
    const value = raw.trim();
    let url: URL | undefined;
    try {
      // Paths must start with one slash: "//host/x" is an absolute address in disguise.
      if (value.startsWith('/') && !value.startsWith('//')) url = new URL(value, origin);
      else if (/^https?:\/\//i.test(value)) url = new URL(value);
    } catch {
      url = undefined;
    }
    if (!url || url.host !== origin.host || url.username || url.password) {
      rejected.push(raw);
      continue;
    }
    url.hash = '';
    urls.add(url.href);
  }
  return rejected.length ? { ok: false, rejected } : { ok: true, urls: [...urls] };
}

export interface IndexNowSubmission {
  host: string;
  key: string;
  keyLocation: string;
  urlList: string[];
}

/** What each IndexNow status means for the admin, as our own error. */
const UPSTREAM_ERRORS: Record<number, () => HttpError> = {
  400: () =>
    new HttpError(502, 'indexnow_bad_request', 'IndexNow refused the submission as malformed.'),
  403: () =>
    new HttpError(
      502,
      'indexnow_key_invalid',
      'IndexNow could not verify the site key. Check that the key file is published and matches INDEXNOW_KEY.',
    ),
  422: () =>
    new HttpError(
      422,
      'indexnow_urls_rejected',
      'IndexNow refused the addresses: they do not belong to this site, or the key does not match.',
    ),
  429: () =>
    new HttpError(
      429,
      'indexnow_rate_limited',
      'IndexNow is receiving too many submissions from this site. Try again later.',
    ),
};

/**
 * Posts the submission to IndexNow. Resolves for 200 (submitted) and 202 (accepted, key check
 * pending); throws an HttpError for everything else.
 */
export async function submitToIndexNow(
  submission: IndexNowSubmission,
  endpoint: string | undefined,
  timeoutMs = INDEXNOW_TIMEOUT_MS,
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(endpoint?.trim() || DEFAULT_INDEXNOW_ENDPOINT, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
      body: JSON.stringify(submission),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    log.warn('indexnow.unreachable', { error: err instanceof Error ? err.name : 'error' });
    throw unreachable();
  }
  await response.body?.cancel();
  if (response.status === 200 || response.status === 202) return;
  const mapped = UPSTREAM_ERRORS[response.status];
  if (mapped) throw mapped();
  log.warn('indexnow.refused', { status: response.status });
  throw unreachable();
}

function unreachable(): HttpError {
  return new HttpError(502, 'indexnow_unavailable', 'IndexNow could not be reached. Try again.');
}
