/**
 * Every "learn more" link of the audit's checks leads to a section that exists in the built
 * site (`npm test` builds first), so renaming a heading cannot leave the report pointing nowhere.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LEARN_MORE } from '../../src/features/audit/visibility/learn-more';

const DIST = process.env.HTML_DIST ?? 'dist';

describe("the audit's learn-more links", () => {
  it.each(Object.entries(LEARN_MORE))('%s points at a built section', (_name, { href }) => {
    const [path, anchor] = href.split('#');
    const file = join(DIST, `${path}.html`);
    expect(existsSync(file), `${file} is not built`).toBe(true);
    expect(anchor, href).toBeTruthy();
    expect(readFileSync(file, 'utf8')).toContain(`id="${anchor}"`);
  });
});
