/**
 * The 1200x630 image an article shows when it is shared (og:image, twitter:image, the Article's
 * `image`): its hero, darkened, under its category, its title and the firm's name. Rendered at
 * build time with sharp (libvips, already used by Astro for images) and the Inter font shipped
 * as a package, so every machine draws the same letters. Results are cached by their inputs in
 * Astro's cache folder, which Workers Builds' build cache keeps: an unchanged article costs
 * a file copy, not a render. The build draws the missing ones in a worker thread while it
 * bundles (src/integrations/share-images.ts), so this module imports only packages: Node runs
 * it as it is.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { threadId } from 'node:worker_threads';
import sharp, { type Sharp } from 'sharp';
import { parse } from 'yaml';

/** Size of a share image: the 1.91:1 card that Open Graph and X/Twitter show full width. */
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/**
 * Where builds keep drawn share images: Astro's cache folder, which Workers Builds' build cache
 * keeps between builds (and the pull-request workflow caches too).
 */
export const SHARE_IMAGE_CACHE = join(process.cwd(), 'node_modules', '.astro', 'share-images');

/** Where an article's share image is published. */
export function shareImagePath(slug: string): string {
  return `/og/articles/${slug}.jpg`;
}

/** The words on a share image. */
export interface ShareImageText {
  title: string;
  category: string;
  /** The firm's name, written at the foot of the image. */
  siteName: string;
}

/** Bump when the drawing changes, so cached images are drawn again. */
const DESIGN_VERSION = 2;

// Resolved from the project, not from this module: the build runs it from a bundle that may be
// written outside the project (astro build --outDir).
const require = createRequire(join(process.cwd(), 'package.json'));
const FONT = {
  bold: require.resolve('@expo-google-fonts/inter/800ExtraBold/Inter_800ExtraBold.ttf'),
  semibold: require.resolve('@expo-google-fonts/inter/600SemiBold/Inter_600SemiBold.ttf'),
};
/** What else decides the pixels: a new font or renderer release draws cached images again. */
const RENDERER = [
  DESIGN_VERSION,
  (require('@expo-google-fonts/inter/package.json') as { version: string }).version,
  sharp.versions.vips,
];

const NAVY = '#0b2240';
const GOLD = '#f0c14b';
const MARGIN = 80;
const TEXT_WIDTH = SHARE_IMAGE_SIZE.width - 2 * MARGIN;
/** Room for the title between the category and the firm's name. */
const TITLE_BOX = { top: 170, height: 300 };

/**
 * The top-level frontmatter entries `keys` of an article's source (each its line and the
 * indented lines under it), parsed. The rest of a long frontmatter (FAQ, sources) is never
 * parsed: it cost a large archive's build a second for nothing.
 */
function frontmatterEntries(source: string, keys: string[]): Record<string, unknown> {
  const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(source)?.[1] ?? '';
  const entries = keys.map(
    (key) => new RegExp(`^${key}:.*(?:\\r?\\n(?:[ \\t].*)?)*`, 'm').exec(frontmatter)?.[0] ?? '',
  );
  return (parse(entries.join('\n')) ?? {}) as Record<string, unknown>;
}

/** The hero file named by parsed frontmatter `data`, relative to the article. */
function heroPath(articleFile: string, data: Record<string, unknown>): string {
  const hero = (data.hero as { image?: unknown } | null | undefined)?.image;
  if (typeof hero !== 'string') throw new Error(`${articleFile}: no hero.image in the frontmatter`);
  return resolve(dirname(articleFile), hero);
}

/**
 * The hero image file of the article at `articleFile` (a path from the project root), as its
 * frontmatter names it relative to the article. Built images carry only their published
 * address, so the source is looked up where the editor wrote it.
 */
export async function heroFile(articleFile: string): Promise<string> {
  const source = await readFile(articleFile, 'utf8');
  return heroPath(articleFile, frontmatterEntries(source, ['hero']));
}

