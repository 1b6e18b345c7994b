/**
 * What the advisor knows: the shape of /advisor-index.json, which the build writes from the
 * content collections (build.ts) and the chat route reads (server/chat.server.ts). Documents are
 * sections of the site, each linked to the exact place it is shown.
 */

/** Bumped when the shape changes, so a function never reads an index it does not understand. */
export const ADVISOR_INDEX_VERSION = 6;

/** Public path of the built index. Only the chat function reads it. */
export const ADVISOR_INDEX_PATH = '/advisor-index.json';

/** Where prospects hand over to a person. */
export const QUESTIONNAIRE_URL = '/questionnaire';
export const CONTACT_URL = '/#contact';
/** The services list, each with its starting price. */
export const SERVICES_URL = '/#services';

/** What part of a service a document describes. */
export type ServiceFacet =
  | 'overview'
  | 'includes'
  | 'price'
  | 'process'
  | 'results'
  | 'audience'
  | 'engagement'
  | 'formats'
  | 'requirements'
  | 'details';

export type DocKind =
  'service' | 'faq' | 'article' | 'consultant' | 'team' | 'contact' | 'firm' | 'page';

/** One retrievable section of the site. */
export interface AdvisorDoc {
  /** Unique id; also the MiniSearch document id. */
  id: string;
  kind: DocKind;
  /** Root-relative address of the exact place: the page, and the section's anchor. */
  url: string;
  /** Title of the page the section is on. */
  page: string;
  /** The section's heading; for FAQ items, the question. */
  title: string;
  /** The heading above it (for a `###` section) or the article or service it belongs to. */
  context?: string;
  /**
   * Plain text: one paragraph per line; list items and table rows start with "- ", so a list
   * can be quoted whole. A line ending with ":" introduces the list under it.
   */
  text: string;
  /** Search words the page declares for itself (a service's or article's keywords). */
  keywords?: string;
  /**
   * Questions visitors ask that the section answers, in their words rather than the page's
   * (src/content/advisor-asks.yaml), one a line: searched and compared with the visitor's
   * question, never quoted.
   */
  asks?: string;
  /** For service documents: the service's id and the part of the page. */
  service?: string;
  /**
   * For an article's sections: the services it links to, or its article's when it links none
   * ("could you do that for us?" after it asks about them).
   */
  refers?: string[];
  facet?: ServiceFacet;
}

/** The facts the advisor quotes exactly; prices come from here and nowhere else. */
export interface ServiceFacts {
  id: string;
  url: string;
  /** Short name, e.g. "Discovery Workshop". */
  name: string;
  /** Other ways the site names it (page title, eyebrow, slug words). */
  aliases: string[];
  /** The meta description: one sentence on what it is. */
  description: string;
  /** The home card's summary, when it has a card. */
  summary?: string;
  /** First paragraph of "Who this is for". */
  audience?: string;
  /**
   * When the service is only for one kind of organization (its name says whom it is for, as
   * "Nonprofit Support" does): words of its audience, one of which a visitor must use about
   * themselves before it is recommended to them.
   */
  onlyFor?: string[];
  startingPrice?: number;
  range?: [number, number];
  /** What the starting price includes, as listed. */
  scope?: string[];
  note?: string;
  /** Where the price block is shown. */
  priceUrl?: string;
}

export interface ContactFacts {
  label: string;
  email: string;
  description: string;
}

export interface FirmFacts {
  name: string;
  description: string;
  veteranOwned: boolean;
  region: string;
  country: string;
}

/** /advisor-index.json. `search` is MiniSearch's serialised index over `docs`. */
export interface AdvisorIndex {
  version: typeof ADVISOR_INDEX_VERSION;
  firm: FirmFacts;
  /** The contact directory's addresses, then the privacy contact. */
  contacts: ContactFacts[];
  /** The contact directory's intro, e.g. when a person replies. */
  contactIntro: string;
  /** What the questionnaire promises (the consultation block's text). */
  consultation: string;
  services: ServiceFacts[];
  docs: AdvisorDoc[];
  search: unknown;
  /**
   * The stems of English words the site does not use that are a letter or two off one it does
   * ("patient", "lunch"): real words, which the engine never reads as a typo (index/spelling.ts).
   */
  realWords: string[];
  /**
   * Questions visitors ask that the site does not answer (advisor-declines.yaml), by topic: the
   * nearer a question comes to one, or to a topic's words, the less sure the engine is that a
   * section answers it.
   */
  declines: string[][];
}
