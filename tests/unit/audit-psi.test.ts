import { describe, expect, it } from 'vitest';
import poor from '../fixtures/psi-poor.json';
import site from '../fixtures/psi-site.json';
import { HttpError } from '#server/http';
import { DEFAULT_PSI_ENDPOINT, psiRequestUrl } from '#features/audit/psi/pagespeed.server';
import {
  MAX_SUGGESTIONS,
  fieldMetrics,
  formatMilliseconds,
  mapPsiResult,
  rankSuggestions,
  suggestionText,
} from '../../src/features/audit/psi/report';

type Fixture = typeof poor;
const clone = (f: Fixture | typeof site): any => structuredClone(f);

/** Scores read straight from a fixture, independently of the code under test. */
function fixtureScores(f: Fixture | typeof site) {
  const c = f.lighthouseResult.categories as Record<string, { score: number }>;
  const pct = (id: string) => Math.round(c[id].score * 100);
  return {
    performance: pct('performance'),
    accessibility: pct('accessibility'),
    best_practices: pct('best-practices'),
    seo: pct('seo'),
  };
}

function expectHttpError(fn: () => unknown, status: number, code: string) {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).status).toBe(status);
    expect((err as HttpError).code).toBe(code);
    return;
  }
  throw new Error('expected an HttpError');
}

describe('psiRequestUrl', () => {
  // The categories and strategy sent are checked on the wire in tests/functions/site-audit.test.ts.
  it('targets the public v5 endpoint, encodes the address and sends the key only when configured', () => {
    const url = new URL(psiRequestUrl(DEFAULT_PSI_ENDPOINT, 'https://www.example.com/?a=1&b=2'));
    expect(url.origin + url.pathname).toBe(
      'https://www.googleapis.com/pagespeedonline/v5/runPagespeed',
    );
    expect(url.searchParams.get('url')).toBe('https://www.example.com/?a=1&b=2');
    expect(url.search).toContain('url=https%3A%2F%2Fwww.example.com%2F%3Fa%3D1%26b%3D2');
    expect(url.searchParams.has('key')).toBe(false);
    const keyed = new URL(psiRequestUrl('http://127.0.0.1:9/psi', 'https://a.example.com/', 'k-1'));
    expect(keyed.searchParams.get('key')).toBe('k-1');
  });
});

