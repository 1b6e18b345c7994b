/**
 * The firm's facts, in one place. Replace the example values with the firm's own.
 * Everything here is validated by src/lib/site-config.ts when the site builds.
 */
import { siteConfigSchema } from './lib/site-config';

export const site = siteConfigSchema.parse({
  name: 'Example Consulting Group',
  shortName: 'Example Consulting',
  legalName: 'Example Consulting Group LLC',
  tagline: 'Simple Strategy. Smart Growth.',
  description:
    'Veteran-owned AI, operations and SEO consulting for growing businesses and nonprofits: practical automation, search visibility and training.',
  copyrightYear: 2024,
  veteranOwned: true,
  address: {
    region: 'Michigan',
    regionCode: 'MI',
    country: 'United States',
    countryCode: 'US',
  },
  priceRange: { min: 1500, max: 10000 },
  contacts: [
    {
      label: 'General Inquiries',
      email: 'hello@example.com',
      description: 'Questions about the firm, partnerships and press.',
    },
    {
      label: 'Sales & Consulting',
      email: 'consulting@example.com',
      description: 'Scoping a project, workshop or training for your team.',
    },
    {
      label: 'Billing & Support',
      email: 'billing@example.com',
      description: 'Invoices, payments and help for current clients.',
    },
  ],
  privacy: {
    label: 'Privacy requests',
    email: 'privacy@example.com',
    description:
      'Questions about this policy, and requests to see, correct, export or delete your information.',
  },
  socials: [{ label: 'LinkedIn', url: 'https://www.linkedin.com/company/example' }],
  prefetch: [
    '/articles',
    '/audit',
    '/consultants',
    '/services/ai-website-optimization',
    '/services/seo',
  ],
});
