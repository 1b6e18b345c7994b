import { describe, expect, it } from 'vitest';
import { siteConfigSchema } from '../../src/lib/site-config';
import { site } from '../../src/site.config';

describe('site config', () => {
  it('is valid and holds the spec facts', () => {
    expect(site.tagline).toBe('Simple Strategy. Smart Growth.');
    expect(site.address.region).toBe('Michigan');
    expect(site.priceRange).toEqual({ min: 1500, max: 10000 });
    expect(site.contacts.map((c) => c.label)).toEqual([
      'General Inquiries',
      'Sales & Consulting',
      'Billing & Support',
    ]);
  });

  it('rejects a bad email, a changed tagline and an inverted price range', () => {
    const bad = (patch: object) => siteConfigSchema.safeParse({ ...site, ...patch }).success;
    expect(bad({})).toBe(true);
    expect(bad({ contacts: site.contacts.map((c, i) => (i ? c : { ...c, email: 'nope' })) })).toBe(
      false,
    );
    expect(bad({ tagline: 'Something else' })).toBe(false);
    expect(bad({ priceRange: { min: 10000, max: 1500 } })).toBe(false);
    expect(bad({ contacts: site.contacts.slice(0, 2) })).toBe(false);
    expect(bad({ extra: true })).toBe(false);
  });
});