describe('mapPsiResult on Lighthouse fixtures', () => {
  it('maps the flawed page: scores, eight ranked suggestions, five lab metrics', () => {
    const result = mapPsiResult(clone(poor), 'https://www.example.org/');
    expect(result.ok).toBe(true);
    expect(result.url).toBe('https://www.example.org/');
    expect(result.scores).toEqual(fixtureScores(poor));
    expect(result.suggestions).toHaveLength(MAX_SUGGESTIONS);
    for (const s of result.suggestions) {
      expect(s).not.toMatch(/`|\]\(|Learn more/);
      expect(s.length).toBeLessThanOrEqual(280);
    }
    // Metric audits (LCP, TBT...) are shown as metrics, never as suggestions.
    expect(result.suggestions.join(' ')).not.toMatch(/^Largest Contentful Paint\b/m);
    expect(result.metrics?.lab.map((m) => m.id)).toEqual([
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'cumulative-layout-shift',
      'speed-index',
    ]);
    const lcp = poor.lighthouseResult.audits['largest-contentful-paint'];
    expect(result.metrics?.lab[1]).toEqual({
      id: 'largest-contentful-paint',
      label: 'Largest Contentful Paint',
      value: lcp.numericValue,
      display: lcp.displayValue,
      rating: lcp.score >= 0.9 ? 'good' : lcp.score >= 0.5 ? 'needs-improvement' : 'poor',
    });
    expect(result.metrics?.field).toBeUndefined();
    expect(result.raw).toMatchObject({ isMockData: false, lighthouseVersion: '13.5.0' });
  });

  it('ranks every failing audit once, by impact, and keeps the top eight', () => {
    const ranked = rankSuggestions(clone(poor).lighthouseResult);
    const ids = ranked.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (let i = 1; i < ranked.length; i++) {
      expect(ranked[i - 1].impact).toBeGreaterThanOrEqual(ranked[i].impact);
    }
    const audits = poor.lighthouseResult.audits as Record<string, { score: number | null }>;
    for (const id of ids) expect(audits[id].score).toBeLessThan(0.9);
    // Passing audits and metrics never appear.
    expect(ids).not.toContain('largest-contentful-paint');
    // Failing accessibility audits with weight rank among the fixes shown.
    expect(ids.slice(0, MAX_SUGGESTIONS)).toEqual(
      expect.arrayContaining(['image-alt', 'button-name']),
    );
    expect(mapPsiResult(clone(poor), 'x').suggestions).toEqual(
      ranked.slice(0, MAX_SUGGESTIONS).map((r) => r.text),
    );
  });

  it('maps our own site: its scores and only what actually failed', () => {
    const result = mapPsiResult(clone(site), 'https://www.example.com/consultants');
    expect(result.scores).toEqual(fixtureScores(site));
    const audits = Object.values(site.lighthouseResult.audits) as {
      title: string;
      score: number | null;
    }[];
    const failingTitles = audits
      .filter((a) => a.score !== null && a.score < 0.9)
      .map((a) => a.title.replace(/`/g, ''));
    expect(result.suggestions.length).toBeLessThanOrEqual(failingTitles.length);
    for (const s of result.suggestions) {
      expect(failingTitles.some((t) => s.startsWith(t))).toBe(true);
    }
  });

  it('suggests performance insights only when they estimate a saving', () => {
    const body = clone(poor);
    const audits = body.lighthouseResult.audits;
    audits['render-blocking-insight'].metricSavings = { FCP: 0, LCP: 0 };
    audits['render-blocking-insight'].details = { type: 'table' };
    const without = rankSuggestions(body.lighthouseResult).map((r) => r.id);
    expect(without).not.toContain('render-blocking-insight');
    audits['render-blocking-insight'].metricSavings = { FCP: 1500 };
    const ranked = rankSuggestions(body.lighthouseResult);
    const insight = ranked.find((r) => r.id === 'render-blocking-insight');
    // 1.5 s off FCP, half its 3 s median, is worth half of FCP's weight of 10 points.
    expect(insight?.impact).toBeCloseTo(5);
    // A weighted accessibility failure is worth its share of the category.
    const a11y = body.lighthouseResult.categories.accessibility.auditRefs;
    const total = a11y.reduce((sum: number, r: { weight: number }) => sum + r.weight, 0);
    const imageAlt = a11y.find((r: { id: string }) => r.id === 'image-alt')!;
    expect(ranked.find((r) => r.id === 'image-alt')?.impact).toBeCloseTo(
      (imageAlt.weight / total) * 100,
    );
  });

  it('rounds and clamps category scores', () => {
    const body = clone(poor);
    body.lighthouseResult.categories.performance.score = 0.875;
    body.lighthouseResult.categories.seo.score = 1.2;
    expect(mapPsiResult(body, 'x').scores).toMatchObject({ performance: 88, seo: 100 });
  });

  it('refuses to invent a score Lighthouse could not compute', () => {
    const body = clone(poor);
    body.lighthouseResult.categories.accessibility.score = null;
    expectHttpError(() => mapPsiResult(body, 'x'), 422, 'incomplete_result');
  });

  it('maps a runtime error to a site error and nonsense to 502', () => {
    const body = clone(poor);
    body.lighthouseResult.runtimeError = { code: 'NO_FCP', message: 'The page did not paint' };
    expectHttpError(() => mapPsiResult(body, 'x'), 422, 'site_unreachable');
    body.lighthouseResult.runtimeError = { code: 'PROTOCOL_TIMEOUT', message: 'x' };
    expectHttpError(() => mapPsiResult(body, 'x'), 502, 'upstream_error');
    expectHttpError(
      () => mapPsiResult({ kind: 'pagespeedonline#result' }, 'x'),
      502,
      'upstream_invalid',
    );
    expectHttpError(() => mapPsiResult(null, 'x'), 502, 'upstream_invalid');
  });
});

