/**
 * /og/articles/<slug>.jpg: each article's share image, drawn at build time from its title,
 * category and hero (src/lib/share-image.ts). A new article gets one with no extra step.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { getCollection, type CollectionEntry } from 'astro:content';
import { site } from '../../../site.config';
import {
  cachedShareImage,
  drawnAhead,
  heroFile,
  readyShareImage,
  SHARE_IMAGE_CACHE,
} from '../../../lib/share-image';
import { timed } from '../../../lib/build-timings';

export const getStaticPaths = (async () =>
  (await getCollection('articles')).map((article) => ({
    params: { slug: article.id },
    props: { article },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ article: CollectionEntry<'articles'> }> = async ({ props }) => {
  // The build draws the missing images ahead in a worker (src/integrations/share-images.ts).
  const ready = await drawnAhead();
  return timed('share images', async () => {
    const { id, data, filePath } = props.article;
    if (!filePath) throw new Error(`Article ${id} has no source file`);
    const words = { title: data.title, category: data.category, siteName: site.name };
    const image =
      (await readyShareImage(ready, filePath, words)) ??
      (await cachedShareImage(words, await heroFile(filePath), SHARE_IMAGE_CACHE));
    return new Response(new Uint8Array(image), { headers: { 'Content-Type': 'image/jpeg' } });
  });
};
