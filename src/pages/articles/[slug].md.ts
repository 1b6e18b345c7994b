/**
 * /articles/<slug>.md: each article as Markdown, for AI tools and /llms.txt. A build makes them
 * all here and writes them while the pages render (src/lib/build-files.ts) rather than
 * rendering a route per article; the dev server answers each here when asked.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { getCollection, type CollectionEntry } from 'astro:content';
import { articleAsMarkdown, markdownResponse } from '../../lib/content-markdown';
import { articlePath } from '../../lib/links';
import { planFiles } from '../../lib/build-files';
import { timed } from '../../lib/build-timings';

export const getStaticPaths = (async () => {
  const articles = await getCollection('articles');
  if (import.meta.env.PROD) {
    const files = await timed('Markdown versions', () =>
      Promise.all(
        articles.map(async (article) => ({
          path: `${articlePath(article.id)}.md`,
          body: await articleAsMarkdown(article, import.meta.env.SITE),
        })),
      ),
    );
    planFiles(files);
    return [];
  }
  return articles.map((article) => ({ params: { slug: article.id }, props: { article } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props, site }) =>
  markdownResponse(
    await articleAsMarkdown((props as { article: CollectionEntry<'articles'> }).article, site!),
  );
