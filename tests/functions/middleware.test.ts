import { describe, expect, it } from 'vitest';
import { HttpError, readJson } from '../../functions/_lib/http';
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

  it('reads JSON within the body limit and refuses more, bad JSON and other types', async () => {
    const handler = async ({ request }: { request: Request }) =>
      new Response(JSON.stringify(await readJson(request, 100)));
    expect((await callFunction(handler, { body: { a: 1 } })).status).toBe(200);
    expect((await callFunction(handler, { raw: 'x'.repeat(101) })).status).toBe(413);
    expect(
      (
        await callFunction(handler, {
          raw: '{nope',
          headers: { 'Content-Type': 'application/json' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await callFunction(handler, {
          raw: 'a=1',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        })
      ).status,
    ).toBe(415);
  });
});
