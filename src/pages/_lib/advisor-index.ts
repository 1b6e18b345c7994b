/**
 * The chat advisor's index, generated from the content collections (the newest articles) at
 * build time, once per build: /advisor-index.json serves it to the Worker, and the home page
 * asks the advisor built on it which starter questions to offer.
 */
import { getCollection, getEntry, render, type CollectionEntry } from 'astro:content';
import {
  ADVISOR_ARTICLE_LIMIT,
  advisorArticles,
  buildAdvisorIndex,
  englishStemsAhead,
  joinNames,
  prepareAdvisor,
  starterQuestions,
  type AdvisorIndex,
} from '../../features/advisor/build';
import { getBlock, getBlocks } from '../../lib/blocks';
import { STEPS } from '../../features/leads/build';
import { site } from '../../site.config';
import { timed } from '../../lib/build-timings';

let building: Promise<AdvisorIndex> | undefined;

/** The index of this build (made on first use). */
export function advisorIndex(): Promise<AdvisorIndex> {
  building ??= timed('advisor index', build);
  return building;
}

/**
 * The questions the empty chat offers: the site's FAQ questions the advisor answers well
 * (src/features/advisor/starters.ts).
 */
export async function chatStarters(): Promise<string[]> {
  const advisor = prepareAdvisor(await advisorIndex());
  const faqs = (await getCollection('faqs')).sort((a, b) => a.data.order - b.data.order);
  return starterQuestions(
    advisor,
    faqs.map((f) => f.data.question),
  );
}

/** The home page's opening: what the firm does, for whom, and how it works (blocks.yaml `hero`). */
async function homeIntro() {
  const hero = await getBlock('hero');
  return {
    url: '/#hero-heading',
    title: hero.title,
    text: [
      hero.eyebrow && `${hero.eyebrow}.`,
      hero.body,
      ...(hero.items ?? []).map((tile) => `- ${tile.title}: ${tile.body}`),
    ]
      .filter(Boolean)
      .join('\n'),
  };
}

/** The articles page's introduction: what the articles are and how to follow them by feed. */
async function articlesPage() {
  const {
    articlesIntro: intro,
    stayUpdated: stay,
    subscribe,
  } = await getBlocks('articlesIntro', 'stayUpdated', 'subscribe');
  const feed = stay.actions?.[0]?.href;
  return {
    url: '/articles',
    title: intro.title,
    text: [
      intro.body,
      `${stay.title}: ${stay.body ?? ''}`,
      feed && `${subscribe.title}: ${feed}. ${subscribe.body ?? ''}`,
    ]
      .filter(Boolean)
      .join('\n'),
  };
}

/** The questionnaire page: the question each of its steps asks, in order (features/leads). */
function questionnairePage() {
  const fields = (labels: string[]) => joinNames(labels).toLowerCase();
  const asked = STEPS.map((step) =>
    step.type === 'contact'
      ? `- ${step.title}: ${fields(step.fields.map((f) => f.label.replace(/\s*\*$/, '')))}.`
      : `- ${step.title}`,
  );
  return {
    url: '/questionnaire',
    title: 'The consultation questionnaire, step by step',
    text: [`The questionnaire asks ${STEPS.length} things, one step at a time:`, ...asked].join(
      '\n',
    ),
  };
}

async function build(): Promise<AdvisorIndex> {
  const allArticles = await getCollection('articles');
  if (allArticles.length > ADVISOR_ARTICLE_LIMIT) {
    console.warn(
      `The chat advisor reads the newest ${ADVISOR_ARTICLE_LIMIT} of ${allArticles.length} articles (src/features/advisor/corpus/build.ts).`,
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
  const asks = await getCollection('advisorAsks');
  const declines = await getCollection('advisorDeclines');
  return buildAdvisorIndex({
    asks: asks.map((a) => ({ url: a.id, asks: a.data.asks })),
    declines: declines.map((d) => d.data.asks),
    englishStems: await englishStemsAhead(),
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
    pages: [
      await homeIntro(),
      { url: '/audit', title: audit.title, text: audit.body ?? '' },
      await articlesPage(),
      questionnairePage(),
    ],
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
}

/** Entries with the heading ids their pages render, so the advisor links to the right place. */
async function withHeadings<E extends CollectionEntry<'services' | 'articles'>>(entries: E[]) {
  return Promise.all(
    entries.map(async (entry) => ({ ...entry, headings: (await render(entry)).headings })),
  );
}
