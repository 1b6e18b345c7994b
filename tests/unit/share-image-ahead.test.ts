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
import { afterAll, describe, expect, it } from 'vitest';
import {
  cachedShareImage,
  prepareShareImages,
  readyShareImageFile,
  shareImageSource,
} from '../../src/lib/share-image';
import {
  drawingAhead,
  publishShareImages,
  startDrawingAhead,
} from '../../src/lib/share-image-build';

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

  it('parses only the entries it needs, however long the rest of the frontmatter', async () => {
    const file = join(dir, 'long.mdx');
    writeFileSync(
      file,
      "---\nfaq:\n  - question: [an entry the image never reads, left unclosed\ntitle: >-\n  A Folded\n  Title\ncategory: 'AI Optimization'\nhero:\n  image: ./hero.svg\n---\n",
    );
    expect(await shareImageSource(file)).toEqual({
      title: 'A Folded Title',
      category: 'AI Optimization',
      hero: resolve(dir, 'hero.svg'),
    });
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

  it("names each article's drawn file, only while its words are the same", async () => {
    const cache = join(dir, 'ready-cache');
    const file = article('r.mdx', 'Ready Article Title');
    const { ready } = await prepareShareImages([file], siteName, cache);
    const words = { title: 'Ready Article Title', category: 'Technical SEO', siteName };
    const drawn = await cachedShareImage(words, join(dir, 'hero.svg'), cache);
    expect(readFileSync(readyShareImageFile(ready, file, words)!).equals(drawn)).toBe(true);
    // The collection read other words (or another file): the build draws it itself.
    expect(readyShareImageFile(ready, file, { ...words, title: 'Edited Title' })).toBeUndefined();
    expect(readyShareImageFile(ready, join(dir, 'other.mdx'), words)).toBeUndefined();
  });

  it("publishes each planned article's image into the output, drawn ahead or not", async () => {
    const cache = join(dir, 'publish-cache');
    const out = join(dir, 'dist');
    const ahead = article('p1.mdx', 'Drawn Ahead Title');
    const late = article('p2.mdx', 'Not Drawn Ahead');
    const words = (title: string) => ({ title, category: 'Technical SEO', siteName });
    const { ready } = await prepareShareImages([ahead], siteName, cache);
    drawingAhead(async () => ready);
    const planned = [
      { slug: 'drawn-ahead', articleFile: ahead, words: words('Drawn Ahead Title') },
      { slug: 'nested/late', articleFile: late, words: words('Not Drawn Ahead') },
    ];
    expect(await publishShareImages(planned, out)).toBe(2);
    for (const { slug, articleFile, words: w } of planned) {
      const published = readFileSync(join(out, 'og/articles', `${slug}.jpg`));
      const expected = await cachedShareImage(w, (await shareImageSource(articleFile)).hero, cache);
      expect(published.equals(expected)).toBe(true);
    }
  });

  it('stops taking articles when told, and keeps what it drew', async () => {
    const cache = join(dir, 'stop-cache');
    const files = [article('s1.mdx', 'Stop One'), article('s2.mdx', 'Stop Two')];
    expect(await prepareShareImages(files, siteName, cache, () => true)).toEqual({
      drawn: 0,
      ready: new Map(),
    });
    let taken = 0;
    const { drawn, ready } = await prepareShareImages(files, siteName, cache, () => taken++ > 0);
    expect(drawn).toBe(1);
    expect([...ready.keys()]).toEqual([resolve(files[0])]);
  });

  it('runs in a worker thread as Node loads it, and stops when told', async () => {
    const cache = join(dir, 'worker-cache');
    const worker = startDrawingAhead(resolve('src/integrations/share-image-worker.ts'), {
      articleFiles: [article('w.mdx', 'Worker Article Title')],
      siteName,
      cacheDir: cache,
    });
    const result = await worker.done;
    expect(result?.drawn).toBe(1);
    expect(readdirSync(cache)).toHaveLength(1);
    expect(result?.ready.get(resolve(dir, 'w.mdx'))?.title).toBe('Worker Article Title');
    // Asked to finish after it is done, it gives the same answer.
    expect(await worker.finish()).toBe(result);

    // Asked to finish at once, it completes only the articles its two lanes had taken.
    const stopped = startDrawingAhead(resolve('src/integrations/share-image-worker.ts'), {
      articleFiles: ['f1', 'f2', 'f3', 'f4'].map((f) => article(`${f}.mdx`, `Finish ${f}`)),
      siteName,
      cacheDir: join(dir, 'stopped-cache'),
    });
    const early = await stopped.finish();
    expect(early?.drawn).toBeLessThanOrEqual(2);
    expect(early?.ready.size).toBe(early?.drawn);
  }, 20_000);
});
