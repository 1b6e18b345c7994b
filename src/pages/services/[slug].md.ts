/** /services/<slug>.md: each service page as Markdown, for AI tools and /llms.txt. */
import type { APIRoute, GetStaticPaths } from 'astro';
import { getCollection, type CollectionEntry } from 'astro:content';
import { markdownResponse, serviceAsMarkdown } from '../../lib/content-markdown';

export const getStaticPaths = (async () =>
  (await getCollection('services')).map((service) => ({
    params: { slug: service.id },
    props: { service },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props, site }) =>
  markdownResponse(
    serviceAsMarkdown((props as { service: CollectionEntry<'services'> }).service, site!),
  );
