/**
 * /og/articles/<slug>.jpg: each article's share image, drawn from its title, category and hero
 * (src/lib/share-image.ts). A new article gets one with no extra step. A build lists the
 * articles here and publishes their images after the pages, copied from the cache where they
 * were drawn ahead (src/lib/share-image-build.ts); the dev server draws each here when asked.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { getCollection, type CollectionEntry } from 'astro:content';
import { site } from '../../../site.config';
import { cachedShareImage, heroFile, SHARE_IMAGE_CACHE } from '../../../lib/share-image';
import { planShareImages } from '../../../lib/share-image-build';

/** The article's source file, which its share image is drawn from. */
function sourceFile({ id, filePath }: CollectionEntry<'articles'>): string {
  if (!filePath) throw new Error(`Article ${id} has no source file`);
  return filePath;
}

const words = ({ data }: CollectionEntry<'articles'>) => ({
  title: data.title,
  category: data.category,
  siteName: site.name,
});

export const getStaticPaths = (async () => {
  const articles = await getCollection('articles');
  if (import.meta.env.PROD) {
    planShareImages(
      articles.map((a) => ({ slug: a.id, articleFile: sourceFile(a), words: words(a) })),
    );
    return [];
  }
  return articles.map((article) => ({ params: { slug: article.id }, props: { article } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute<{ article: CollectionEntry<'articles'> }> = async ({ props }) => {
  const { article } = props;
  const image = await cachedShareImage(
    words(article),
    await heroFile(sourceFile(article)),
    SHARE_IMAGE_CACHE,
  );
  return new Response(new Uint8Array(image), { headers: { 'Content-Type': 'image/jpeg' } });
};
