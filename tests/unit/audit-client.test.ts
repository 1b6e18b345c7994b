import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AUDIT_FAILED_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  interpretAuditResponse,
  requestAudit,
} from '../../src/features/audit/client';
import { startStub, replyJson, type StubServer } from '../functions/harness';

const success = {
  ok: true,
  url: 'https://www.example.com/',
  scores: { performance: 91, accessibility: 80, best_practices: 100, seo: 69 },
  suggestions: ['Reduce unused JavaScript.'],
};

describe('interpretAuditResponse', () => {
  it('accepts a result with all four scores', () => {
    expect(interpretAuditResponse(200, JSON.stringify(success))).toEqual({
      ok: true,
      result: success,
    });
  });

  it('keeps the AI-visibility checks that came with a PageSpeed failure, when they read', () => {
    const visibility = {
      score: 64,
      grade: 'D',
      checks: [
        { id: 'sitemap', status: 'fail', title: 'Sitemap', detail: 'No sitemap.', fix: 'Add one.' },
      ],
    };
    const failure = (v: unknown) =>
      JSON.stringify({
        ok: false,
        error: { code: 'upstream_quota', message: 'Busy.' },
        visibility: v,
      });
    expect(interpretAuditResponse(503, failure(visibility))).toEqual({
      ok: false,
      message: 'Busy.',
      visibility,
    });
    expect(interpretAuditResponse(503, failure({ score: 'high' }))).toEqual({
      ok: false,
      message: 'Busy.',
    });
  });

  it("shows the server's message for ok:false, whatever the status", () => {
    const body = JSON.stringify({
      ok: false,
      error: { code: 'site_unreachable', message: 'Site down.' },
    });
    expect(interpretAuditResponse(422, body)).toEqual({ ok: false, message: 'Site down.' });
    expect(interpretAuditResponse(200, body)).toEqual({ ok: false, message: 'Site down.' });
  });

  it("uses the server's message, else the generic one, when scores are missing", () => {
    const { scores: _, ...noScores } = success;
    expect(interpretAuditResponse(200, JSON.stringify(noScores))).toEqual({
      ok: false,
      message: AUDIT_FAILED_MESSAGE,
    });
    expect(
      interpretAuditResponse(200, JSON.stringify({ ...noScores, error: { message: 'Partial.' } })),
    ).toEqual({ ok: false, message: 'Partial.' });
    expect(interpretAuditResponse(200, JSON.stringify({ ok: false }))).toEqual({
      ok: false,
      message: AUDIT_FAILED_MESSAGE,
    });
    // A score out of range is not a result.
    const bad = { ...success, scores: { ...success.scores, seo: 101 } };
    expect(interpretAuditResponse(200, JSON.stringify(bad)).ok).toBe(false);
  });

  it('treats an unreadable answer or an error status without a message as a network error', () => {
    expect(interpretAuditResponse(502, '<html>Bad gateway</html>')).toEqual({
      ok: false,
      message: NETWORK_ERROR_MESSAGE,
    });
    expect(interpretAuditResponse(500, '{}')).toEqual({
      ok: false,
      message: NETWORK_ERROR_MESSAGE,
    });
    expect(NETWORK_ERROR_MESSAGE).toBe(
      'Network error. Please check your connection and try again.',
    );
    expect(AUDIT_FAILED_MESSAGE).toBe('Audit failed. Please try again.');
  });
});

describe('requestAudit', () => {
  let stub: StubServer | undefined;
  afterEach(async () => {
    await stub?.close();
    stub = undefined;
    vi.restoreAllMocks();
  });

  it('posts {url} as JSON and logs the full result', async () => {
    stub = await startStub((_req, res) => replyJson(res, 200, success));
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const base = stub.url;
    const outcome = await requestAudit('https://www.example.com/', (input, init) =>
      fetch(new URL(String(input), base), init),
    );
    expect(outcome).toEqual({ ok: true, result: success });
    expect(stub.requests).toHaveLength(1);
    expect(stub.requests[0].method).toBe('POST');
    expect(stub.requests[0].url).toBe('/api/site-audit');
    expect(stub.requests[0].headers['content-type']).toBe('application/json');
    expect(stub.requests[0].json()).toEqual({ url: 'https://www.example.com/' });
    expect(log).toHaveBeenCalledWith('Audit result:', success);
  });

  it('reports a network error when the request cannot be made', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stub = await startStub((_req, res) => replyJson(res, 200, success));
    const closed = stub.url;
    await stub.close();
    stub = undefined;
    const outcome = await requestAudit('https://www.example.com/', (input, init) =>
      fetch(new URL(String(input), closed), init),
    );
    expect(outcome).toEqual({ ok: false, message: NETWORK_ERROR_MESSAGE });
  });
});
