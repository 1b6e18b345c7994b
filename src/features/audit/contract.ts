/**
 * The website audit's request and answer, shared by the /audit island and POST /api/site-audit so
 * the two cannot drift. zod/mini keeps the island's bundle small.
 */
import * as z from 'zod/mini';
import { MAX_AUDIT_URL_LENGTH } from './address';

/** Findings listed under one check at most (ten crawlers is the longest list). */
export const MAX_CHECK_ITEMS = 12;

/** POST /api/site-audit body: the address to audit, as typed or already normalised. */
export const auditRequestSchema = z.object({
  /** Normalised again on the server; bounded so a huge value is refused before any work. */
  url: z.string().check(z.minLength(1), z.maxLength(MAX_AUDIT_URL_LENGTH)),
});

export type AuditRequest = z.infer<typeof auditRequestSchema>;

/** A category score from 0 to 100. */
const score = z.number().check(z.int(), z.gte(0), z.lte(100));

/** Lighthouse's colour bands (lab) and the Chrome UX Report's categories (field). */
export const metricRatingSchema = z.enum(['good', 'needs-improvement', 'poor']);

export type MetricRating = z.infer<typeof metricRatingSchema>;

/** One measured value: a lab metric from Lighthouse or a field metric from real users. */
export const auditMetricSchema = z.object({
  /** Stable key, e.g. "largest-contentful-paint" or "LARGEST_CONTENTFUL_PAINT_MS". */
  id: z.string(),
  /** Human name, e.g. "Largest Contentful Paint". */
  label: z.string(),
  /** Milliseconds, or unitless for layout shift and the like. */
  value: z.number(),
  /** The value formatted for people, e.g. "2.4 s" or "0.05". */
  display: z.string(),
  rating: metricRatingSchema,
});

export type AuditMetric = z.infer<typeof auditMetricSchema>;

export const auditMetricsSchema = z.object({
  /** FCP, LCP, TBT, CLS and Speed Index from the Lighthouse run (simulated mobile). */
  lab: z.array(auditMetricSchema),
  /** Core Web Vitals of real Chrome users, present only when PageSpeed Insights has them. */
  field: z.optional(
    z.object({
      /** "page" for this address, "origin" when only the whole site has enough data. */
      scope: z.enum(['page', 'origin']),
      overall: z.optional(metricRatingSchema),
      metrics: z.array(auditMetricSchema),
    }),
  ),
});

export type AuditMetrics = z.infer<typeof auditMetricsSchema>;

/** Facts about where the result came from; mock data is always flagged here. */
export const auditRawSchema = z.object({
  isMockData: z.optional(z.boolean()),
  /** Label of the corner indicator shown when isMockData is true. */
  mockIndicator: z.optional(z.string()),
  source: z.optional(z.string()),
  strategy: z.optional(z.string()),
  finalUrl: z.optional(z.string()),
  fetchedAt: z.optional(z.string()),
  lighthouseVersion: z.optional(z.string()),
});

export type AuditRaw = z.infer<typeof auditRawSchema>;

/** How one AI-visibility check came out; `error` means it could not be checked at all. */
export const checkStatusSchema = z.enum(['pass', 'warn', 'fail', 'error']);

export type CheckStatus = z.infer<typeof checkStatusSchema>;

/** The checks the audit runs itself beside PageSpeed Insights, in report order (visibility/scoring.ts). */
export const CHECK_IDS = [
  'https',
  'status',
  'robots-ai',
  'content-signals',
  'sitemap',
  'llms-txt',
  'meta',
  'structured-data',
  'headings',
  'open-graph',
  'markdown',
] as const;

/** One of CHECK_IDS. */
export const checkIdSchema = z.enum(CHECK_IDS);

export type CheckId = z.infer<typeof checkIdSchema>;

/** Where a finding is explained on this site: a root-relative path with its section anchor. */
export const learnMoreSchema = z.object({
  href: z.string().check(z.startsWith('/')),
  /** Link text naming the page and section, e.g. "Step 1: Let the right crawlers in". */
  label: z.string(),
});

export type LearnMore = z.infer<typeof learnMoreSchema>;

/** One check's outcome, in words for the site's owner. */
export const visibilityCheckSchema = z.object({
  id: checkIdSchema,
  status: checkStatusSchema,
  /** The check's name, e.g. "AI crawler access". */
  title: z.string(),
  /** What was found, in one or two plain sentences. */
  detail: z.string(),
  /** What to change; present whenever the status is not pass. */
  fix: z.optional(z.string()),
  learnMore: z.optional(learnMoreSchema),
  /** The findings one by one (each crawler, each redirect hop, each tag), when there are several. */
  items: z.optional(
    z.array(z.object({ label: z.string(), value: z.string() })).check(z.maxLength(MAX_CHECK_ITEMS)),
  ),
});

export type VisibilityCheck = z.infer<typeof visibilityCheckSchema>;

/**
 * The AI-visibility part of an audit: a 0-100 score and its grade from the checks' weights, or
 * null for both when nothing could be checked (every check an error).
 */
export const visibilitySchema = z.object({
  score: z.nullable(score),
  grade: z.nullable(z.enum(['A', 'B', 'C', 'D', 'F'])),
  checks: z.array(visibilityCheckSchema).check(z.maxLength(CHECK_IDS.length)),
});

export type Visibility = z.infer<typeof visibilitySchema>;

/** A successful audit. The client adds the grade from the scores. */
export const auditSuccessSchema = z.object({
  ok: z.literal(true),
  /** The normalised address that was audited. */
  url: z.string(),
  scores: z.object({
    performance: score,
    accessibility: score,
    best_practices: score,
    seo: score,
  }),
  /** At most eight plain-language fixes, highest impact first. */
  suggestions: z.array(z.string()).check(z.maxLength(8)),
  metrics: z.optional(auditMetricsSchema),
  raw: z.optional(auditRawSchema),
  /**
   * The audit's own checks of the page and its site (robots.txt, sitemap, llms.txt, tags).
   * Always sent by the server; optional so an answer cached before the checks existed still reads.
   */
  visibility: z.optional(visibilitySchema),
});

export type AuditSuccess = z.infer<typeof auditSuccessSchema>;

/**
 * A failed audit: a message fit to show the visitor, and a stable code. When PageSpeed Insights
 * failed but the audit's own checks ran, their result comes along: the visitor still sees what
 * the checks found under the failure message, and the answer keeps PageSpeed's status and code.
 */
export const auditFailureSchema = z.object({
  ok: z.literal(false),
  error: z.object({ code: z.optional(z.string()), message: z.string() }),
  visibility: z.optional(visibilitySchema),
});

export type AuditFailure = z.infer<typeof auditFailureSchema>;

export type AuditResponse = AuditSuccess | AuditFailure;
