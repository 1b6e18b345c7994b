/**
 * PageSpeed Insights v5: the one module that calls it and turns its answer into the audit's
 * scores, suggestions and metrics. The endpoint comes from configuration so tests point it at a
 * local server. Upstream text never reaches visitors: every failure becomes an HttpError with a
 * message of our own.
 */
import { HttpError } from './http';
import type {
  AuditMetric,
  AuditMetrics,
  AuditSuccess,
  MetricRating,
} from '../../src/features/audit/contract';
import {
  AUDIT_CATEGORIES,
  type AuditCategory,
  type AuditScores,
} from '../../src/features/audit/audit';

export const DEFAULT_PSI_ENDPOINT = 'https://www.googleapis.com/pagespeedonline/v5/runPagespeed';

/** PSI runs a full Lighthouse pass; slow sites take 30 s and more, so allow a full minute. */
export const PSI_TIMEOUT_MS = 60_000;

/** Suggestions shown at most. */
export const MAX_SUGGESTIONS = 8;

/** PSI's category ids, keyed by ours (PSI uses hyphens in results and upper case in queries). */
const PSI_CATEGORY: Record<AuditCategory, { query: string; result: string }> = {
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
    console.warn('PageSpeed Insights unreachable', err instanceof Error ? err.name : 'error');
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
function siteError(text: string): HttpError | undefined {
  const code = SITE_ERROR_PATTERN.exec(text)?.[1];
  return code ? new HttpError(422, 'site_unreachable', SITE_ERRORS[code]!) : undefined;
}

/** Maps a PSI failure answer to what the visitor sees, without echoing upstream text. */
export function psiError(status: number, body: unknown): HttpError {
  const message = errorMessageOf(body);
  console.warn('PageSpeed Insights failed', status, SITE_ERROR_PATTERN.exec(message)?.[1] ?? '');
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

/** The parts of a Lighthouse result the audit reads. */
interface LhAudit {
  id: string;
  title: string;
  description?: string;
  score: number | null;
  scoreDisplayMode?: string;
  displayValue?: string;
  numericValue?: number;
  metricSavings?: Record<string, number | undefined>;
  details?: { overallSavingsMs?: number };
}

interface LhCategory {
  id: string;
  score: number | null;
  auditRefs: { id: string; weight: number; group?: string }[];
}

interface LhResult {
  lighthouseVersion?: string;
  finalDisplayedUrl?: string;
  finalUrl?: string;
  fetchTime?: string;
  runtimeError?: { code?: string; message?: string };
  categories: Record<string, LhCategory | undefined>;
  audits: Record<string, LhAudit | undefined>;
}

interface CruxMetric {
  percentile?: number;
  category?: string;
}

interface PsiBody {
  analysisUTCTimestamp?: string;
  lighthouseResult?: LhResult;
  loadingExperience?: {
    metrics?: Record<string, CruxMetric | undefined>;
    overall_category?: string;
    origin_fallback?: boolean;
  };
}

function malformed(): HttpError {
  return new HttpError(
    502,
    'upstream_invalid',
    'The audit service sent an answer we could not read. Please try again.',
  );
}

/**
 * Turns a PSI v5 answer into the audit result: category scores 0-100, at most eight suggestions
 * ranked by impact, lab metrics and, when PSI has them, real-user Core Web Vitals. Throws 422
 * when Lighthouse could not test the site and 502 when the answer is not a usable result.
 */
export function mapPsiResult(body: unknown, url: string): AuditSuccess {
  const lhr = (body as PsiBody | undefined)?.lighthouseResult;
  if (!lhr || typeof lhr.categories !== 'object' || typeof lhr.audits !== 'object') {
    throw malformed();
  }
  const runtimeCode = lhr.runtimeError?.code;
  if (runtimeCode && runtimeCode !== 'NO_ERROR') {
    throw (
      siteError(runtimeCode) ??
      new HttpError(
        502,
        'upstream_error',
        "PageSpeed Insights couldn't finish testing this page. Please try again.",
      )
    );
  }
  const scores = {} as AuditScores;
  for (const c of AUDIT_CATEGORIES) {
    const score = lhr.categories[PSI_CATEGORY[c].result]?.score;
    if (typeof score !== 'number' || !Number.isFinite(score)) {
      // A category Lighthouse could not score is reported, never guessed.
      throw new HttpError(
        422,
        'incomplete_result',
        "PageSpeed Insights couldn't score every category for this page. Please try again.",
      );
    }
    scores[c] = Math.round(Math.min(1, Math.max(0, score)) * 100);
  }
  const field = fieldMetrics((body as PsiBody).loadingExperience);
  const metrics: AuditMetrics = { lab: labMetrics(lhr) };
  if (field) metrics.field = field;
  return {
    ok: true,
    url,
    scores,
    suggestions: rankSuggestions(lhr)
      .slice(0, MAX_SUGGESTIONS)
      .map((s) => s.text),
    metrics,
    raw: {
      isMockData: false,
      source: 'PageSpeed Insights',
      strategy: 'mobile',
      ...(lhr.finalDisplayedUrl || lhr.finalUrl
        ? { finalUrl: lhr.finalDisplayedUrl ?? lhr.finalUrl }
        : {}),
      ...(lhr.fetchTime ? { fetchedAt: lhr.fetchTime } : {}),
      ...(lhr.lighthouseVersion ? { lighthouseVersion: lhr.lighthouseVersion } : {}),
    },
  };
}

/** Below this Lighthouse score an audit counts as failed (its own "passed" threshold). */
const PASS_SCORE = 0.9;

/** Audits that never carry a pass or fail. */
const UNSCORED_MODES = new Set(['informative', 'notApplicable', 'manual', 'error']);

/**
 * Performance metric weights (Lighthouse 10+ mobile) and the value at which a saving counts in
 * full (the metric's scoring median), used to turn an insight's estimated savings into points.
 */
const SAVINGS_SCALE: Record<string, { weight: number; median: number }> = {
  FCP: { weight: 10, median: 3000 },
  LCP: { weight: 25, median: 4000 },
  TBT: { weight: 30, median: 600 },
  CLS: { weight: 25, median: 0.25 },
};

export interface RankedSuggestion {
  id: string;
  category: AuditCategory;
  /** Estimated category points the fix is worth; only used for ordering. */
  impact: number;
  text: string;
}

/**
 * Every failing audit as a plain-language suggestion, highest impact first. Impact is the
 * points the audit costs its category (its weight share times what it missed); performance
 * insights carry no weight, so their estimated metric savings are converted into points.
 */
export function rankSuggestions(lhr: LhResult): RankedSuggestion[] {
  const best = new Map<string, RankedSuggestion>();
  for (const category of AUDIT_CATEGORIES) {
    const cat = lhr.categories[PSI_CATEGORY[category].result];
    if (!cat) continue;
    const totalWeight = cat.auditRefs.reduce((sum, r) => sum + r.weight, 0) || 1;
    for (const ref of cat.auditRefs) {
      const audit = lhr.audits[ref.id];
      // Metric audits are shown as metrics, not as suggestions.
      if (!audit || ref.group === 'metrics' || ref.group === 'hidden') continue;
      if (audit.score === null || audit.score >= PASS_SCORE) continue;
      if (audit.scoreDisplayMode && UNSCORED_MODES.has(audit.scoreDisplayMode)) continue;
      const missed = 1 - audit.score;
      const savings = savingsPoints(audit);
      // Insights such as "LCP breakdown" explain a metric rather than propose a fix.
      if (ref.weight === 0 && savings === 0 && ref.group === 'insights') continue;
      const impact =
        ref.weight > 0
          ? (ref.weight / totalWeight) * missed * 100
          : savings || missed * UNMEASURED_IMPACT;
      // An audit in two categories (image-alt, document-title) counts where it costs most.
      const known = best.get(ref.id);
      if (!known || impact > known.impact) {
        best.set(ref.id, { id: ref.id, category, impact, text: suggestionText(audit) });
      }
    }
  }
  const order = (c: AuditCategory) => AUDIT_CATEGORIES.indexOf(c);
  return [...best.values()].sort(
    (a, b) =>
      b.impact - a.impact || order(a.category) - order(b.category) || a.id.localeCompare(b.id),
  );
}

/** A failing diagnostic with no estimate still ranks, below anything measurable. */
const UNMEASURED_IMPACT = 0.1;

/** Estimated performance points from an audit's metric savings (0 when it has none). */
function savingsPoints(audit: LhAudit): number {
  let points = 0;
  for (const [metric, saving] of Object.entries(audit.metricSavings ?? {})) {
    const scale = SAVINGS_SCALE[metric];
    if (scale && typeof saving === 'number' && saving > 0) {
      points += scale.weight * Math.min(1, saving / scale.median);
    }
  }
  const ms = audit.details?.overallSavingsMs;
  if (points === 0 && typeof ms === 'number' && ms > 0) {
    points = SAVINGS_SCALE.LCP!.weight * Math.min(1, ms / SAVINGS_SCALE.LCP!.median);
  }
  return points;
}

/** Markdown links become their text; code ticks go. */
function plain(text: string): string {
  return text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Longest suggestion; Lighthouse descriptions can run to a paragraph. */
const MAX_SUGGESTION_LENGTH = 280;

/**
 * One plain-language suggestion: the audit's title (Lighthouse words failing audits as the
 * problem), its estimate when it has one, and the first sentence of its explanation without the
 * "Learn more" links.
 */
export function suggestionText(
  audit: Pick<LhAudit, 'title' | 'description' | 'displayValue'>,
): string {
  const title = plain(audit.title).replace(/\.$/, '');
  const estimate = audit.displayValue ? ` (${plain(audit.displayValue)})` : '';
  const sentences = plain(audit.description ?? '')
    .split(/(?<=[.!?])\s+/)
    .filter((s) => s && !/^learn more\b/i.test(s));
  const first = sentences[0]
    ? ` ${/[.!?]$/.test(sentences[0]) ? sentences[0] : `${sentences[0]}.`}`
    : '';
  const text = `${title}${estimate}.${first}`;
  return text.length > MAX_SUGGESTION_LENGTH
    ? `${text.slice(0, MAX_SUGGESTION_LENGTH - 1).trimEnd()}…`
    : text;
}

/** The lab metrics shown under the scores, in Lighthouse's report order. */
const LAB_METRICS: [id: string, label: string][] = [
  ['first-contentful-paint', 'First Contentful Paint'],
  ['largest-contentful-paint', 'Largest Contentful Paint'],
  ['total-blocking-time', 'Total Blocking Time'],
  ['cumulative-layout-shift', 'Cumulative Layout Shift'],
  ['speed-index', 'Speed Index'],
];

/** Lighthouse's colour bands: 90+ good, 50+ needs improvement. */
function labRating(score: number | null): MetricRating {
  if (score !== null && score >= 0.9) return 'good';
  if (score !== null && score >= 0.5) return 'needs-improvement';
  return 'poor';
}

/** FCP, LCP, TBT, CLS and Speed Index from the Lighthouse run, as Lighthouse formats them. */
export function labMetrics(lhr: Pick<LhResult, 'audits'>): AuditMetric[] {
  return LAB_METRICS.flatMap(([id, label]) => {
    const audit = lhr.audits[id];
    if (!audit || typeof audit.numericValue !== 'number') return [];
    return [
      {
        id,
        label,
        value: audit.numericValue,
        display: audit.displayValue ?? String(Math.round(audit.numericValue)),
        rating: labRating(audit.score),
      },
    ];
  });
}

/** The Core Web Vitals PSI reports from the Chrome UX Report. */
const FIELD_METRICS: [key: string, label: string, unit: 'ms' | 'cls'][] = [
  ['LARGEST_CONTENTFUL_PAINT_MS', 'Largest Contentful Paint', 'ms'],
  ['INTERACTION_TO_NEXT_PAINT', 'Interaction to Next Paint', 'ms'],
  ['CUMULATIVE_LAYOUT_SHIFT_SCORE', 'Cumulative Layout Shift', 'cls'],
];

const CRUX_RATING: Record<string, MetricRating> = {
  FAST: 'good',
  AVERAGE: 'needs-improvement',
  SLOW: 'poor',
};

/** Milliseconds as people read them: "180 ms", "2.4 s". */
export function formatMilliseconds(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/**
 * Real-user Core Web Vitals (LCP, INP, CLS) from PSI's loadingExperience, or undefined when the
 * Chrome UX Report has no data for the page or its origin.
 */
export function fieldMetrics(experience: PsiBody['loadingExperience']): AuditMetrics['field'] {
  if (!experience?.metrics) return undefined;
  const metrics: AuditMetric[] = [];
  for (const [key, label, unit] of FIELD_METRICS) {
    const m = experience.metrics[key];
    const rating = m?.category ? CRUX_RATING[m.category] : undefined;
    if (!m || typeof m.percentile !== 'number' || !rating) continue;
    // CrUX reports layout shift multiplied by 100.
    const value = unit === 'cls' ? m.percentile / 100 : m.percentile;
    const display = unit === 'cls' ? value.toFixed(2) : formatMilliseconds(value);
    metrics.push({ id: key, label, value, display, rating });
  }
  if (metrics.length === 0) return undefined;
  const overall = experience.overall_category
    ? CRUX_RATING[experience.overall_category]
    : undefined;
  return {
    scope: experience.origin_fallback ? 'origin' : 'page',
    ...(overall ? { overall } : {}),
    metrics,
  };
}
