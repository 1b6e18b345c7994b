import { expect, test } from '@playwright/test';

/**
 * The Markdown versions of articles and service pages, through the functions in front of the
 * static files (functions/_middleware.ts, src/server/markdown-negotiation.ts) in the Workers
 * runtime.
 */
const MARKDOWN = 'text/markdown; charset=utf-8';

test('llms.txt links every service and article to a Markdown version the site serves', async ({
  request,
}) => {
  const body = await (await request.get('/llms.txt')).text();
  const links = [...body.matchAll(/\]\((https?:\/\/[^)]+)\)/g)].map((m) => new URL(m[1]).pathname);
  expect(links.filter((p) => p.startsWith('/services/')).length).toBeGreaterThan(5);
  expect(links.filter((p) => p.startsWith('/articles/')).length).toBeGreaterThan(3);
  for (const path of links) {
    expect(path).toMatch(/^\/(articles|services)\/[a-z0-9-]+\.md$/);
    const md = await request.get(path);
    expect(md.status(), path).toBe(200);
    expect(md.headers()['content-type'], path).toBe(MARKDOWN);
    expect(await md.text(), path).toMatch(/^# \S/);
  }
  const full = await request.get('/llms-full.txt');
  expect(full.headers()['content-type']).toMatch(/^text\/plain/);
  expect((await full.text()).split('\n---\n').length).toBe(links.length + 1);
});

test('a page answers Accept: text/markdown with its Markdown version, and browsers get HTML', async ({
  request,
}) => {
  const path = '/articles/server-errors-guide';
  const markdown = await request.get(path, { headers: { Accept: 'text/markdown' } });
  expect(markdown.status()).toBe(200);
  expect(markdown.headers()['content-type']).toBe(MARKDOWN);
  expect(markdown.headers()['vary']).toMatch(/\bAccept\b/);
  expect(await markdown.text()).toBe(await (await request.get(`${path}.md`)).text());

  const browser = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
  const html = await request.get(path, { headers: { Accept: browser } });
  expect(html.headers()['content-type']).toMatch(/^text\/html/);
  expect(html.headers()['vary']).toMatch(/\bAccept\b/);
  expect(await html.text()).toMatch(/^<!DOCTYPE html>/i);

  // A page without a Markdown version is not negotiated.
  const audit = await request.get('/audit', { headers: { Accept: 'text/markdown' } });
  expect(audit.headers()['content-type']).toMatch(/^text\/html/);
});
