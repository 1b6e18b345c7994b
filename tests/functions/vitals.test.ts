import { afterEach, describe, expect, it, vi } from 'vitest';
import { callRoute, expectError, type CallOptions } from './harness';

const post = (options: CallOptions) => callRoute({ path: '/api/analytics/vitals', ...options });

const report = {
  metric: 'CLS',
  value: 0.02,
  id: 'v5-123',
  url: 'https://www.example.com/articles/ai-citation-guide',
  timestamp: 1_760_000_000_000,
  userAgent: 'Mozilla/5.0',
};

afterEach(() => vi.restoreAllMocks());

describe('POST /api/analytics/vitals', () => {
  it('accepts a text/plain beacon and writes to Analytics Engine when bound', async () => {
    const points: unknown[] = [];
    const res = await post({
      raw: JSON.stringify(report),
      headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
      env: { VITALS: { writeDataPoint: (p: unknown) => points.push(p) } },
    });
    expect(res.status).toBe(204);
    expect(points).toEqual([
      {
        blobs: ['CLS', '/articles/ai-citation-guide', 'v5-123', 'Mozilla/5.0'],
        doubles: [0.02, 1_760_000_000_000],
        indexes: ['CLS'],
      },
    ]);
  });

  it('logs to the console without a binding', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const res = await post({ body: report });
    expect(res.status).toBe(204);
    expect(JSON.parse(String(log.mock.calls[0][0]))).toMatchObject({
      level: 'info',
      event: 'analytics.vitals',
      metric: 'CLS',
      value: 0.02,
      path: '/articles/ai-citation-guide',
    });
  });

  it('answers 400 for an invalid report and 413 for an oversized one', async () => {
    const bad = await post({ body: { ...report, metric: 'XYZ' } });
    await expectError(bad, 400, 'invalid_report');
    const big = await post({
      body: { ...report, userAgent: 'x'.repeat(3000) },
    });
    expect(big.status).toBe(413);
  });
});
