/**
 * The site's own measurements, both sent without a script file of their own and without any
 * personal data: analytics events (POST /api/analytics/event, query parameters, so a link's
 * `ping` can carry one) and web-vitals reports (POST /api/analytics/vitals, a JSON beacon).
 * Both answer 204 when valid and 400 with field errors when not.
 */
import * as z from 'zod/mini';

/** The events the site records: the spec's page views and the article pages' two calls to action. */
export const ANALYTICS_EVENTS = ['page_view', 'subscribe_click', 'consultation_click'] as const;

/**
 * One analytics event, sent to POST /api/analytics/event as query parameters (a link's `ping` can
 * carry no body of its own, so every sender puts the event in the address). Bounded, and holding
 * no personal data: no address, identifier or free text beyond the page's own path and title.
 */
export const analyticsEventSchema = z.strictObject({
  /** What happened. */
  name: z.enum(ANALYTICS_EVENTS),
  /** The page it happened on: a root-relative path without query or fragment. */
  path: z
    .string()
    .check(
      z.maxLength(300),
      z.regex(/^\/[^?#\s]*$/, { error: 'A root-relative path without query or fragment.' }),
    ),
  /** The page's title (page views). */
  title: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  /** The event's category, e.g. "Articles". */
  category: z.optional(z.string().check(z.minLength(1), z.maxLength(50))),
  /** What was clicked, e.g. "Articles Page RSS" or the article's title. */
  label: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
});

export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

/** Metrics the site reports (Core Web Vitals and two diagnostics). */
export const VITAL_METRICS = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;

/** One web-vitals report, sent by sendBeacon to POST /api/analytics/vitals. */
export const vitalReportSchema = z.strictObject({
  metric: z.enum(VITAL_METRICS),
  value: z.number().check(z.gte(0), z.lte(600_000)),
  id: z.string().check(z.minLength(1), z.maxLength(100)),
  url: z.url().check(z.maxLength(2_000)),
  timestamp: z.int().check(z.positive()),
  userAgent: z.string().check(z.maxLength(500)),
});

export type VitalReport = z.infer<typeof vitalReportSchema>;
