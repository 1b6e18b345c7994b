// Stands in for Astro's `astro:content` module when scripts read src/content.config.ts outside
// Astro (see content-schema.mjs). Only what the config file itself calls is needed.
import { z } from 'astro/zod';

/** A collection's config, unchanged. */
export const defineCollection = (config) => config;

/** A field holding another collection's entry id; the collection is kept for the scripts. */
export const reference = (collection) => z.string().meta({ reference: collection });
