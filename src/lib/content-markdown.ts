/**
 * The Markdown versions of the article and service collections, for the .md endpoints and
 * /llms-full.txt: each entry's frontmatter and body through src/lib/markdown.ts.
 */
import { getCollection, getEntry, type CollectionEntry } from 'astro:content';
import { articlePath } from './links';
import { articleMarkdown, serviceMarkdown } from './markdown';

/** An article as Markdown, its author named from consultants.yaml. */
export async function articleAsMarkdown(
  article: CollectionEntry<'articles'>,
  origin: string | URL,
): Promise<string> {
  const { data } = article;
  const author = await getEntry(data.author);
  if (!author)
    throw new Error(`${article.filePath}: author "${data.author.id}" is not in consultants.yaml`);
  return articleMarkdown(
    {
      path: articlePath(article.id),
      title: data.title,
      description: data.description,
      category: data.category,
      publishDate: data.publishDate,
      updatedDate: data.updatedDate,
      readTime: data.readTime,
      author: { name: author.data.name, title: author.data.title },
      takeaways: data.takeaways,
      faq: data.faq,
      sources: data.sources,
      body: article.body ?? '',
    },
    origin,
  );
}

/** A service page as Markdown. */
export function serviceAsMarkdown(
  service: CollectionEntry<'services'>,
  origin: string | URL,
): string {
  const { data } = service;
  return serviceMarkdown(
    {
      path: `/services/${service.id}`,
      title: data.title,
      description: data.description,
      hero: data.hero,
      features: data.features,
      process: data.process,
      results: data.results,
      investment: data.investment,
      cta: data.cta,
      body: service.body ?? '',
    },
    origin,
  );
}

/** Every service and article as Markdown, services first, each with its page path. */
export async function allMarkdown(
  origin: string | URL,
): Promise<{ path: string; markdown: string }[]> {
  const services = (await getCollection('services')).sort((a, b) => a.id.localeCompare(b.id));
  const articles = (await getCollection('articles')).sort((a, b) => a.id.localeCompare(b.id));
  return [
    ...services.map((s) => ({ path: `/services/${s.id}`, markdown: serviceAsMarkdown(s, origin) })),
    ...(await Promise.all(
      articles.map(async (a) => ({
        path: articlePath(a.id),
        markdown: await articleAsMarkdown(a, origin),
      })),
    )),
  ];
}

/** The answer of a Markdown endpoint (the build writes its body to a .md file). */
export function markdownResponse(markdown: string): Response {
  return new Response(markdown, { headers: { 'Content-Type': 'text/markdown; charset=utf-8' } });
}
