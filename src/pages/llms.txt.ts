/**
 * /llms.txt: a plain Markdown summary of the firm for language models, from the collections. Each
 * service and article links to its Markdown version (<page>.md).
 */
import type { APIRoute } from 'astro';
import { getCollection } from 'astro:content';
import { site as firm } from '../site.config';
import { buildLlmsTxt } from '../lib/llms';
import { sortNewestFirst } from '../lib/articles';
import { serviceName } from '../lib/services';
import { markdownPath } from '../lib/markdown';

export const GET: APIRoute = async ({ site }) => {
  const services = (await getCollection('services'))
    // Home-page order first; services without a home card follow by name.
    .sort(
      (a, b) =>
        (a.data.card?.order ?? Infinity) - (b.data.card?.order ?? Infinity) ||
        serviceName(a.data).localeCompare(serviceName(b.data)),
    )
    .map((s) => ({
      path: markdownPath(`/services/${s.id}`),
      name: serviceName(s.data),
      description: s.data.description,
      startingPrice: s.data.investment?.startingPrice,
      range: s.data.investment?.range,
    }));
  const articles = sortNewestFirst(await getCollection('articles')).map((a) => ({
    path: markdownPath(`/articles/${a.id}`),
    title: a.data.title,
    description: a.data.description,
    category: a.data.category,
    publishDate: a.data.publishDate,
  }));
  const body = buildLlmsTxt({ site: firm, origin: site!, services, articles });
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
