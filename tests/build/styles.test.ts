/**
 * Every class a built page uses is styled by the stylesheets that page loads. Each page kind
 * loads its own stylesheet made from the files its kind renders (src/styles/base.css), so a
 * component added to a layout without its stylesheet learning of it fails here, naming the page
 * and the classes.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const DIST = process.env.HTML_DIST ?? 'dist';

/**
 * Classes no stylesheet is meant to match: markers for others' selectors (`group-hover:`,
 * `peer-checked:`) and the language Markdown names on a code block.
 */
const MARKERS = /^((group|peer)(\/[\w-]+)?|language-[\w-]+)$/;

function pages(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.html'))
    .map((f) => join(dir, f));
}

/** Class names a stylesheet has selectors for, unescaped (`.sm\:px-6` is `sm:px-6`). */
export function styledClasses(css: string): Set<string> {
  const names = new Set<string>();
  for (const m of css.matchAll(/\.((?:\\.|[\w-])+)/g)) {
    names.add(m[1].replace(/\\(.)/g, '$1'));
  }
  return names;
}

/** The classes in a page's markup, and the CSS it loads (linked files and inline styles). */
function pageStyles(file: string): { classes: Set<string>; css: string } {
  const html = readFileSync(file, 'utf8');
  const classes = new Set<string>();
  for (const m of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const c of m[1].split(/\s+/)) if (c) classes.add(c.replace(/&amp;/g, '&'));
  }
  const linked = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) =>
    readFileSync(join(DIST, m[1]), 'utf8'),
  );
  const inline = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]);
  return { classes, css: [...linked, ...inline].join('\n') };
}

describe('page stylesheets', () => {
  it('the check notices an unstyled class', () => {
    const styled = styledClasses('.flex{display:flex}.sm\\:px-6{padding:0}.w-\\[40\\%\\]{}');
    expect([...styled]).toEqual(['flex', 'sm:px-6', 'w-[40%]']);
    expect(styled.has('grid')).toBe(false);
  });

  it('style every class each built page uses', () => {
    const missing: string[] = [];
    for (const file of pages(DIST)) {
      const { classes, css } = pageStyles(file);
      const styled = styledClasses(css);
      const unstyled = [...classes].filter((c) => !styled.has(c) && !MARKERS.test(c));
      if (unstyled.length) missing.push(`${relative(DIST, file)}: ${unstyled.join(' ')}`);
    }
    expect(missing).toEqual([]);
  });
});
