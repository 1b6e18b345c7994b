/**
 * How a build publishes the articles' share images. A worker thread draws what the cache lacks
 * from the start of the build (src/integrations/share-images.ts); after the pages, the same
 * integration publishes each article's image from the cache at /og/articles/<slug>.jpg and draws
 * what the worker had not reached. Rendered as a route, the images took a millisecond or two each of the
 * pages' time for what is a file copy. The route (src/pages/og/articles/[slug].jpg.ts) lists the
 * articles for the build and draws the images itself on the dev server.
 */
import { copyFile, link, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
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
  [AHEAD]?: () => Promise<ReadonlyMap<string, ReadyShareImage>>;
  [PLANNED]?: PlannedShareImage[];
};
const registry = globalThis as Registry;

/**
 * Marks the share images as being drawn ahead: `finish` asks the drawing to take no more
 * articles and resolves with the images it drew.
 */
export function drawingAhead(finish: () => Promise<ReadonlyMap<string, ReadyShareImage>>): void {
  registry[AHEAD] = finish;
}

/** Ends the drawing ahead; resolves with the share images it put in the cache (none if none). */
export function drawnAhead(): Promise<ReadonlyMap<string, ReadyShareImage>> {
  return registry[AHEAD]?.() ?? Promise.resolve(new Map());
}

/** What the worker answers when it is done. */
export interface AheadResult {
  drawn: number;
  ready: Map<string, ReadyShareImage>;
  ms: number;
}

/**
 * Starts the worker thread `script` (src/integrations/share-image-worker.ts) on `job`. `done`
 * resolves with its answer when it has drawn them all; `finish` asks it to take no more
 * articles first. Either resolves with undefined if the worker failed.
 */
export function startDrawingAhead(
  script: string,
  job: { articleFiles: string[]; siteName: string; cacheDir: string },
): {
  done: Promise<AheadResult | undefined>;
  finish: () => Promise<AheadResult | undefined>;
} {
  const worker = new Worker(script, { workerData: job });
  const answer = new Promise<AheadResult | undefined>((resolve) => {
    worker.once('message', (message: AheadResult) => resolve(message));
    worker.once('error', () => resolve(undefined));
    worker.once('exit', () => resolve(undefined));
  });
  let finished = false;
  return {
    done: answer,
    finish: () => {
      if (!finished) worker.postMessage('finish');
      finished = true;
      return answer;
    },
  };
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
 * The cache file as the output file: a second name for the same bytes where the file system
 * allows it (no copy, and no new file for it to allocate), else a copy.
 */
async function publishCopy(cached: string, out: string): Promise<void> {
  try {
    await link(cached, out);
  } catch {
    await copyFile(cached, out);
  }
}

/**
 * Writes the share image of each of `articles` into `outDir`: the cache file drawn ahead, or,
 * when the worker drew none for the article's words, drawn (or read from the cache) here.
 * Resolves with how many it wrote.
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
        if (drawn) return publishCopy(drawn, out);
        const hero = await heroFile(articleFile);
        return writeFile(out, await cachedShareImage(words, hero, SHARE_IMAGE_CACHE));
      }),
    );
  }
  return articles.length;
}
