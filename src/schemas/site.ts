import { z } from 'zod';

/** A mailbox in the footer's contact directory. */
export const contactEntrySchema = z.strictObject({
  label: z.string().min(1),
  email: z.email(),
  description: z.string().min(1),
});

/** The firm's facts. Edited in src/site.config.ts, validated when the site builds. */
export const siteConfigSchema = z.strictObject({
  name: z.string().min(2),
  shortName: z.string().min(2),
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
  contacts: z.array(contactEntrySchema).length(3),
  socials: z.array(z.strictObject({ label: z.string(), url: z.url() })),
  /** Routes the browser fetches ahead of a visit. */
  prefetch: z.array(z.string().startsWith('/')),
});

export type SiteConfig = z.infer<typeof siteConfigSchema>;
