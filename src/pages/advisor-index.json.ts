import type { APIRoute } from 'astro';
import { getCollection, getEntry, render, type CollectionEntry } from 'astro:content';
import {
  ADVISOR_ARTICLE_LIMIT,
  advisorArticles,
  buildAdvisorIndex,
} from '../features/advisor/index/build';
import { getBlock } from '../lib/blocks';
import { site } from '../site.config';

/**
 * The chat advisor's index, generated from the content collections (the newest articles) at
 * build time. Only the chat function reads it (through the static-asset binding); no page
 * loads it.
 */
export const GET: APIRoute = async () => {
  const allArticles = await getCollection('articles');
  if (allArticles.length > ADVISOR_ARTICLE_LIMIT) {
    console.warn(
      `The chat advisor reads the newest ${ADVISOR_ARTICLE_LIMIT} of ${allArticles.length} articles (src/features/advisor/index/build.ts).`,
    );
  }
  const [services, articles, faqs, consultants] = await Promise.all([
    withHeadings(await getCollection('services')),
    withHeadings(advisorArticles(allArticles)),
    getCollection('faqs'),
    getCollection('consultants'),
  ]);
  const contactIntro = (await getBlock('contact')).body ?? '';
  const audit = await getBlock('auditIntro');
  const privacy = await getEntry('pages', 'privacy');
  if (!privacy) throw new Error('Missing src/content/pages/privacy.mdx');
  const where = `${site.address.region}, ${site.address.country}`;
  const index = buildAdvisorIndex({
    firm: site,
    contactIntro,
    blocks: {
      services: (await getBlock('services')).body,
      consultation: (await getBlock('consultation')).body,
      consultants: (await getBlock('consultants')).body,
    },
    services,
    articles,
    faqs,
    consultants,
    pages: [{ url: '/audit', title: audit.title, text: audit.body ?? '' }],
    mdxPages: [
      {
        url: '/privacy',
        title: privacy.data.title,
        body: privacy.body ?? '',
        headings: (await render(privacy)).headings,
        // What src/components/mdx/DataController.astro and the policy's expressions show.
        rendering: {
          components: {
            DataController: [
              `Data controller: ${site.legalName}, ${where}.`,
              `${site.privacy.label}: ${site.privacy.email}. ${site.privacy.description}`,
            ].join('\n'),
          },
          expressions: { 'site.legalName': site.legalName },
        },
      },
    ],
  });
  return new Response(JSON.stringify(index), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
};

/** Entries with the heading ids their pages render, so the advisor links to the right place. */
async function withHeadings<E extends CollectionEntry<'services' | 'articles'>>(entries: E[]) {
  return Promise.all(
    entries.map(async (entry) => ({ ...entry, headings: (await render(entry)).headings })),
  );
}
