import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventUrl } from '../../src/features/analytics/events';
import { callRoute, expectError } from './harness';

afterEach(() => vi.restoreAllMocks());

/** A link ping as browsers send it: POST, body "PING", Content-Type text/ping. */
const ping = (path: string, env = {}, headers: Record<string, string> = {}) =>
  callRoute({
    path,
    raw: 'PING',
    headers: {
      'Content-Type': 'text/ping',
      'Ping-To': 'http://127.0.0.1:8788/questionnaire',
      ...headers,
    },
    env,
  });

describe('POST /api/analytics/event', () => {
  it('records a link ping to Analytics Engine when bound', async () => {
    const points: unknown[] = [];
    const url = eventUrl({
      name: 'consultation_click',
      category: 'Articles',
      label: 'How to Get AI Systems to Cite Your Website',
      path: '/articles/ai-citation-guide',
    });
    const res = await ping(url, { EVENTS: { writeDataPoint: (p: unknown) => points.push(p) } });
    expect(res.status).toBe(204);
    expect(points).toEqual([
      {
        blobs: [
          'consultation_click',
          '/articles/ai-citation-guide',
          '',
          'Articles',
          'How to Get AI Systems to Cite Your Website',
        ],
        indexes: ['consultation_click'],
      },
    ]);
  });

  it('logs a body-less page-view beacon without a binding', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const res = await callRoute({
      path: eventUrl({ name: 'page_view', path: '/articles', title: 'Articles | Example' }),
    });
    expect(res.status).toBe(204);
    expect(JSON.parse(String(log.mock.calls[0][0]))).toMatchObject({
      level: 'info',
      event: 'analytics.event',
      name: 'page_view',
      path: '/articles',
      title: 'Articles | Example',
    });
  });

  it('logs one JSON line whatever a label holds, so it cannot forge another line', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const label = 'Read more\nanalytics purchase /checkout';
    const url = eventUrl({
      name: 'subscribe_click',
      category: 'Articles',
      label,
      path: '/articles',
    });
    expect((await ping(url)).status).toBe(204);
    const line = String(log.mock.calls[0][0]);
    expect(line).not.toContain('\n');
    expect(JSON.parse(line)).toMatchObject({ name: 'subscribe_click', label });
  });

  it('refuses events posted from another site', async () => {
    const points: unknown[] = [];
    const EVENTS = { writeDataPoint: (p: unknown) => points.push(p) };
    const url = eventUrl({ name: 'page_view', path: '/' });
    const crossSite: Record<string, string>[] = [
      { Origin: 'https://evil.example' },
      { 'Sec-Fetch-Site': 'cross-site' },
    ];
    for (const headers of crossSite) {
      await expectError(await ping(url, { EVENTS }, headers), 403, 'cross_site_request');
    }
    expect(points).toEqual([]);
    const same = { Origin: 'http://127.0.0.1:8788', 'Sec-Fetch-Site': 'same-origin' };
    expect((await ping(url, { EVENTS }, same)).status).toBe(204);
  });

  it.each([
    ['an unknown event', '?name=purchase&path=/'],
    ['a missing path', '?name=page_view'],
    ['a path on another site', '?name=page_view&path=https://evil.test/'],
    ['a path with a query', '?name=page_view&path=/a?b'],
    ['an unbounded title', `?name=page_view&path=/&title=${'x'.repeat(201)}`],
    ['an unknown field', '?name=page_view&path=/&extra=1'],
  ])('answers 400 JSON to %s', async (_, query) => {
    await expectError(await ping(`/api/analytics/event${query}`), 400, 'invalid_event', query);
  });

  it('answers 414 to an address too long to read', async () => {
    const long = await ping(`/api/analytics/event?name=page_view&path=/${'a'.repeat(3000)}`);
    expect(long.status).toBe(414);
  });

  it('answers any query with 204 or a 4xx JSON error, never a 5xx', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const key = fc.constantFrom('name', 'path', 'title', 'category', 'label', 'extra', '__proto__');
    const value = fc.oneof(
      fc.constantFrom('page_view', 'subscribe_click', '/', '/articles', 'Articles'),
      fc.string({ maxLength: 400 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(key, value), { maxLength: 6 }), async (pairs) => {
        const res = await ping(`/api/analytics/event?${new URLSearchParams(pairs)}`);
        expect([204, 400, 414]).toContain(res.status);
        if (res.status !== 204) expect(typeof (await res.json()).error.code).toBe('string');
      }),
      { numRuns: 200 },
    );
  });
});
