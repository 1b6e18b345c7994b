import * as z from 'zod/mini';

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
