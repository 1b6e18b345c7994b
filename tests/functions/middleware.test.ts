import { describe, expect, it } from 'vitest';
import { HttpError, readJson } from '#server/http';
import { callFunction } from './harness';

describe('functions middleware', () => {
  it('turns a thrown HttpError into its JSON error', async () => {
    const res = await callFunction(() => {
      throw new HttpError(400, 'bad_input', 'Nope.', { url: ['Required'] });
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: { code: 'bad_input', message: 'Nope.', fields: { url: ['Required'] } },
    });
  });

  it('hides an unexpected error behind a generic JSON message, with no stack', async () => {
    const res = await callFunction(
      () => {
        throw new Error('secret detail at /srv/app.js:12');
      },
      { path: '/api/x' },
    );
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toContain('secret');
    expect(JSON.parse(text).error.code).toBe('internal_error');
  });

  it('adds security headers to API answers', async () => {
    const res = await callFunction(() => new Response('{}'), { path: '/api/x' });
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
  });

  /** The headers every API answer carries, and nothing more of their kind. */
  const API_HEADERS = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
  const securityHeaders = (res: Response) =>
    Object.fromEntries(
      [...res.headers].filter(
        ([name]) => !['content-type', 'content-length', 'cache-control'].includes(name),
      ),
    );

  it.each([
    ['an answer', () => new Response('{}')],
    [
      'an error',
      () => {
        throw new HttpError(400, 'bad_input', 'Nope.');
      },
    ],
  ])('sends exactly the security headers on %s', async (_, handler) => {
    const res = await callFunction(handler, { path: '/api/x' });
    expect(securityHeaders(res)).toEqual(API_HEADERS);
  });

  it('sends the same headers on a table route, and keeps a header the route set itself', async () => {
    const res = await callFunction(
      () => new Response('{}', { headers: { 'Cross-Origin-Resource-Policy': 'cross-origin' } }),
      { path: '/api/questionnaire', body: {} },
    );
    expect(securityHeaders(res)).toEqual({
      ...API_HEADERS,
      'cross-origin-resource-policy': 'cross-origin',
    });
  });

  const echo = async ({ request }: { request: Request }) =>
    new Response(JSON.stringify(await readJson(request, 100)));
  const json = { 'Content-Type': 'application/json' };
  const form = { 'Content-Type': 'application/x-www-form-urlencoded' };

  it.each([
    ['reads JSON within the body limit', { body: { a: 1 } }, 200],
    ['refuses a body over the limit', { raw: 'x'.repeat(101) }, 413],
    ['refuses JSON that does not parse', { raw: '{nope', headers: json }, 400],
    ['refuses another content type', { raw: 'a=1', headers: form }, 415],
  ])('%s (%i)', async (_, call, status) => {
    expect((await callFunction(echo, call)).status).toBe(status);
  });
});