/** What an article's share image is drawn from, read from its frontmatter. */
export interface ShareImageSource {
  title: string;
  category: string;
  hero: string;
}

/**
 * The title, category and hero file of the article at `articleFile`, read from its frontmatter
 * as the articles collection reads them (src/content.config.ts), for drawing its share image
 * before the collection is loaded. The build compares the words with the collection's and
 * draws again any image whose words differ.
 */
export async function shareImageSource(articleFile: string): Promise<ShareImageSource> {
  const source = await readFile(articleFile, 'utf8');
  const data = frontmatterEntries(source, ['title', 'category', 'hero']);
  if (typeof data.title !== 'string' || typeof data.category !== 'string') {
    throw new Error(`${articleFile}: no title or category in the frontmatter`);
  }
  return { title: data.title, category: data.category, hero: heroPath(articleFile, data) };
}

/** Escapes text for Pango markup, which sharp's text renderer reads. */
export function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Raw pixels: the form sharp composites and encodes fastest. */
export interface Pixels {
  data: Buffer;
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

const pixels = async (image: Sharp): Promise<Pixels> => {
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  return { data, info: { width: info.width, height: info.height, channels: info.channels } };
};

/** Renders Pango markup with the packaged font to transparent pixels. */
function text(
  markup: string,
  font: { file: string; family: string; size: number },
  options: { width?: number; height?: number; spacing?: number } = {},
): Promise<Pixels> {
  return pixels(
    sharp({
      text: {
        text: markup,
        font: `${font.family} ${font.size}`,
        fontfile: font.file,
        rgba: true,
        wrap: 'word',
        // Sizes are in pixels (72 dpi) unless a height asks the renderer to fit the box.
        ...(options.height ? {} : { dpi: 72 }),
        ...options,
      },
    }),
  );
}

/** The title at the largest size that fits its box: long titles step down, then shrink to fit. */
async function titleLayer(title: string): Promise<Pixels> {
  const markup = `<span foreground="#ffffff">${escapeMarkup(title)}</span>`;
  for (const size of [68, 60, 52]) {
    const layer = await text(
      markup,
      { file: FONT.bold, family: 'Inter ExtraBold', size },
      { width: TEXT_WIDTH, spacing: Math.round(size * 0.18) },
    );
    if (layer.info.height <= TITLE_BOX.height) return layer;
  }
  // Given a height as well, the renderer picks the size that fills the box.
  return text(
    markup,
    { file: FONT.bold, family: 'Inter ExtraBold', size: 52 },
    { width: TEXT_WIDTH, height: TITLE_BOX.height },
  );
}

/**
 * The image without its title: the hero under a navy wash that keeps white text readable, the
 * category in a gold pill and the firm's name at the foot.
 */
async function drawFrame(hero: Buffer, category: string, siteName: string): Promise<Pixels> {
  const { width, height } = SHARE_IMAGE_SIZE;
  // Vector heroes are drawn at the output size rather than scaled up from their nominal size.
  const meta = await sharp(hero).metadata();
  const density = meta.format === 'svg' && meta.width ? (72 * width) / meta.width : undefined;
  const [label, name] = await Promise.all([
    text(
      `<span foreground="${NAVY}" letter_spacing="1536">${escapeMarkup(category.toUpperCase())}</span>`,
      { file: FONT.bold, family: 'Inter ExtraBold', size: 22 },
    ),
    text(`<span foreground="#ffffff">${escapeMarkup(siteName)}</span>`, {
      file: FONT.semibold,
      family: 'Inter SemiBold',
      size: 30,
    }),
  ]);
  const pill = { x: MARGIN, y: 84, padX: 20, padY: 12 };
  const pillHeight = label.info.height + 2 * pill.padY;
  const shapes = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <defs><linearGradient id="w" x1="0" y1="0" x2="1" y2="0.4">
        <stop offset="0" stop-color="${NAVY}" stop-opacity="0.94"/>
        <stop offset="0.6" stop-color="${NAVY}" stop-opacity="0.82"/>
        <stop offset="1" stop-color="${NAVY}" stop-opacity="0.55"/>
      </linearGradient></defs>
      <rect width="${width}" height="${height}" fill="url(#w)"/>
      <rect x="${pill.x}" y="${pill.y}" width="${label.info.width + 2 * pill.padX}" height="${pillHeight}" rx="${pillHeight / 2}" fill="${GOLD}"/>
      <rect x="${MARGIN}" y="${height - 118}" width="64" height="6" rx="3" fill="${GOLD}"/>
    </svg>`,
  );
  return pixels(
    sharp(hero, density ? { density } : {})
      .resize(width, height, { fit: 'cover' })
      .composite([
        { input: shapes },
        { input: label.data, raw: label.info, left: pill.x + pill.padX, top: pill.y + pill.padY },
        { input: name.data, raw: name.info, left: MARGIN, top: height - 92 },
      ])
      .removeAlpha(),
  );
}

/**
 * Frames drawn in this build, by hero content, category and name: articles that share them (a
 * large archive has many) draw the frame once and only their title each.
 */
const frames = new Map<string, Promise<Pixels>>();

function frame(hero: Buffer, category: string, siteName: string): Promise<Pixels> {
  const key = createHash('sha256')
    .update(JSON.stringify([category, siteName]))
    .update(hero)
    .digest('hex');
  let drawn = frames.get(key);
  if (!drawn) {
    drawn = drawFrame(hero, category, siteName);
    frames.set(key, drawn);
  }
  return drawn;
}

/** Draws the share image, a JPEG of SHARE_IMAGE_SIZE, over `hero` (the hero file's bytes). */
export async function renderShareImage(input: ShareImageText, hero: Buffer): Promise<Buffer> {
  const [base, title] = await Promise.all([
    frame(hero, input.category, input.siteName),
    titleLayer(input.title),
  ]);
  // The title sits in the middle of its box, so one line and four lines both look placed.
  const top = TITLE_BOX.top + Math.max(0, (TITLE_BOX.height - title.info.height) / 2);
  const spare = spareCanvases.pop();
  const canvas = spare?.length === base.data.length ? spare : Buffer.allocUnsafe(base.data.length);
  try {
    base.data.copy(canvas);
    over(canvas, base.info.width, title, MARGIN, Math.round(top));
    // Huffman tables are left at libjpeg's standard ones: the same pixels, a file about 8% larger,
    // and half the encoding time, which was the largest part of drawing an image.
    return await sharp(canvas, { raw: base.info })
      .jpeg({ quality: 82, optimiseCoding: false })
      .toBuffer();
  } finally {
    spareCanvases.push(canvas);
  }
}

/**
 * Canvases free for the next image: each image is a copy of its frame (2.3 MB), and allocating
 * one per image kept the garbage collector busy for a fifth of the drawing.
 */
const spareCanvases: Buffer[] = [];

/**
 * Lays RGBA text pixels over opaque RGB pixels at (left, top), in place. A plain "over" blend of
 * the one layer that differs per article: sharp's general compositing converts the whole canvas
 * and took twice as long as the rest of the drawing.
 */
export function over(canvas: Buffer, width: number, layer: Pixels, left: number, top: number) {
  const { data, info } = layer;
  const rows = Math.min(info.height, canvas.length / 3 / width - top);
  const cols = Math.min(info.width, width - left);
  for (let y = 0; y < rows; y++) {
    let from = y * info.width * 4;
    let to = ((top + y) * width + left) * 3;
    for (let x = 0; x < cols; x++, from += 4, to += 3) {
      const alpha = data[from + 3];
      if (alpha === 0) continue;
      if (alpha === 255) {
        // Most of a glyph: the blend below gives the text's own color.
        canvas[to] = data[from];
        canvas[to + 1] = data[from + 1];
        canvas[to + 2] = data[from + 2];
        continue;
      }
      const rest = 255 - alpha;
      canvas[to] = (data[from] * alpha + canvas[to] * rest + 127) / 255;
      canvas[to + 1] = (data[from + 1] * alpha + canvas[to + 1] * rest + 127) / 255;
      canvas[to + 2] = (data[from + 2] * alpha + canvas[to + 2] * rest + 127) / 255;
    }
  }
}

/** The cache file of the share image for `input` over `hero`: named by everything that draws it. */
function cacheFile(input: ShareImageText, hero: Buffer, cacheDir: string): string {
  const key = createHash('sha256')
    .update(JSON.stringify([RENDERER, input.title, input.category, input.siteName]))
    .update(hero)
    .digest('hex')
    .slice(0, 32);
  return join(cacheDir, `${key}.jpg`);
}

/** Draws the share image and stores it as `file`. */
async function drawAndStore(input: ShareImageText, hero: Buffer, file: string): Promise<Buffer> {
  const image = await renderShareImage(input, hero);
  await mkdir(dirname(file), { recursive: true });
  // Written under a temporary name and renamed, so a build stopped halfway leaves no torn file
  // (and the worker thread drawing ahead never writes over the main thread's partial file).
  const partial = `${file}.${process.pid}-${threadId}.tmp`;
  await writeFile(partial, image);
  await rename(partial, file);
  return image;
}

/**
 * The share image for `input` over the hero in `heroPath`, from `cacheDir` when an identical one
 * was drawn before (same design, font, renderer, words and hero bytes), else drawn and stored.
 */
export async function cachedShareImage(
  input: ShareImageText,
  heroPath: string,
  cacheDir: string,
): Promise<Buffer> {
  const hero = await readFile(heroPath);
  const file = cacheFile(input, hero, cacheDir);
  try {
    return await readFile(file);
  } catch {
    // Not drawn yet.
  }
  return drawAndStore(input, hero, file);
}

/** A share image in the cache, with the words it was drawn from. */
export interface ReadyShareImage {
  title: string;
  category: string;
  /** The cache file. */
  file: string;
}

/**
 * Draws the share images of the articles in `articleFiles` that `cacheDir` lacks, two at a time,
 * until `stop` says to take no more. Resolves with how many it drew and each article's image in
 * the cache, by article file, so the build copies it without reading the article and its hero
 * again. The build runs it ahead of the pages, in a worker thread.
 */
export async function prepareShareImages(
  articleFiles: string[],
  siteName: string,
  cacheDir: string,
  stop: () => boolean = () => false,
): Promise<{ drawn: number; ready: Map<string, ReadyShareImage> }> {
  let next = 0;
  let drawn = 0;
  const ready = new Map<string, ReadyShareImage>();
  const lane = async () => {
    while (next < articleFiles.length && !stop()) {
      const articleFile = articleFiles[next++];
      const source = await shareImageSource(articleFile);
      const input = { title: source.title, category: source.category, siteName };
      const hero = await readFile(source.hero);
      const file = cacheFile(input, hero, cacheDir);
      if (!existsSync(file)) {
        await drawAndStore(input, hero, file);
        drawn++;
      }
      ready.set(resolve(articleFile), { title: source.title, category: source.category, file });
    }
  };
  await Promise.all([lane(), lane()]);
  return { drawn, ready };
}

/**
 * The cache file of the article at `articleFile`'s image in `ready`, if it was drawn from the
 * same words as `input` (the collection's reading of the article); else undefined, and the
 * caller draws it.
 */
export function readyShareImageFile(
  ready: ReadonlyMap<string, ReadyShareImage>,
  articleFile: string,
  input: ShareImageText,
): string | undefined {
  const image = ready.get(resolve(articleFile));
  return image?.title === input.title && image.category === input.category ? image.file : undefined;
}
