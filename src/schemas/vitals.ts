import { z } from 'zod';

/** Metrics the site reports (Core Web Vitals and two diagnostics). */
export const VITAL_METRICS = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;

/** One web-vitals report, sent by sendBeacon to POST /api/analytics/vitals. */
export const vitalReportSchema = z.strictObject({
  metric: z.enum(VITAL_METRICS),
  value: z.number().finite().min(0).max(600_000),
  id: z.string().min(1).max(100),
  url: z.url().max(2_000),
  timestamp: z.number().int().positive(),
  userAgent: z.string().max(500),
});

export type VitalReport = z.infer<typeof vitalReportSchema>;
