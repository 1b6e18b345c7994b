/**
 * /og/articles/<slug>.jpg: each article's share image, drawn at build time from its title,
 * category and hero (src/lib/share-image.ts). A new article gets one with no extra step.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { getCollection, type CollectionEntry } from 'astro:content';
import { join } from 'node:path';
import { site } from '../../../site.config';
import { cachedShareImage, heroFile } from '../../../lib/share-image';

export const getStaticPaths = (async () =>
  (await getCollection('articles')).map((article) => ({
    params: { slug: article.id },
    props: { article },
  }))) satisfies GetStaticPaths;

/** Astro's cache folder, which Workers Builds' build cache keeps between builds. */
const CACHE_DIR = join(process.cwd(), 'node_modules', '.astro', 'share-images');

export const GET: APIRoute<{ article: CollectionEntry<'articles'> }> = async ({ props }) => {
  const { id, data, filePath } = props.article;
  if (!filePath) throw new Error(`Article ${id} has no source file`);
  const image = await cachedShareImage(
    { title: data.title, category: data.category, siteName: site.name },
    await heroFile(filePath),
    CACHE_DIR,
  );
  return new Response(new Uint8Array(image), { headers: { 'Content-Type': 'image/jpeg' } });
};
