/**
 * Drawing share images ahead of the pages: the build's worker thread draws what the cache lacks,
 * from each article's frontmatter, under the same names the share image route reads.
 */
import {
  copyFileSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import {
  cachedShareImage,
  prepareShareImages,
  readyShareImage,
  shareImageSource,
} from '../../src/lib/share-image';

const dir = mkdtempSync(join(tmpdir(), 'share-ahead-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
copyFileSync('src/content/articles/images/server-errors-guide.svg', join(dir, 'hero.svg'));

const siteName = 'Example Consulting Group';

/** An article file with the frontmatter the share image is drawn from. */
function article(name: string, title: string): string {
  const file = join(dir, name);
  writeFileSync(
    file,
    `---\ntitle: '${title}'\ncategory: 'Technical SEO'\nfaq:\n  - question: 'Long frontmatter?'\n    answer: 'Read whole.'\nhero:\n  image: ./hero.svg\n  alt: 'A hero'\n---\n\nBody.\n`,
  );
  return file;
}

describe('share images drawn ahead', () => {
  it('reads the title, category and hero file from the frontmatter', async () => {
    const file = article('source.mdx', 'A Title Long Enough');
    expect(await shareImageSource(file)).toEqual({
      title: 'A Title Long Enough',
      category: 'Technical SEO',
      hero: resolve(dir, 'hero.svg'),
    });
    writeFileSync(join(dir, 'untitled.mdx'), '---\ncategory: x\n---\n');
    await expect(shareImageSource(join(dir, 'untitled.mdx'))).rejects.toThrow(/no title/);
  });

  it('draws only what the cache lacks, under the names the route reads', async () => {
    const cache = join(dir, 'cache');
    const files = [article('a.mdx', 'First Article Title'), article('b.mdx', 'Second Article')];
    expect((await prepareShareImages(files, siteName, cache)).drawn).toBe(2);
    expect(readdirSync(cache)).toHaveLength(2);
    expect((await prepareShareImages(files, siteName, cache)).drawn).toBe(0);

    // The route finds the drawn file: it returns the stored bytes and adds none.
    const stored = readdirSync(cache).map((f) => readFileSync(join(cache, f)));
    const route = await cachedShareImage(
      { title: 'First Article Title', category: 'Technical SEO', siteName },
      join(dir, 'hero.svg'),
      cache,
    );
    expect(stored.some((b) => b.equals(route))).toBe(true);
    expect(readdirSync(cache)).toHaveLength(2);

    // A changed title is drawn again; the other is not.
    article('b.mdx', 'Second Article, Retitled');
    expect((await prepareShareImages(files, siteName, cache)).drawn).toBe(1);
  });

  it('hands the route each image by article file, only while its words are the same', async () => {
    const cache = join(dir, 'ready-cache');
    const file = article('r.mdx', 'Ready Article Title');
    const { ready } = await prepareShareImages([file], siteName, cache);
    const words = { title: 'Ready Article Title', category: 'Technical SEO', siteName };
    const drawn = await cachedShareImage(words, join(dir, 'hero.svg'), cache);
    expect((await readyShareImage(ready, file, words))?.equals(drawn)).toBe(true);
    // The collection read other words (or another file): the route draws it itself.
    expect(await readyShareImage(ready, file, { ...words, title: 'Edited Title' })).toBeUndefined();
    expect(await readyShareImage(ready, join(dir, 'other.mdx'), words)).toBeUndefined();
  });

  it('runs in a worker thread as Node loads it, with no build step', async () => {
    const cache = join(dir, 'worker-cache');
    const worker = new Worker(resolve('src/integrations/share-image-worker.ts'), {
      workerData: {
        articleFiles: [article('w.mdx', 'Worker Article Title')],
        siteName,
        cacheDir: cache,
      },
    });
    const result = await new Promise<{ drawn: number }>((done, fail) => {
      worker.once('message', done);
      worker.once('error', fail);
    });
    expect(result.drawn).toBe(1);
    expect(readdirSync(cache)).toHaveLength(1);
  }, 20_000);
});
