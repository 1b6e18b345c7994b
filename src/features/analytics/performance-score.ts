/**
 * The spec's performance score for field measurements: start at 100 and subtract for each slow
 * metric (LCP above 2500 ms costs 15, above 4000 ms 30; FID above 100 ms 15, above 300 ms 30;
 * CLS above 0.1 costs 15, above 0.25 30), never below 0. A helper for reading the web-vitals
 * the site collects (one page view's LCP, FID or INP, and CLS); nothing on the pages shows it.
 */
export interface FieldMetrics {
  lcp?: number | undefined;
  fid?: number | undefined;
  cls?: number | undefined;
}

const PENALTIES: { key: keyof FieldMetrics; poor: number; needsWork: number }[] = [
  { key: 'lcp', needsWork: 2500, poor: 4000 },
  { key: 'fid', needsWork: 100, poor: 300 },
  { key: 'cls', needsWork: 0.1, poor: 0.25 },
];

export function performanceScore(metrics: FieldMetrics): number {
  let score = 100;
  for (const { key, poor, needsWork } of PENALTIES) {
    const value = metrics[key];
    if (value === undefined) continue;
    if (value > poor) score -= 30;
    else if (value > needsWork) score -= 15;
  }
  return Math.max(0, score);
}
