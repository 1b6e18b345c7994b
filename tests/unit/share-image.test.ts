import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp, { type Region } from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import {
  cachedShareImage,
  escapeMarkup,
  heroFile,
  over,
  renderShareImage,
  shareImagePath,
} from '../../src/lib/share-image';

const dir = mkdtempSync(join(tmpdir(), 'share-image-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const svgHero = readFileSync('src/content/articles/images/server-errors-guide.svg');
const words = {
  title: 'Server Errors and SEO: A Plain-English Guide to 4xx and 5xx Problems',
  category: 'Technical SEO',
  siteName: 'Example Consulting Group',
};

/** Mean brightness of a region, to tell drawn words from the background. */
async function brightness(image: Buffer, region: Region): Promise<number> {
  const crop = await sharp(image).extract(region).greyscale().png().toBuffer();
  const stats = await sharp(crop).stats();
  return stats.channels[0].mean;
}

describe('share images', () => {
  it('draws a 1200x630 JPEG with the words over the hero', async () => {
    const image = await renderShareImage(words, svgHero);
    const info = await sharp(image).metadata();
    expect([info.format, info.width, info.height]).toEqual(['jpeg', 1200, 630]);
    // White title letters lift the title band well above the darkened margin beside it.
    const titleBand = await brightness(image, { left: 80, top: 200, width: 900, height: 200 });
    const emptyBand = await brightness(image, { left: 80, top: 490, width: 900, height: 20 });
    expect(titleBand - emptyBand).toBeGreaterThan(25);
  });

  it('differs with the title, and takes raster heroes too', async () => {
    const png = await sharp({
      create: { width: 1600, height: 900, channels: 3, background: '#1d5fd1' },
    })
      .png()
      .toBuffer();
    const a = await renderShareImage(words, png);
    const b = await renderShareImage({ ...words, title: 'Another Article Entirely' }, png);
    expect((await sharp(a).metadata()).width).toBe(1200);
    expect(a.equals(b)).toBe(false);
  });

  it('fits long titles in their box by stepping the size down or shrinking to fit', async () => {
    const foot = { left: 300, top: 480, width: 800, height: 30 };
    const reference = await brightness(await renderShareImage(words, svgHero), foot);
    for (const times of [3, 8]) {
      const title = Array.from({ length: times }, () => words.title).join(' ');
      const image = await renderShareImage({ ...words, title }, svgHero);
      // The foot of the image, above the firm's name, stays clear of title letters.
      expect(Math.abs((await brightness(image, foot)) - reference), `${times}x`).toBeLessThan(3);
    }
  });

  it('caches by content: the second call reads the file, a changed title draws anew', async () => {
    const hero = join(dir, 'hero.svg');
    writeFileSync(hero, svgHero);
    const cache = join(dir, 'cache');
    const first = await cachedShareImage(words, hero, cache);
    const files = readdirSync(cache);
    expect(files).toHaveLength(1);
    // Tamper with the cached file: a cache hit returns exactly what is stored.
    writeFileSync(join(cache, files[0]), Buffer.from('cached'));
    expect((await cachedShareImage(words, hero, cache)).toString()).toBe('cached');
    const other = await cachedShareImage({ ...words, title: 'A Different Title' }, hero, cache);
    expect(readdirSync(cache)).toHaveLength(2);
    expect(other.equals(first)).toBe(false);
    // A changed hero is a different image too.
    writeFileSync(hero, readFileSync('src/content/articles/images/ai-citation-guide.svg'));
    await cachedShareImage(words, hero, cache);
    expect(readdirSync(cache)).toHaveLength(3);
  });

  it('finds the hero file an article names in its frontmatter', async () => {
    expect(await heroFile('src/content/articles/ai-citation-guide.mdx')).toBe(
      join(process.cwd(), 'src/content/articles/images/ai-citation-guide.svg'),
    );
    const bad = join(dir, 'no-hero.mdx');
    writeFileSync(bad, '---\ntitle: x\n---\nBody');
    await expect(heroFile(bad)).rejects.toThrow(/no hero.image/);
  });

  it('blends text pixels over the canvas by their alpha, clipped to the canvas', () => {
    // A 3x2 black canvas; a 2x2 white layer, opaque, half, clear and opaque, placed at (2, 0).
    const canvas = Buffer.alloc(3 * 2 * 3);
    const layer = Buffer.from([
      ...[255, 255, 255, 255],
      ...[255, 255, 255, 255],
      ...[255, 255, 255, 128],
      ...[255, 255, 255, 0],
    ]);
    over(canvas, 3, { data: layer, info: { width: 2, height: 2, channels: 4 } }, 2, 0);
    // Column 2 takes the layer's first column; its second column falls outside and is dropped.
    expect([...canvas]).toEqual([0, 0, 0, 0, 0, 0, 255, 255, 255, 0, 0, 0, 0, 0, 0, 128, 128, 128]);
  });

  it('escapes markup and publishes under /og/articles', () => {
    expect(escapeMarkup('Q&A <b>"x"</b>')).toBe('Q&#38;A &#60;b&#62;&#34;x&#34;&#60;/b&#62;');
    expect(shareImagePath('ai-citation-guide')).toBe('/og/articles/ai-citation-guide.jpg');
  });
});
