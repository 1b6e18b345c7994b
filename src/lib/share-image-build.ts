/**
 * How a build publishes the articles' share images. A worker thread draws what the cache lacks
 * while the build bundles (src/integrations/share-images.ts); after the pages, the same
 * integration copies each article's image from the cache to /og/articles/<slug>.jpg. Rendered
 * as a route, the images took a millisecond or two each of the pages' time for what is a file
 * copy. The route (src/pages/og/articles/[slug].jpg.ts) lists the articles for the build and
 * draws the images itself on the dev server.
 */
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import {
  cachedShareImage,
  heroFile,
  readyShareImageFile,
  SHARE_IMAGE_CACHE,
  shareImagePath,
  type ReadyShareImage,
  type ShareImageText,
} from './share-image';

/** An article whose share image the build publishes. */
export interface PlannedShareImage {
  slug: string;
  /** The article's source file, from the project root. */
  articleFile: string;
  /** Its words as the articles collection reads them. */
  words: ShareImageText;
}

// Kept on globalThis: the route runs from a bundle with its own copy of this module, in the same
// process as the integration.
const AHEAD = Symbol.for('site.share-images-ahead');
const PLANNED = Symbol.for('site.share-images-planned');
type Registry = {
  [AHEAD]?: Promise<ReadonlyMap<string, ReadyShareImage>>;
  [PLANNED]?: PlannedShareImage[];
};
const registry = globalThis as Registry;

/** Marks the share images as being drawn ahead until `done` resolves with them. */
export function drawingAhead(done: Promise<ReadonlyMap<string, ReadyShareImage>>): void {
  registry[AHEAD] = done;
}

/** The share images drawn ahead, once they are in the cache (none when none were). */
export function drawnAhead(): Promise<ReadonlyMap<string, ReadyShareImage>> {
  return registry[AHEAD] ?? Promise.resolve(new Map());
}

/** Records the articles whose share images this build publishes after the pages. */
export function planShareImages(articles: PlannedShareImage[]): void {
  registry[PLANNED] = articles;
}

/** The articles recorded by planShareImages in this build, if any. */
export function plannedShareImages(): PlannedShareImage[] | undefined {
  return registry[PLANNED];
}

/** Images written at once. */
const WRITE_BATCH = 16;

/**
 * Writes the share image of each of `articles` into `outDir`: a copy of the cache file drawn
 * ahead, or, when the worker drew none for the article's words, drawn (or read from the cache)
 * here. Resolves with how many it wrote.
 */
export async function publishShareImages(
  articles: PlannedShareImage[],
  outDir: string,
): Promise<number> {
  const ready = await drawnAhead();
  const dirs = new Set(articles.map((a) => dirname(join(outDir, shareImagePath(a.slug)))));
  await Promise.all([...dirs].map((dir) => mkdir(dir, { recursive: true })));
  for (let i = 0; i < articles.length; i += WRITE_BATCH) {
    await Promise.all(
      articles.slice(i, i + WRITE_BATCH).map(async ({ slug, articleFile, words }) => {
        const out = join(outDir, shareImagePath(slug));
        const drawn = readyShareImageFile(ready, articleFile, words);
        if (drawn) return copyFile(drawn, out);
        const hero = await heroFile(articleFile);
        return writeFile(out, await cachedShareImage(words, hero, SHARE_IMAGE_CACHE));
      }),
    );
  }
  return articles.length;
}
