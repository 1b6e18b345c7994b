import * as z from 'zod/mini';

/** A labelled mailbox: an entry of the contact directory, or the privacy contact. */
export const contactEntrySchema = z.strictObject({
  label: z.string().check(z.minLength(1)),
  email: z.email(),
  description: z.string().check(z.minLength(1)),
});

/** The firm's facts. Edited in src/site.config.ts, validated when the site builds. */
export const siteConfigSchema = z.strictObject({
  /** The firm's name as visitors know it: structured data, the feed and the home page title. */
  name: z.string().check(z.minLength(2)),
  /** The suffix of every other page title (" | <shortName>"): keep it short. */
  shortName: z.string().check(z.minLength(2)),
  /** The registered name: the data controller on /privacy and legalName in structured data. */
  legalName: z.string().check(z.minLength(2)),
  tagline: z.literal('Simple Strategy. Smart Growth.'),
  description: z.string().check(z.minLength(50), z.maxLength(170)),
  copyrightYear: z.int().check(z.gte(2000)),
  veteranOwned: z.boolean(),
  address: z.strictObject({
    region: z.string().check(z.minLength(2)),
    regionCode: z.string().check(z.length(2)),
    country: z.string().check(z.minLength(2)),
    countryCode: z.string().check(z.length(2)),
  }),
  /** Lowest and highest engagement price in US dollars, for structured data. */
  priceRange: z
    .strictObject({ min: z.int().check(z.positive()), max: z.int().check(z.positive()) })
    .check(
      z.refine((r) => r.min < r.max, { error: 'priceRange.min must be below priceRange.max' }),
    ),
  /** The home page's contact directory: the spec's three mailboxes, in order. */
  contacts: z.array(contactEntrySchema).check(z.length(3)),
  /**
   * The direct contact for privacy questions and data requests, shown on /privacy beside the
   * data controller (`legalName`, `address`). Not part of the home contact directory.
   */
  privacy: contactEntrySchema,
  socials: z.array(z.strictObject({ label: z.string(), url: z.url() })),
  /** Routes the browser fetches ahead of a visit. */
  prefetch: z.array(z.string().check(z.startsWith('/'))),
});

export type SiteConfig = z.infer<typeof siteConfigSchema>;
export type ContactEntry = z.infer<typeof contactEntrySchema>;

/** Who the firm is and where it is based: the opening /consultants shows and the advisor quotes. */
export function firmIntroduction(firm: {
  name: string;
  veteranOwned: boolean;
  address: { region: string; country: string };
}): string {
  const where = `${firm.address.region}, ${firm.address.country}`;
  return `${firm.name} is ${firm.veteranOwned ? 'a veteran-owned' : 'a'} consulting firm based in ${where}.`;
}
