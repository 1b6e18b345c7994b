/**
 * The PageSpeed Insights v5 client: the one module that calls it. The endpoint comes from
 * configuration so tests point it at a local server. Upstream text never reaches visitors: every
 * failure becomes an HttpError with a message of our own. Reading a successful answer is
 * ./report.ts.
 */
import { HttpError } from '#server/http';
import { log } from '#server/log';
import { AUDIT_CATEGORIES, type AuditCategory } from './categories';

export const DEFAULT_PSI_ENDPOINT = 'https://www.googleapis.com/pagespeedonline/v5/runPagespeed';

/** PSI runs a full Lighthouse pass; slow sites take 30 s and more, so allow a full minute. */
export const PSI_TIMEOUT_MS = 60_000;

/** PSI's category ids, keyed by ours (PSI uses hyphens in results and upper case in queries). */
export const PSI_CATEGORY: Record<AuditCategory, { query: string; result: string }> = {
  performance: { query: 'PERFORMANCE', result: 'performance' },
  accessibility: { query: 'ACCESSIBILITY', result: 'accessibility' },
  best_practices: { query: 'BEST_PRACTICES', result: 'best-practices' },
  seo: { query: 'SEO', result: 'seo' },
};

/** The GET request for one mobile audit of `target` with all four categories. */
export function psiRequestUrl(endpoint: string, target: string, apiKey?: string): string {
  const url = new URL(endpoint);
  url.searchParams.set('url', target);
  for (const c of AUDIT_CATEGORIES) url.searchParams.append('category', PSI_CATEGORY[c].query);
  url.searchParams.set('strategy', 'mobile');
  if (apiKey) url.searchParams.set('key', apiKey);
  return url.href;
}

export interface PsiCallOptions {
  endpoint?: string | undefined;
  apiKey?: string | undefined;
  /** Defaults to PSI_TIMEOUT_MS; tests pass a short one. */
  timeoutMs?: number;
}

/**
 * Asks PageSpeed Insights to audit `target` and returns its parsed JSON answer. Throws an
 * HttpError: 504 on timeout, 502 when PSI cannot be reached or answers nonsense, 503 when its
 * quota is used up, 422 when PSI could not load the site, 502 for other upstream failures.
 */
export async function fetchPagespeed(
  target: string,
  options: PsiCallOptions = {},
): Promise<unknown> {
  const url = psiRequestUrl(options.endpoint || DEFAULT_PSI_ENDPOINT, target, options.apiKey);
  const signal = AbortSignal.timeout(options.timeoutMs ?? PSI_TIMEOUT_MS);
  let status: number;
  let text: string;
  try {
    const response = await fetch(url, { headers: { Accept: 'application/json' }, signal });
    status = response.status;
    text = await response.text();
  } catch (err) {
    if (signal.aborted) throw timeoutError();
    log.warn('audit.psi_unreachable', { error: err instanceof Error ? err.name : 'error' });
    throw new HttpError(
      502,
      'upstream_unreachable',
      'The audit service could not be reached. Please try again in a few minutes.',
    );
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (status >= 200 && status < 300 && body !== undefined) return body;
  throw psiError(status, body);
}

function timeoutError(): HttpError {
  return new HttpError(
    504,
    'upstream_timeout',
    'The audit took longer than 60 seconds and was stopped. Please try again; busy sites can take a while.',
  );
}

/**
 * Lighthouse's error codes that mean the site itself could not be tested, with what we tell the
 * visitor. PSI reports them in error.message (HTTP 400 or 500) or as lighthouseResult.runtimeError.
 */
const SITE_ERRORS: Record<string, string> = {
  DNS_FAILURE: "We couldn't find that website. Please check the address for typos and try again.",
  FAILED_DOCUMENT_REQUEST:
    "We couldn't load that website. Please check the address and that the site is online, then try again.",
  ERRORED_DOCUMENT_REQUEST:
    'That website answered with an error instead of a page. Please check the address opens in your browser, then try again.',
  INSECURE_DOCUMENT_REQUEST:
    "That website's security certificate is not valid, so it couldn't be audited.",
  NO_DOCUMENT_REQUEST:
    "We couldn't load that website. Please check the address and that the site is online, then try again.",
  NOT_HTML: "That address isn't a web page, so it can't be audited. Please enter a page's address.",
  TOO_MANY_REQUESTS:
    'That website refused the test because it received too many requests. Please try again later.',
  NO_FCP: "The page didn't show any content while it was being tested, so it couldn't be scored.",
  NO_LCP:
    "The page didn't finish showing its main content while it was being tested, so it couldn't be scored.",
  PAGE_HUNG: "The page stopped responding while it was being tested, so it couldn't be scored.",
};

const SITE_ERROR_PATTERN = new RegExp(`\\b(${Object.keys(SITE_ERRORS).join('|')})\\b`);

/** The HttpError for a site Lighthouse could not test, or undefined when `text` names none. */
export function siteError(text: string): HttpError | undefined {
  const code = SITE_ERROR_PATTERN.exec(text)?.[1];
  return code ? new HttpError(422, 'site_unreachable', SITE_ERRORS[code]) : undefined;
}

/** Maps a PSI failure answer to what the visitor sees, without echoing upstream text. */
export function psiError(status: number, body: unknown): HttpError {
  const message = errorMessageOf(body);
  log.warn('audit.psi_failed', { status, siteError: SITE_ERROR_PATTERN.exec(message)?.[1] });
  const unreachable = siteError(message);
  if (unreachable && (status === 400 || status >= 500)) return unreachable;
  if (status === 429) {
    return new HttpError(
      503,
      'upstream_quota',
      'The audit service is busy right now. Please try again in a few minutes.',
      undefined,
      { 'Retry-After': '120' },
    );
  }
  if (status === 400) {
    return new HttpError(
      422,
      'site_rejected',
      "PageSpeed Insights couldn't audit that address. Please check it and try again.",
    );
  }
  return new HttpError(
    502,
    'upstream_error',
    'The audit service had a problem. Please try again in a few minutes.',
  );
}

function errorMessageOf(body: unknown): string {
  const error = (body as { error?: { message?: unknown } } | undefined)?.error;
  return typeof error?.message === 'string' ? error.message : '';
}
