/**
 * The guard on language-model replies: every currency form, amounts the site never states,
 * known prices attached to the wrong service, and discounts the site does not offer.
 */
import { describe, expect, it } from 'vitest';
import {
  moneyMentions,
  percentMentions,
  statedFacts,
  unstatedClaim,
  wordsToNumber,
} from '../../src/features/advisor/engine/guard';
import type { AdvisorIndex } from '../../src/features/advisor/index/schema';

const index = {
  version: 2,
  firm: { name: 'Test', description: '', veteranOwned: true, region: 'Michigan', country: 'US' },
  contacts: [],
  contactIntro: '',
  services: [
    {
      id: 'discovery-workshop',
      url: '/services/discovery-workshop',
      name: 'Discovery Workshop',
      aliases: ['Foundation Service'],
      description: '',
      startingPrice: 750,
      range: [2000, 6000],
    },
    {
      id: 'data-insights',
      url: '/services/data-insights',
      name: 'Data Insights & Analytics',
      aliases: ['Data Insights'],
      description: '',
      startingPrice: 4000,
      range: [4000, 12000],
    },
  ],
  docs: [
    {
      id: 'n',
      kind: 'service',
      url: '/services/nonprofit-support',
      page: 'Nonprofit',
      title: 'Pricing',
      text: 'Our nonprofit discount is generally 20-30% off standard rates.',
    },
  ],
  search: {},
} satisfies AdvisorIndex;

const facts = statedFacts(index);

describe('reading amounts', () => {
  it.each([
    ['$2,500', 2500],
    ['US$2,500', 2500],
    ['$2.5k', 2500],
    ['2500 USD', 2500],
    ['USD 2,500', 2500],
    ['2,500 dollars', 2500],
    ['1.5 thousand dollars', 1500],
    ['two thousand five hundred dollars', 2500],
    ['seven hundred and fifty bucks', 750],
  ])('reads %s as %i', (text, value) => {
    expect(moneyMentions(`It costs ${text} in total.`).map((m) => m.value)).toContain(value);
  });

  it('reads both ends of a range, with or without the second dollar sign', () => {
    expect(moneyMentions('from $2,000-6,000').map((m) => m.value)).toEqual([2000, 6000]);
    expect(moneyMentions('$4,000 to $12,000').map((m) => m.value)).toEqual([4000, 12000]);
  });

  it('reads percentages in digits and words', () => {
    expect(percentMentions('a 20-30% discount, or ninety percent off')).toEqual([20, 30, 90]);
    expect(wordsToNumber('a hundred')).toBe(100);
    expect(wordsToNumber('plenty')).toBeNull();
  });
});

describe('unstatedClaim', () => {
  it('passes the site’s own prices with their services', () => {
    expect(unstatedClaim('The Discovery Workshop starts at $750.', facts)).toBeNull();
    expect(
      unstatedClaim('Data Insights starts at $4,000 (listed range $4,000-$12,000).', facts),
    ).toBeNull();
    expect(unstatedClaim('Nonprofits get a 20-30% discount.', facts)).toBeNull();
    expect(unstatedClaim('Most clients see first results in 30-60 days.', facts)).toBeNull();
  });

  it.each([
    ['an amount never stated', 'The workshop is only $199 this week.'],
    ['an amount in words', 'It is just two hundred dollars.'],
    ['another currency', 'The Discovery Workshop costs €750.'],
    ['another currency by name', 'That comes to 750 euros.'],
    ['a known price on the wrong service', 'Data Insights starts at $750.'],
    ['a known price on the wrong service, by pronoun', 'Data Insights is popular. It is $750.'],
    ['a discount the site does not offer', 'You qualify for a 90% discount.'],
    ['a discount in words', 'We can take fifty percent off the price.'],
  ])('refuses %s', (_, text) => {
    expect(unstatedClaim(text, facts)).not.toBeNull();
  });
});
