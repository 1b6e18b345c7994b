import { describe, expect, it } from 'vitest';
import { absolutizeLinks, brokenLinks, consultationHref, linkKind } from '../../src/lib/links';

describe('consultationHref', () => {
  it('names the page the visitor came from', () => {
    expect(consultationHref('seo')).toBe('/questionnaire?from=seo');
    expect(consultationHref('a b&c')).toBe('/questionnaire?from=a%20b%26c');
  });
});

describe('absolutizeLinks', () => {
  it('makes root-relative links and images absolute and leaves the rest alone', () => {
    const html =
      '<a href="/audit">a</a> <img src="/_astro/x.svg"> <a href="https://x.test/">b</a> ' +
      '<a href="//cdn.test/y">c</a> <a href="#top">d</a>';
    expect(absolutizeLinks(html, 'https://firm.test')).toBe(
      '<a href="https://firm.test/audit">a</a> <img src="https://firm.test/_astro/x.svg"> ' +
        '<a href="https://x.test/">b</a> <a href="//cdn.test/y">c</a> <a href="#top">d</a>',
    );
  });
});

describe('linkKind', () => {
  it.each([
    ['/articles/x', 'internal'],
    ['#section', 'fragment'],
    ['https://example.org', 'external'],
    ['http://example.org', 'external'],
    ['//example.org', 'other'],
    ['mailto:a@b.test', 'mailto'],
    ['javascript:alert(1)', 'other'],
    ['articles/x', 'other'],
  ])('%s is %s', (href, kind) => {
    expect(linkKind(href)).toBe(kind);
  });
});

describe('brokenLinks', () => {
  const routes = new Set(['/', '/articles', '/articles/ai-citation-guide']);
  const statusOf = async (path: string) => (routes.has(path) ? 200 : 404);

  it('reports an internal link to a missing route', async () => {
    expect(
      await brokenLinks(['/articles', '/articles/no-such-article', 'https://x.test'], statusOf),
    ).toEqual(['/articles/no-such-article']);
  });

  it('checks the path without its fragment, once per link', async () => {
    const asked: string[] = [];
    const broken = await brokenLinks(
      ['/articles/ai-citation-guide#step-1', '/articles/ai-citation-guide#step-1'],
      async (p) => (asked.push(p), statusOf(p)),
    );
    expect(broken).toEqual([]);
    expect(asked).toEqual(['/articles/ai-citation-guide']);
  });

  it('reports a fragment that names no element on the target page', async () => {
    const ids: Record<string, string[]> = { '/articles/ai-citation-guide': ['step-1'] };
    const hasAnchor = async (path: string, id: string) => ids[path]?.includes(id) ?? false;
    expect(
      await brokenLinks(
        [
          '/articles/ai-citation-guide#step-1',
          '/articles/ai-citation-guide#step-9',
          '/articles#anything',
          '/missing#step-1',
        ],
        statusOf,
        hasAnchor,
      ),
    ).toEqual(['/articles/ai-citation-guide#step-9', '/articles#anything', '/missing#step-1']);
  });

  it('reports links that are neither internal paths nor http(s)', async () => {
    expect(await brokenLinks(['relative/page', 'ftp://x.test/f'], statusOf)).toEqual([
      'relative/page',
      'ftp://x.test/f',
    ]);
  });
});
