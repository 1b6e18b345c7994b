/**
 * Every content page renders after one round trip: no file holds up its first render (its
 * stylesheet is inline, its fonts are the reader's own) and its HTML up to the end of its h1,
 * gzip, fits in TCP's initial window.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  FIRST_ROUND_TRIP_BYTES,
  contentPages,
  gzipBeforeH1End,
  renderBlocking,
} from '../../scripts/lib/first-render.mjs';

const DIST = process.env.HTML_DIST ?? 'dist';

describe('what blocks the first render', () => {
  it('finds linked stylesheets, blocking scripts, imports and fonts that hide text', () => {
    const html = `<!doctype html><html><head>
      <link rel="stylesheet" href="/a.css">
      <link rel="stylesheet" href="/print.css" media="print">
      <link rel="preload" href="/f.woff2" as="font" crossorigin>
      <script src="/sync.js"></script>
      <script src="/later.js" defer></script>
      <script src="/mod.js" type="module"></script>
      <style>@import url("/more.css");@font-face{font-family:X;src:url(/x.woff2)}
        @font-face{font-family:Y;src:url(/y.woff2);font-display:swap}</style>
      </head><body><h1>Title</h1><script src="/after.js"></script></body></html>`;
    expect(renderBlocking(html)).toEqual([
      { kind: 'stylesheet', url: '/a.css' },
      { kind: 'script', url: '/sync.js' },
      { kind: 'import', url: '/more.css' },
      { kind: 'font', url: '/x.woff2' },
    ]);
  });

  it('counts gzip bytes up to the end of the first h1', () => {
    const head = `<html><head><style>${'.a{color:red}'.repeat(50)}</style></head><body><h1>T</h1>`;
    const bytes = gzipBeforeH1End(`${head}<p>${'long text '.repeat(5000)}</p>`);
    expect(bytes).toBeGreaterThan(20);
    expect(bytes).toBeLessThan(200);
    expect(gzipBeforeH1End('<p>no heading</p>')).toBeNull();
  });
});

describe('built content pages', () => {
  const pages = contentPages(DIST);

  it('cover every kind', () => {
    const kinds = new Set(pages.map((p) => p.kind));
    expect([...kinds].sort()).toEqual(['article', 'consultants', 'list', 'privacy', 'service']);
  });

  it.each(pages)('$file: nothing blocks its first render', ({ file }) => {
    const html = readFileSync(join(DIST, file), 'utf8');
    expect(renderBlocking(html)).toEqual([]);
  });

  it.each(pages)('$file: its opening fits in the first round trip', ({ file }) => {
    const bytes = gzipBeforeH1End(readFileSync(join(DIST, file), 'utf8'));
    expect(bytes).not.toBeNull();
    expect(bytes).toBeLessThanOrEqual(FIRST_ROUND_TRIP_BYTES);
  });
});
