import { z } from 'zod';

/** A labelled mailbox: an entry of the contact directory, or the privacy contact. */
export const contactEntrySchema = z.strictObject({
  label: z.string().min(1),
  email: z.email(),
  description: z.string().min(1),
});

/** The firm's facts. Edited in src/site.config.ts, validated when the site builds. */
export const siteConfigSchema = z.strictObject({
  /** The firm's name as visitors know it: structured data, the feed and the home page title. */
  name: z.string().min(2),
  /** The suffix of every other page title (" | <shortName>"): keep it short. */
  shortName: z.string().min(2),
  /** The registered name: the data controller on /privacy and legalName in structured data. */
  legalName: z.string().min(2),
  tagline: z.literal('Simple Strategy. Smart Growth.'),
  description: z.string().min(50).max(170),
  copyrightYear: z.number().int().min(2000),
  veteranOwned: z.boolean(),
  address: z.strictObject({
    region: z.string().min(2),
    regionCode: z.string().length(2),
    country: z.string().min(2),
    countryCode: z.string().length(2),
  }),
  /** Lowest and highest engagement price in US dollars, for structured data. */
  priceRange: z
    .strictObject({ min: z.number().int().positive(), max: z.number().int().positive() })
    .refine((r) => r.min < r.max, 'priceRange.min must be below priceRange.max'),
  /** The home page's contact directory: the spec's three mailboxes, in order. */
  contacts: z.array(contactEntrySchema).length(3),
  /**
   * The direct contact for privacy questions and data requests, shown on /privacy beside the
   * data controller (`legalName`, `address`). Not part of the home contact directory.
   */
  privacy: contactEntrySchema,
  socials: z.array(z.strictObject({ label: z.string(), url: z.url() })),
  /** Routes the browser fetches ahead of a visit. */
  prefetch: z.array(z.string().startsWith('/')),
});

export type SiteConfig = z.infer<typeof siteConfigSchema>;
export type ContactEntry = z.infer<typeof contactEntrySchema>;