describe('field Core Web Vitals', () => {
  it('maps CrUX percentiles and categories, CLS divided by 100', () => {
    expect(
      fieldMetrics({
        metrics: {
          LARGEST_CONTENTFUL_PAINT_MS: { percentile: 2480, category: 'FAST' },
          INTERACTION_TO_NEXT_PAINT: { percentile: 230, category: 'AVERAGE' },
          CUMULATIVE_LAYOUT_SHIFT_SCORE: { percentile: 31, category: 'SLOW' },
          FIRST_CONTENTFUL_PAINT_MS: { percentile: 1200, category: 'FAST' },
        },
        overall_category: 'SLOW',
        origin_fallback: true,
      }),
    ).toEqual({
      scope: 'origin',
      overall: 'poor',
      metrics: [
        {
          id: 'LARGEST_CONTENTFUL_PAINT_MS',
          label: 'Largest Contentful Paint',
          value: 2480,
          display: '2.5 s',
          rating: 'good',
        },
        {
          id: 'INTERACTION_TO_NEXT_PAINT',
          label: 'Interaction to Next Paint',
          value: 230,
          display: '230 ms',
          rating: 'needs-improvement',
        },
        {
          id: 'CUMULATIVE_LAYOUT_SHIFT_SCORE',
          label: 'Cumulative Layout Shift',
          value: 0.31,
          display: '0.31',
          rating: 'poor',
        },
      ],
    });
  });

  it('is absent when PSI has no real-user data', () => {
    expect(fieldMetrics(poor.loadingExperience as never)).toBeUndefined();
    expect(fieldMetrics(undefined)).toBeUndefined();
    const body = clone(poor);
    body.loadingExperience = {
      metrics: { LARGEST_CONTENTFUL_PAINT_MS: { percentile: 3100, category: 'AVERAGE' } },
    };
    expect(mapPsiResult(body, 'x').metrics?.field).toEqual({
      scope: 'page',
      metrics: [expect.objectContaining({ display: '3.1 s', rating: 'needs-improvement' })],
    });
  });

  it('formats milliseconds as people read them', () => {
    expect(formatMilliseconds(180.4)).toBe('180 ms');
    expect(formatMilliseconds(999)).toBe('999 ms');
    expect(formatMilliseconds(1000)).toBe('1.0 s');
    expect(formatMilliseconds(2449)).toBe('2.4 s');
  });
});

describe('suggestionText', () => {
  it('turns a Lighthouse audit into plain language', () => {
    expect(
      suggestionText({
        title: 'Image elements do not have `[alt]` attributes',
        description:
          'Informative elements should aim for short, descriptive alternate text. Decorative elements can be ignored with an empty alt attribute. [Learn more about the `alt` attribute](https://dequeuniversity.com/rules/axe/4.10/image-alt).',
      }),
    ).toBe(
      'Image elements do not have [alt] attributes. Informative elements should aim for short, descriptive alternate text.',
    );
    expect(
      suggestionText({
        title: 'Reduce unused JavaScript',
        displayValue: 'Est savings of 55 KiB',
        description:
          'Reduce unused JavaScript and defer loading scripts. [Learn how](https://x.test/).',
      }),
    ).toBe(
      'Reduce unused JavaScript (Est savings of 55 KiB). Reduce unused JavaScript and defer loading scripts.',
    );
    expect(suggestionText({ title: 'Uses a charset.' })).toBe('Uses a charset.');
    expect(suggestionText({ title: 'x', description: 'y'.repeat(400) })).toHaveLength(280);
  });
});
