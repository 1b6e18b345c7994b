import { defineCollection, reference } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { ARTICLES_DIR, CONSULTANTS_FILE } from './lib/paths';

/** A question and its answer, shown in an accordion and as FAQPage structured data. */
const faqItem = z.strictObject({
  question: z.string().min(5).describe('The question as a visitor would ask it.'),
  answer: z.string().min(20).describe('A plain-text answer (no markdown).'),
});

/**
 * A shorter title for search results and social cards (<title>, og:title, twitter:title) when
 * the headline is long. The site adds " | <short name>" (the home page puts "<name>: " first),
 * and search results show about 60 characters, so keep this to 40 or so. The h1 keeps the
 * headline. tests/e2e/seo.spec.ts fails the build's pages above 65 characters.
 */
const seoTitle = z
  .string()
  .min(10)
  .max(44)
  .describe('Shorter title for search results and social cards; at most 44 characters.');

/** An outside page that supports a claim in the text. */
const source = z.strictObject({
  title: z.string().describe('Title of the cited page.'),
  url: z.url().describe('Absolute address of the cited page.'),
});

/**
 * The articles' fields but the hero's image, made once: Astro calls the schema function for
 * every article, and building the whole object there cost a large archive's content sync a
 * fifth of a second.
 */
const articleFieldsBeforeHero = {
  title: z.string().min(10).describe('Headline: the h1, cards, feed and share image.'),
  seoTitle: seoTitle.optional(),
  description: z.string().min(50).max(170).describe('Meta description, 50-170 characters.'),
  excerpt: z.string().min(40).describe('Teaser shown on article cards.'),
  category: z
    .enum(['AI Optimization', 'SEO Strategy', 'Technical SEO'])
    .describe('Badge on the card and the RSS category.'),
  publishDate: z.coerce.date().describe('First publication, YYYY-MM-DD.'),
  updatedDate: z.coerce.date().optional().describe('Last substantial revision, YYYY-MM-DD.'),
  readTime: z.number().int().positive().describe('Reading time in minutes.'),
  author: reference('consultants').describe(
    'Id of the consultant who wrote it (src/content/consultants.yaml): the byline and the Article author.',
  ),
  keywords: z.array(z.string()).min(1).describe('Meta keywords.'),
};
const heroAlt = z.string().min(5).describe('What the image shows, for readers who cannot see it.');
const articleFieldsAfterHero = {
  tag: z.enum(['New', 'Popular']).optional().describe('Highlights the article on the home page.'),
  breadcrumbLabel: z
    .string()
    .optional()
    .describe('Short visible last crumb; the title otherwise. Breadcrumb data keeps the title.'),
  backLink: z
    .enum(['articles', 'home'])
    .default('articles')
    .describe('Where the back link at the top points.'),
  takeaways: z.array(z.string()).optional().describe('Key takeaways box at the top.'),
  faq: z.array(faqItem).optional().describe('Frequently Asked Questions section at the end.'),
  sources: z.array(source).optional().describe('Sources listed at the end of the article.'),
};

const articles = defineCollection({
  loader: glob({ pattern: '**/*.mdx', base: `./${ARTICLES_DIR}` }),
  schema: ({ image }) =>
    z.strictObject({
      ...articleFieldsBeforeHero,
      hero: z
        .strictObject({
          image: image().describe(
            'Relative path, e.g. ./images/<slug>.svg; the build optimizes it.',
          ),
          alt: heroAlt,
        })
        .describe('Hero image (in src/content/articles/images) and its alt text.'),
      ...articleFieldsAfterHero,
    }),
});

/** Price in whole US dollars. */
const dollars = z.number().int().positive();

const services = defineCollection({
  loader: glob({ pattern: '**/*.mdx', base: './src/content/services' }),
  schema: z.strictObject({
    title: z
      .string()
      .describe(
        "Full page title: the <title> unless seoTitle is set, and the chat advisor's name for the page.",
      ),
    seoTitle: seoTitle.optional(),
    description: z.string().min(50).max(170).describe('Meta description.'),
    keywords: z.array(z.string()).min(1).describe('Meta keywords.'),
    card: z
      .strictObject({
        order: z.number().int().describe('Position in the home services grid.'),
        title: z.string().describe('Card title on the home page.'),
        summary: z.string().describe('Card text on the home page.'),
        action: z.string().default('Learn More').describe('Card button label.'),
        badge: z.string().optional().describe('Small label above the card title.'),
        value: z.string().optional().describe('Value line, e.g. "$750 starting value".'),
        featured: z.boolean().default(false).describe('Full-width card with a gold button.'),
      })
      .optional()
      .describe('Present when the service has a card in the home services grid.'),
    hero: z
      .strictObject({
        eyebrow: z
          .string()
          .describe("Short line above the heading; the page's name when it has no card."),
        heading: z.string().describe('The page heading (h1).'),
        intro: z.string().describe('Paragraph under the heading.'),
      })
      .describe('Top of the page.'),
    features: z
      .array(
        z.strictObject({
          title: z.string().describe('Card heading.'),
          description: z.string().describe('Card text.'),
        }),
      )
      .min(3)
      .describe('Feature cards under the hero.'),
    process: z
      .array(
        z.strictObject({
          title: z.string().describe('Step name.'),
          description: z.string().describe('What happens in the step.'),
        }),
      )
      .optional()
      .describe('Numbered process steps.'),
    results: z.array(z.string()).optional().describe('Typical results, one line each.'),
    investment: z
      .strictObject({
        startingPrice: dollars.describe('Advertised starting price.'),
        range: z.tuple([dollars, dollars]).describe('Listed price range [low, high].'),
        scope: z.array(z.string()).min(1).describe('What the starting price includes.'),
        note: z.string().optional().describe('Small print under the price.'),
      })
      .optional()
      .describe('The investment block: starting price, range and scope.'),
    cta: z
      .strictObject({
        heading: z.string().describe('Call-to-action heading.'),
        body: z.string().describe('Call-to-action text.'),
        label: z.string().describe('Button label; the button opens the consultation.'),
      })
      .describe('Call to action at the end of the page.'),
  }),
});

