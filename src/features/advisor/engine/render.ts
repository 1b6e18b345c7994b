/** How a section is named in a reply and in its sources: its page and heading. */
import type { ChatSource } from '../contract';
import type { AdvisorDoc } from '../index/schema';

export function docSource(doc: AdvisorDoc): ChatSource {
  const title =
    doc.kind === 'faq'
      ? doc.title
      : doc.kind === 'article' && doc.title !== doc.page
        ? `${doc.page}: ${doc.title}`
        : doc.kind === 'page' && doc.context && doc.title !== doc.context
          ? `${doc.context}: ${doc.title}`
          : doc.title;
  return { title, url: doc.url };
}

/** A Markdown link to a section. */
export function sectionLink(doc: AdvisorDoc): string {
  const { title, url } = docSource(doc);
  return `[${title}](${url})`;
}
