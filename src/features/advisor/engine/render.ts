/** How a section is named in a reply and in its sources: its page and heading. */
import type { ChatSource } from '../contract';
import type { AdvisorDoc } from '../corpus/schema';

/** A section's page and heading (the heading alone when it names the page), and its address. */
export function docSource(doc: AdvisorDoc): ChatSource {
  const title =
    doc.kind === 'faq'
      ? doc.title
      : doc.kind === 'article' && !doc.title.includes(doc.page)
        ? `${doc.page}: ${doc.title}`
        : doc.kind === 'page' && doc.context && doc.title !== doc.context
          ? `${doc.context}: ${doc.title}`
          : doc.title;
  return { title, url: doc.url };
}

/** A Markdown link to a section, named by its page and heading. */
export const sectionLink = (doc: AdvisorDoc) => `[${docSource(doc).title}](${doc.url})`;
