/**
 * The articles feed (RSS 2.0): the newest articles first, each with its full rendered content.
 * MDX is rendered to HTML through Astro's container API, the supported way to render content
 * outside a page.
 */
import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { getCollection, render } from 'astro:content';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { loadRenderers } from 'astro:container';
import { getContainerRenderer } from '@astrojs/mdx/container-renderer';
import { site as firm } from '../../site.config';
import { sortNewestFirst } from '../../lib/articles';
import { absolutizeLinks, FEED_PATH } from '../../lib/links';
import { getBlock } from '../../lib/blocks';

/**
 * Feed readers only look at recent items, and rendering every article a second time would make
 * the build grow with the archive; the newest 50 are all of them for a long while.
 */
export const FEED_LIMIT = 50;

export const GET: APIRoute = async ({ site }) => {
  const origin = site!;
  const container = await AstroContainer.create({
    renderers: await loadRenderers([getContainerRenderer()]),
  });
  const intro = await getBlock('articlesIntro');
  const articles = sortNewestFirst(await getCollection('articles')).slice(0, FEED_LIMIT);
  const items = await Promise.all(
    articles.map(async (article) => {
      const { Content } = await render(article);
      const html = await container.renderToString(Content);
      return {
        title: article.data.title,
        link: `/articles/${article.id}`,
        pubDate: article.data.publishDate,
        description: article.data.description,
        categories: [article.data.category],
        content: absolutizeLinks(html, origin),
      };
    }),
  );
  return rss({
    title: `${firm.name}: ${intro.title}`,
    description: intro.body ?? firm.description,
    site: origin,
    trailingSlash: false,
    xmlns: { atom: 'http://www.w3.org/2005/Atom' },
    customData: [
      '<language>en-us</language>',
      `<atom:link href="${new URL(FEED_PATH, origin).href}" rel="self" type="application/rss+xml"/>`,
    ].join(''),
    items,
  });
};