const faqs = defineCollection({
  loader: file('src/content/faqs.yaml'),
  schema: faqItem.extend({
    id: z.string().describe('Stable kebab-case key.'),
    order: z.number().int().describe('Position within its page.'),
    group: z.enum(['home', 'audit']).describe('Which page shows it.'),
    links: z.array(source).optional().describe('Outside references shown under the answer.'),
  }),
});

const consultants = defineCollection({
  loader: file(CONSULTANTS_FILE),
  schema: ({ image }) =>
    z.strictObject({
      id: z
        .string()
        .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
        .describe(
          "Stable kebab-case key: the profile anchor (/consultants#id) and articles' `author`.",
        ),
      order: z.number().int().describe('Position on the consultants page.'),
      name: z.string().describe('Full name.'),
      title: z.string().describe('Role at the firm.'),
      bio: z.string().describe('A short biography in the third person.'),
      photo: image().optional().describe('Omit to show the "Photo TBD" placeholder.'),
      photoAlt: z.string().optional().describe('What the photo shows.'),
      link: z
        .strictObject({
          label: z.string().describe('Button label.'),
          url: z.url().describe('Absolute address of the profile or site.'),
          kind: z
            .enum(['linkedin', 'website'])
            .describe('What the link leads to: a LinkedIn profile or a website.'),
        })
        .optional()
        .describe('Profile button; omit for none.'),
      knowsAbout: z
        .array(z.string())
        .default([])
        .describe('Subjects for the Person structured data.'),
    }),
});

/** Reusable blocks of page copy (hero, bands, prompts), keyed by id. */
const blocks = defineCollection({
  loader: file('src/content/blocks.yaml'),
  schema: z.strictObject({
    eyebrow: z.string().optional().describe('Short line above the title.'),
    title: z.string().describe('Heading of the block.'),
    seoTitle: seoTitle.optional(),
    body: z.string().optional().describe('Paragraph under the heading.'),
    items: z
      .array(
        z.strictObject({
          title: z.string().describe('Item heading.'),
          body: z.string().describe('Item text.'),
          href: z.string().optional().describe('Where the item links, a root-relative path.'),
        }),
      )
      .optional()
      .describe('Tiles or list entries of the block.'),
    actions: z
      .array(
        z.strictObject({
          label: z.string().describe('Button label.'),
          href: z.string().describe('Where the button goes without JavaScript.'),
          opens: z
            .enum(['chat', 'chat-fullscreen', 'questionnaire'])
            .optional()
            .describe('Tool the button opens instead, where the page has it.'),
        }),
      )
      .optional()
      .describe('Buttons of the block.'),
  }),
});

/** Long-form standalone pages such as the privacy policy. */
const pages = defineCollection({
  loader: glob({ pattern: '**/*.mdx', base: './src/content/pages' }),
  schema: z.strictObject({
    title: z.string().describe('Page heading and <title>.'),
    description: z.string().min(50).max(170).describe('Meta description, 50-170 characters.'),
    updatedDate: z.coerce.date().describe('Shown as "Last updated".'),
  }),
});

/**
 * Questions visitors ask that the site does not answer, by topic: the chat advisor is the less
 * sure a section answers a question the nearer it comes to one of them, and never shows them.
 */
const advisorDeclines = defineCollection({
  loader: file('src/content/advisor-declines.yaml'),
  schema: z.strictObject({
    id: z
      .string()
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
      .describe('The topic, in lower-case words joined by dashes.'),
    asks: z
      .array(z.string().min(3))
      .min(1)
      .describe('Questions on the topic the site does not answer, as visitors would type them.'),
  }),
});

/**
 * Questions visitors ask that each section answers, in their words: the chat advisor searches
 * them with the section and never shows them.
 */
const advisorAsks = defineCollection({
  loader: file('src/content/advisor-asks.yaml'),
  schema: z.strictObject({
    id: z
      .string()
      .regex(/^\/[^\s]*$/)
      .describe("The section's address: its page and heading anchor, as the advisor links it."),
    asks: z
      .array(z.string().min(3))
      .min(1)
      .describe('Questions the section answers, as visitors would type them.'),
  }),
});

export const collections = {
  articles,
  services,
  faqs,
  consultants,
  blocks,
  pages,
  advisorAsks,
  advisorDeclines,
};
