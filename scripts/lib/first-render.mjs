// What a built page needs before it can show its opening: the files that hold up its first
// render, and the bytes up to the end of its h1. A page whose opening fits in TCP's initial
// window (10 segments, about 14 KB) with nothing else to fetch renders after one round trip.
// The benchmark (scripts/bench.mjs) and tests/build/first-render.test.ts both measure with this.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { Parser } from 'htmlparser2';

/** The bytes one round trip delivers on a new connection: the budget before the end of the h1. */
export const FIRST_ROUND_TRIP_BYTES = 14 * 1024;

/** `font-display` values that show text in a fallback font at once rather than hiding it. */
const SHOWS_TEXT = /font-display\s*:\s*(swap|optional|fallback)/;

/**
 * What in a stylesheet's text holds up rendering: each `@import` (a further file to fetch
 * first) and each `@font-face` that hides text until its font arrives.
 * @param {string} css
 * @returns {{ kind: 'import' | 'font', url: string }[]}
 */
export function cssBlockers(css) {
  const found = [];
  for (const m of css.matchAll(/@import\s+(?:url\()?\s*["']?([^"')\s;]+)/g)) {
    found.push({ kind: 'import', url: m[1] });
  }
  for (const m of css.matchAll(/@font-face\s*\{([^}]*)\}/g)) {
    if (!SHOWS_TEXT.test(m[1])) {
      const src = /url\(\s*["']?([^"')]+)/.exec(m[1]);
      found.push({ kind: 'font', url: src?.[1] ?? '(no url)' });
    }
  }
  return found;
}

/**
 * The files that block a page's first render: stylesheets it links (but print-only or
 * disabled ones), scripts with a `src` it runs before the end of its h1 without `async`, `defer`
 * or `type="module"`, and what its inline styles import or hide text for (cssBlockers).
 * Preloads, images and lazy files never block.
 * @param {string} html
 * @returns {{ kind: 'stylesheet' | 'script' | 'import' | 'font', url: string }[]}
 */
export function renderBlocking(html) {
  const found = [];
  let beforeH1End = true;
  let style = null;
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        const rel = (attrs.rel ?? '').toLowerCase().split(/\s+/);
        if (name === 'link' && rel.includes('stylesheet')) {
          const media = (attrs.media ?? 'all').trim().toLowerCase();
          if (!('disabled' in attrs) && media !== 'print' && media !== 'none') {
            found.push({ kind: 'stylesheet', url: attrs.href ?? '' });
          }
        } else if (name === 'script' && attrs.src && beforeH1End) {
          if (!('async' in attrs) && !('defer' in attrs) && attrs.type !== 'module') {
            found.push({ kind: 'script', url: attrs.src });
          }
        } else if (name === 'style') {
          style = '';
        }
      },
      ontext(text) {
        if (style !== null) style += text;
      },
      onclosetag(name) {
        if (name === 'style' && style !== null) {
          found.push(...cssBlockers(style));
          style = null;
        } else if (name === 'h1') {
          beforeH1End = false;
        }
      },
    },
    { decodeEntities: false },
  );
  parser.end(html);
  return found;
}

/**
 * Gzip bytes of the page up to the end of its first h1 (`</h1>` included), or null when it has
 * no h1.
 * @param {string} html
 */
export function gzipBeforeH1End(html) {
  const end = html.indexOf('</h1>');
  return end < 0 ? null : gzipSync(html.slice(0, end + '</h1>'.length)).length;
}

/**
 * The built content pages, each with its kind: articles, services, privacy, consultants and the
 * article list, as paths relative to `dist` (the site is built with `build.format: 'file'`).
 * @param {string} dist
 * @returns {{ kind: 'article' | 'service' | 'privacy' | 'consultants' | 'list', file: string }[]}
 */
export function contentPages(dist) {
  const inDir = (dir, kind) =>
    existsSync(join(dist, dir))
      ? readdirSync(join(dist, dir))
          .filter((f) => f.endsWith('.html'))
          .sort()
          .map((f) => ({ kind, file: `${dir}/${f}` }))
      : [];
  return [
    { kind: 'list', file: 'articles.html' },
    ...inDir('articles', 'article'),
    ...inDir('services', 'service'),
    { kind: 'consultants', file: 'consultants.html' },
    { kind: 'privacy', file: 'privacy.html' },
  ];
}
