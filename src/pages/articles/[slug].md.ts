/** /articles/<slug>.md: each article as Markdown, for AI tools and /llms.txt. */
import type { APIRoute, GetStaticPaths } from 'astro';
import { getCollection, type CollectionEntry } from 'astro:content';
import { articleAsMarkdown, markdownResponse } from '../../lib/content-markdown';
import { timed } from '../../lib/build-timings';

export const getStaticPaths = (async () =>
  (await getCollection('articles')).map((article) => ({
    params: { slug: article.id },
    props: { article },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props, site }) =>
  timed('Markdown versions', async () =>
    markdownResponse(
      await articleAsMarkdown((props as { article: CollectionEntry<'articles'> }).article, site!),
    ),
  );
