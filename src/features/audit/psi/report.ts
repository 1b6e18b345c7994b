/**
 * Reads a PageSpeed Insights v5 answer into the audit's result: category scores, suggestions
 * ranked by impact, lab metrics and real-user Core Web Vitals. The answer is parsed with a
 * schema; what the visitor reads is our wording built from it, and failures are HttpErrors
 * with messages of our own.
 */
import * as z from 'zod/mini';
import { HttpError } from '#server/http';
import { PSI_CATEGORY, siteError } from './pagespeed.server';
import type { AuditMetric, AuditMetrics, AuditSuccess, MetricRating } from '../contract';
import { AUDIT_CATEGORIES, type AuditCategory, type AuditScores } from './categories';

/** Suggestions shown at most. */
export const MAX_SUGGESTIONS = 8;

/**
 * The parts of a PSI answer the audit reads, checked rather than cast: a wrong or missing
 * category, score or audit list makes the answer unusable (502); an audit or a real-user metric
 * of an unexpected shape is dropped on its own, so one odd entry never costs the whole result.
 */
const lhAuditSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.optional(z.string()),
  score: z.nullable(z.number()),
  scoreDisplayMode: z.optional(z.string()),
  displayValue: z.optional(z.string()),
  numericValue: z.optional(z.number()),
  metricSavings: z.optional(z.record(z.string(), z.optional(z.number()))),
  details: z.optional(z.object({ overallSavingsMs: z.optional(z.number()) })),
});

const lhCategorySchema = z.object({
  id: z.string(),
  score: z.nullable(z.number()),
  auditRefs: z.array(
    z.object({ id: z.string(), weight: z.number(), group: z.optional(z.string()) }),
  ),
});

const lhResultSchema = z.object({
  lighthouseVersion: z.optional(z.string()),
  finalDisplayedUrl: z.optional(z.string()),
  finalUrl: z.optional(z.string()),
  fetchTime: z.optional(z.string()),
  runtimeError: z.optional(
    z.object({ code: z.optional(z.string()), message: z.optional(z.string()) }),
  ),
  categories: z.record(z.string(), z.optional(lhCategorySchema)),
  audits: z.record(z.string(), z.catch(z.optional(lhAuditSchema), undefined)),
});

const cruxMetricSchema = z.object({
  percentile: z.optional(z.number()),
  category: z.optional(z.string()),
});

const loadingExperienceSchema = z.object({
  metrics: z.optional(z.record(z.string(), z.catch(z.optional(cruxMetricSchema), undefined))),
  overall_category: z.optional(z.string()),
  origin_fallback: z.optional(z.boolean()),
});

export const psiAnswerSchema = z.object({
  lighthouseResult: lhResultSchema,
  loadingExperience: z.catch(z.optional(loadingExperienceSchema), undefined),
});

type LhAudit = z.infer<typeof lhAuditSchema>;
export type LhResult = z.infer<typeof lhResultSchema>;
type LoadingExperience = z.infer<typeof loadingExperienceSchema>;

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
  const parsed = z.safeParse(psiAnswerSchema, body);
  if (!parsed.success) throw malformed();
  const { lighthouseResult: lhr, loadingExperience } = parsed.data;
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
  const field = fieldMetrics(loadingExperience);
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
    points = SAVINGS_SCALE.LCP.weight * Math.min(1, ms / SAVINGS_SCALE.LCP.median);
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
export function fieldMetrics(experience: LoadingExperience | undefined): AuditMetrics['field'] {
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
