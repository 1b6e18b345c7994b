import { describe, expect, it } from 'vitest';
import { callRoute } from './harness';

const KEY = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';

/** The built site, as the assets binding serves it. */
const ASSETS = { fetch: async () => new Response('static file', { status: 200 }) };

/** Asks the Worker for `path`; every file but the key comes from the assets binding. */
function get(path: string, env: Record<string, string> = { INDEXNOW_KEY: KEY }, method = 'GET') {
  return callRoute({ method, path, env: { ...env, ASSETS } });
}

describe('GET /{INDEXNOW_KEY}.txt', () => {
  it('answers the key as text/plain', async () => {
    const res = await get(`/${KEY}.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/plain; charset=utf-8');
    expect(await res.text()).toBe(KEY);
    const head = await get(`/${KEY}.txt`, undefined, 'HEAD');
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('leaves every other .txt path to the static files', async () => {
    for (const path of ['/robots.txt', '/llms.txt', `/${KEY}x.txt`, `/${KEY.toUpperCase()}.txt`]) {
      expect(await (await get(path)).text(), path).toBe('static file');
    }
  });

  it('serves nothing of its own while INDEXNOW_KEY is unset or invalid', async () => {
    expect(await (await get(`/${KEY}.txt`, {})).text()).toBe('static file');
    expect(await (await get('/short.txt', { INDEXNOW_KEY: 'short' })).text()).toBe('static file');
  });
});
