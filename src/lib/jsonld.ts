/**
 * Builders for schema.org JSON-LD. Pure functions of data, so pages pass data and the one head
 * in BaseLayout renders whatever they return.
 */
import type { SiteConfig } from './site-config';

export type JsonLd = Record<string, unknown>;

const CONTEXT = 'https://schema.org';

/** Absolute URL of a path on the site's origin. */
export function absoluteUrl(path: string, origin: string | URL): string {
  return new URL(path, origin).href;
}

/** Serialises JSON-LD for a <script> element; `<` is escaped so text cannot close the element. */
export function serializeJsonLd(data: JsonLd): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

export function organizationId(origin: string | URL): string {
  return absoluteUrl('/#organization', origin);
}

/** The firm as a local professional service, with its region and price range. */
export function businessJsonLd(site: SiteConfig, origin: string | URL): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'ProfessionalService',
    '@id': organizationId(origin),
    name: site.name,
    legalName: site.legalName,
    description: site.description,
    slogan: site.tagline,
    url: absoluteUrl('/', origin),
    logo: absoluteUrl('/favicon.svg', origin),
    email: site.contacts[0]?.email,
    address: {
      '@type': 'PostalAddress',
      addressRegion: site.address.regionCode,
      addressCountry: site.address.countryCode,
    },
    areaServed: { '@type': 'Country', name: site.address.country },
    priceRange: `$${site.priceRange.min}-$${site.priceRange.max}`,
    sameAs: site.socials.map((s) => s.url),
    contactPoint: site.contacts.map((c) => ({
      '@type': 'ContactPoint',
      contactType: c.label,
      email: c.email,
    })),
  };
}

/** The website, with a search action pointing at the site search page. */
export function websiteJsonLd(site: SiteConfig, origin: string | URL): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'WebSite',
    '@id': absoluteUrl('/#website', origin),
    name: site.name,
    url: absoluteUrl('/', origin),
    publisher: { '@id': organizationId(origin) },
    potentialAction: {
      '@type': 'SearchAction',
      target: {
        '@type': 'EntryPoint',
        urlTemplate: `${absoluteUrl('/search', origin)}?q={search_term_string}`,
      },
      'query-input': 'required name=search_term_string',
    },
  };
}

export interface Crumb {
  /** The page's name, used in the BreadcrumbList structured data. */
  name: string;
  url: string;
  /** A shorter text for the visible crumb; the name otherwise. */
  label?: string | undefined;
}

/** A page's trail from home: Home, then each crumb given. */
export function trail(...crumbs: Crumb[]): Crumb[] {
  return [{ name: 'Home', url: '/' }, ...crumbs];
}

export function breadcrumbJsonLd(crumbs: Crumb[], origin: string | URL): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.name,
      item: absoluteUrl(c.url, origin),
    })),
  };
}

export function faqJsonLd(items: { question: string; answer: string }[]): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'FAQPage',
    mainEntity: items.map((q) => ({
      '@type': 'Question',
      name: q.question,
      acceptedAnswer: { '@type': 'Answer', text: q.answer },
    })),
  };
}

/** The consultant who wrote an article, as the byline and the Article's author show them. */
export interface AuthorFacts {
  name: string;
  title: string;
  /** Root-relative address of the author's profile on the site, e.g. /consultants#id. */
  profilePath: string;
  /** The author's own page elsewhere (LinkedIn, a website), when the profile links one. */
  sameAs?: string | undefined;
}

export interface ArticleFacts {
  title: string;
  description: string;
  path: string;
  publishDate: Date;
  updatedDate?: Date;
  keywords: string[];
  category: string;
  image?: string;
  wordCount?: number;
  author: AuthorFacts;
}

/** The @id of a consultant's Person entity: the profile address, shared by every page that names them. */
export function personId(profilePath: string, origin: string | URL): string {
  return absoluteUrl(profilePath, origin);
}

export function articleJsonLd(a: ArticleFacts, site: SiteConfig, origin: string | URL): JsonLd {
  const url = absoluteUrl(a.path, origin);
  return {
    '@context': CONTEXT,
    '@type': 'Article',
    headline: a.title,
    description: a.description,
    url,
    mainEntityOfPage: url,
    datePublished: a.publishDate.toISOString().slice(0, 10),
    dateModified: (a.updatedDate ?? a.publishDate).toISOString().slice(0, 10),
    keywords: a.keywords.join(', '),
    articleSection: a.category,
    ...(a.image ? { image: absoluteUrl(a.image, origin) } : {}),
    ...(a.wordCount ? { wordCount: a.wordCount } : {}),
    author: {
      '@type': 'Person',
      '@id': personId(a.author.profilePath, origin),
      name: a.author.name,
      jobTitle: a.author.title,
      url: absoluteUrl(a.author.profilePath, origin),
      ...(a.author.sameAs ? { sameAs: [a.author.sameAs] } : {}),
      worksFor: { '@id': organizationId(origin) },
    },
    publisher: { '@id': organizationId(origin), '@type': 'Organization', name: site.name },
  };
}

export interface PersonFacts {
  name: string;
  title: string;
  bio: string;
  /** Root-relative address of the profile on the site, e.g. /consultants#id. */
  profilePath: string;
  image?: string;
  url?: string;
  knowsAbout: string[];
}

export function personJsonLd(p: PersonFacts, site: SiteConfig, origin: string | URL): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'Person',
    '@id': personId(p.profilePath, origin),
    url: absoluteUrl(p.profilePath, origin),
    name: p.name,
    jobTitle: p.title,
    description: p.bio,
    worksFor: { '@id': organizationId(origin), '@type': 'Organization', name: site.name },
    ...(p.image ? { image: absoluteUrl(p.image, origin) } : {}),
    ...(p.url ? { sameAs: [p.url] } : {}),
    ...(p.knowsAbout.length ? { knowsAbout: p.knowsAbout } : {}),
  };
}

export interface ServiceFacts {
  title: string;
  description: string;
  path: string;
  startingPrice?: number;
  range?: [number, number];
}

export function serviceJsonLd(s: ServiceFacts, site: SiteConfig, origin: string | URL): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'Service',
    name: s.title,
    description: s.description,
    url: absoluteUrl(s.path, origin),
    provider: { '@id': organizationId(origin), '@type': 'ProfessionalService', name: site.name },
    areaServed: { '@type': 'Country', name: site.address.country },
    ...(s.startingPrice && s.range
      ? {
          offers: {
            '@type': 'Offer',
            price: s.startingPrice,
            priceCurrency: 'USD',
            priceSpecification: {
              '@type': 'PriceSpecification',
              minPrice: s.range[0],
              maxPrice: s.range[1],
              priceCurrency: 'USD',
            },
          },
        }
      : {}),
  };
}
