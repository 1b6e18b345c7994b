import { describe, expect, it } from 'vitest';
import {
  isMarkdownTwin,
  markdownTwinPath,
  prefersMarkdown,
  serveMarkdownTwin,
} from '#server/markdown-negotiation';
import type { AssetsBinding as Assets } from '#server/env';

describe('which addresses have a Markdown version', () => {
  const table: [path: string, twin: string | null][] = [
    ['/articles/ai-citation-guide', '/articles/ai-citation-guide.md'],
    ['/services/seo', '/services/seo.md'],
    ['/articles', null],
    ['/articles/', null],
    ['/articles/feed.xml', null],
    ['/articles/ai-citation-guide.md', null],
    ['/articles/a/b', null],
    ['/articles/Upper-Case', null],
    ['/services/seo/', null],
    ['/audit', null],
    ['/', null],
  ];
  it.each(table)('%s -> %s', (path, twin) => {
    expect(markdownTwinPath(path)).toBe(twin);
  });

  it('knows a Markdown version by its own address', () => {
    expect(isMarkdownTwin('/services/seo.md')).toBe(true);
    expect(isMarkdownTwin('/llms.md')).toBe(false);
    expect(isMarkdownTwin('/articles/x.md.html')).toBe(false);
  });
});

describe('whether a request prefers Markdown', () => {
  const table: [accept: string | null, markdown: boolean][] = [
    ['text/markdown', true],
    ['text/markdown, text/html;q=0.9', true],
    ['text/markdown, text/html', true],
    ['text/html, text/markdown', true],
    ['text/markdown;q=0.5, text/html', false],
    ['TEXT/MARKDOWN; charset=utf-8', true],
    ['text/markdown;q=0', false],
    ['text/plain, text/markdown;q=0.9, */*;q=0.8', true],
    // What browsers send: Markdown only through a wildcard.
    ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', false],
    ['*/*', false],
    ['text/*', false],
    ['', false],
    [null, false],
    ['text/markdown;q=abc', false],
  ];
  it.each(table)('%s -> %s', (accept, markdown) => {
    expect(prefersMarkdown(accept)).toBe(markdown);
  });
});

describe('serveMarkdownTwin', () => {
  const page = () =>
    Promise.resolve(new Response('<!doctype html>', { headers: { 'Content-Type': 'text/html' } }));
  const assets = (files: Record<string, string>): Assets & { asked: string[] } => {
    const asked: string[] = [];
    return {
      asked,
      fetch: async (input) => {
        const path = new URL(input instanceof Request ? input.url : input).pathname;
        asked.push(path);
        return path in files
          ? new Response(files[path], { headers: { 'Content-Type': 'application/octet-stream' } })
          : new Response('missing', { status: 404 });
      },
    };
  };
  const get = (path: string, accept?: string, method = 'GET') =>
    new Request(`https://www.example.com${path}`, {
      method,
      headers: accept ? { Accept: accept } : {},
    });

  it('answers a page address with its Markdown when asked, both answers varying on Accept', async () => {
    const files = assets({ '/articles/guide.md': '# Guide' });
    const markdown = (await serveMarkdownTwin(
      get('/articles/guide', 'text/markdown'),
      page,
      files,
    ))!;
    expect(markdown.headers.get('Content-Type')).toBe('text/markdown; charset=utf-8');
    expect(markdown.headers.get('Vary')).toBe('Accept');
    expect(await markdown.text()).toBe('# Guide');
    const html = (await serveMarkdownTwin(get('/articles/guide', 'text/html'), page, files))!;
    expect(html.headers.get('Content-Type')).toBe('text/html');
    expect(html.headers.get('Vary')).toBe('Accept');
    expect(files.asked).toEqual(['/articles/guide.md']);
  });

  it('serves the page when the Markdown is missing, and leaves other addresses alone', async () => {
    const files = assets({});
    const html = (await serveMarkdownTwin(get('/services/none', 'text/markdown'), page, files))!;
    expect(html.headers.get('Content-Type')).toBe('text/html');
    expect(await serveMarkdownTwin(get('/audit', 'text/markdown'), page, files)).toBeUndefined();
    const posted = (await serveMarkdownTwin(
      get('/services/seo', 'text/markdown', 'POST'),
      page,
      files,
    ))!;
    expect(posted.headers.get('Content-Type')).toBe('text/html');
  });

  it('types a Markdown file asked for by its .md address', async () => {
    const md = () =>
      Promise.resolve(
        new Response('# SEO', { headers: { 'Content-Type': 'application/octet-stream' } }),
      );
    const answer = (await serveMarkdownTwin(get('/services/seo.md'), md, undefined))!;
    expect(answer.headers.get('Content-Type')).toBe('text/markdown; charset=utf-8');
  });
});
