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
