/** Files routes hand to the build for after the pages (the articles' Markdown versions). */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { planFiles, takePlannedFiles, writeFiles } from '../../src/lib/build-files';

const dir = mkdtempSync(join(tmpdir(), 'build-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('files written after the pages', () => {
  it('keeps what every copy of the module plans, once', () => {
    planFiles([{ path: '/articles/a.md', body: '# A' }]);
    // A route's bundle has its own copy of the module: the plan is kept on globalThis.
    const registry = globalThis as Record<symbol, unknown>;
    expect(registry[Symbol.for('site.build-files')]).toEqual([
      { path: '/articles/a.md', body: '# A' },
    ]);
    planFiles([{ path: '/articles/b.md', body: '# B' }]);
    expect(takePlannedFiles().map((f) => f.path)).toEqual(['/articles/a.md', '/articles/b.md']);
    expect(takePlannedFiles()).toEqual([]);
  });

  it('writes each file under the output folder, its folders made', async () => {
    const files = Array.from({ length: 40 }, (_, i) => ({
      path: `/articles/post-${i}.md`,
      body: `# Post ${i}\n`,
    }));
    files.push({ path: '/services/seo.md', body: '# SEO\n' });
    expect(await writeFiles(files, dir)).toBe(41);
    expect(readFileSync(join(dir, 'articles', 'post-39.md'), 'utf8')).toBe('# Post 39\n');
    expect(readFileSync(join(dir, 'services', 'seo.md'), 'utf8')).toBe('# SEO\n');
  });
});
