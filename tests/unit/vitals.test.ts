import { describe, expect, it } from 'vitest';
import { performanceScore } from '../../src/features/analytics/performance-score';
import { vitalReportSchema } from '../../src/features/analytics/contract';

describe('performanceScore', () => {
  it.each([
    [{}, 100],
    [{ lcp: 2500, fid: 100, cls: 0.1 }, 100],
    [{ lcp: 2501 }, 85],
    [{ lcp: 4000 }, 85],
    [{ lcp: 4001 }, 70],
    [{ fid: 101 }, 85],
    [{ fid: 301 }, 70],
    [{ cls: 0.11 }, 85],
    [{ cls: 0.26 }, 70],
    [{ lcp: 5000, fid: 500, cls: 0.5 }, 10],
    [{ lcp: 3000, fid: 200, cls: 0.2 }, 55],
  ])('%o scores %i', (metrics, expected) => expect(performanceScore(metrics)).toBe(expected));

  it('never goes below zero', () => {
    expect(performanceScore({ lcp: 1e9, fid: 1e9, cls: 1e9 })).toBeGreaterThanOrEqual(0);
  });
});

describe('vitalReportSchema', () => {
  const good = {
    metric: 'LCP',
    value: 1234.5,
    id: 'v5-1',
    url: 'https://example.com/',
    timestamp: 1_700_000_000_000,
    userAgent: 'UA',
  };
  it('accepts the spec fields', () => expect(vitalReportSchema.safeParse(good).success).toBe(true));
  it.each([
    { ...good, metric: 'FID' },
    { ...good, value: -1 },
    { ...good, value: Number.NaN },
    { ...good, url: 'not a url' },
    { ...good, extra: 1 },
    { ...good, id: '' },
  ])('rejects %o', (bad) => expect(vitalReportSchema.safeParse(bad).success).toBe(false));
});
