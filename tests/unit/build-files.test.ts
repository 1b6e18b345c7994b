/** Files routes hand to the build to write (the articles' Markdown versions). */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { filesWritten, planFiles, writeFiles, writeFilesTo } from '../../src/lib/build-files';

const dir = mkdtempSync(join(tmpdir(), 'build-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('files routes hand to the build', () => {
  it('writes each file under the output folder, its folders made', async () => {
    const files = Array.from({ length: 40 }, (_, i) => ({
      path: `/articles/post-${i}.md`,
      body: `# Post ${i}\n`,
    }));
    files.push({ path: '/services/seo.md', body: '# SEO\n' });
    expect(await writeFiles(files, join(dir, 'all'))).toBe(41);
    expect(readFileSync(join(dir, 'all/articles/post-39.md'), 'utf8')).toBe('# Post 39\n');
    expect(readFileSync(join(dir, 'all/services/seo.md'), 'utf8')).toBe('# SEO\n');
  });

  it("starts writing as soon as they are handed over, into the build's output", async () => {
    const out = join(dir, 'build');
    writeFilesTo(out);
    planFiles([{ path: '/articles/a.md', body: '# A' }]);
    // A route's bundle has its own copy of the module: the build's writes are kept on globalThis.
    const registry = (globalThis as Record<symbol, { outDir: string }>)[
      Symbol.for('site.build-files')
    ];
    expect(registry.outDir).toBe(out);
    planFiles([{ path: '/articles/b.md', body: '# B' }]);
    expect(await filesWritten()).toBe(2);
    expect(readFileSync(join(out, 'articles/a.md'), 'utf8')).toBe('# A');
    expect(existsSync(join(out, 'articles/b.md'))).toBe(true);
  });

  it('fails the build when a file cannot be written', async () => {
    writeFilesTo('/dev/null/out');
    planFiles([{ path: '/a.md', body: 'x' }]);
    await expect(filesWritten()).rejects.toThrow();
  });
});
