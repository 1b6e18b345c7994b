/**
 * Every page the build wrote is valid HTML by the W3C Nu checker (`npm test` builds first).
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateHtml } from '../html-validator';

const DIST = process.env.HTML_DIST ?? 'dist';

describe('built HTML', () => {
  it('the checker finds the errors it should', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vnu-'));
    try {
      writeFileSync(
        join(dir, 'broken.html'),
        '<!doctype html><html lang="en"><head><title>t</title></head><body><div aria-label="x">a</div></body></html><script></script>',
      );
      const errors = validateHtml(dir);
      expect(errors.map((e) => e.page)).toContain('broken.html');
      expect(errors.some((e) => e.message.includes('aria-label'))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('every built page passes the W3C Nu checker with no error', () => {
    expect(existsSync(join(DIST, 'index.html')), `no build in ${DIST}`).toBe(true);
    const errors = validateHtml(DIST).map(
      (e) => `${e.page}:${e.line ?? '?'} ${e.message} ${e.extract ?? ''}`,
    );
    expect(errors).toEqual([]);
  }, 120_000);
});
