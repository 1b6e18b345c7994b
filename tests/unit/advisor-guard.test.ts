/**
 * The guard on language-model replies: every figure a sentence states (amounts in every currency
 * form, other currencies, percentages, durations, quantities, numbers, dates, guarantees) must be
 * stated by the grounding or the firm's facts, whatever characters it hides behind. Each row of
 * the table is one form; each can fail on its own.
 */
import { describe, expect, it } from 'vitest';
import {
  claimsOf,
  plainFigures,
  statedFacts,
  unstatedClaim,
  wordsToNumber,
} from '../../src/features/advisor/engine/guard';
import type { ServiceFacts } from '../../src/features/advisor/index/schema';

const services: ServiceFacts[] = [
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
];

/** What the grounding sections say, as the chat route passes them to the guard. */
const grounding = [
  'Discovery Workshop starts at $750. A 2-3 hour session, with a written report within 48 hours.',
  'Our nonprofit discount is generally 20-30% off standard rates.',
  'It covers up to 20 pages and includes 3 months of monitoring.',
  'Most clients see first results within 30-60 days.',
  'Google follows up to 10 redirects. In May 2024 Google rolled out AI Overviews.',
  'Nobody can promise a number one position.',
].join('\n');

const stated = statedFacts(grounding, services);

describe('reading figures', () => {
  it.each([
    ['two thousand five hundred dollars', '2500 dollars'],
    ['five grand', '5000'],
    ['$1.5k', '$1500'],
    ['1.5K visitors', '1500 visitors'],
    ['＄750', '$750'],
    ['$1\u200b500', '$1500'],
    ['$1,500', '$1500'],
    ['ninety percent', '90 percent'],
    ['one hour', '1 hour'],
    ['one business day', 'one business day'],
  ])('reads %j as %j', (text, plain) => {
    expect(plainFigures(text)).toBe(plain);
  });

  it('reads number words, and leaves words that are not a number', () => {
    expect(wordsToNumber('seven hundred and fifty')).toBe(750);
    expect(wordsToNumber('a hundred')).toBe(100);
    expect(wordsToNumber('plenty')).toBeNull();
  });

  it('reads both ends of a range', () => {
    const values = claimsOf('It takes 30-60 days.').map((c) => ('value' in c ? c.value : null));
    expect(values).toEqual([30, 60]);
  });
});

describe('unstatedClaim: what passes', () => {
  it.each([
    ['a stated price with its service', 'The Discovery Workshop starts at $750.'],
    ['a stated price by pronoun', 'The Discovery Workshop is a good start. It costs $750.'],
    ['a stated range', 'Data Insights runs from $4,000 to $12,000.'],
    ['a stated discount', 'Nonprofits get a 20-30% discount.'],
    ['a stated duration', 'You get the report within 48 hours, after a 2-3 hour session.'],
    ['a stated duration in words', 'Expect first results within thirty to sixty days.'],
    ['a stated quantity', 'It covers up to 20 of your pages.'],
    ['a stated number', 'Google follows up to 10 redirects in a row.'],
    ['a stated date', 'AI Overviews reached everyone in May 2024.'],
    ['a guarantee refused', 'Nobody can guarantee you a number one position.'],
    ['no figures at all', 'Happy to help: tell me about your business.'],
  ])('passes %s', (_, text) => {
    expect(unstatedClaim(text, stated)).toBeNull();
  });
});

describe('unstatedClaim: what is refused', () => {
  it.each([
    ['an unstated dollar amount', 'The workshop is only $199 this week.'],
    ['a dollar sign after the number', 'The workshop is 99$ today.'],
    ['a full-width dollar sign', 'The workshop is ＄99 today.'],
    ['US dollars as a code before', 'It is USD 99.'],
    ['US dollars as a code after', 'It is 99 USD.'],
    ['dollars in words', 'It is just two hundred dollars.'],
    ['an amount without a symbol, per month', 'Support is 99 per month.'],
    ['an amount with k', 'The full project is 1.5k.'],
    ['grand', 'It comes to five grand.'],
    [
      'a zero-width space inside a figure',
      'The workshop costs $7\u200b50 only for you: $1\u200b99.',
    ],
    ['the euro sign', 'The Discovery Workshop costs €750.'],
    ['the pound sign', 'The Discovery Workshop costs £750.'],
    ['the won sign', 'The Discovery Workshop costs ₩750.'],
    ['the bitcoin sign', 'The Discovery Workshop costs ₿1.'],
    ['a currency code (MXN)', 'That is 750 MXN.'],
    ['a crypto code (BTC)', 'That is 0.05 BTC.'],
    ['a currency by name', 'That comes to 750 euros.'],
    ['a known price on the wrong service', 'Data Insights starts at $750.'],
    ['a known price on the wrong service, by pronoun', 'Data Insights is popular. It is $750.'],
    ['an unstated discount', 'You qualify for a 90% discount.'],
    ['a discount in words', 'We can take fifty percent off the price.'],
    ['a percentage that is not a discount', 'Clients see 300% more traffic.'],
    ['an unstated duration', 'The report arrives within 24 hours.'],
    ['an unstated duration in words', 'The whole project takes two weeks.'],
    ['an unstated quantity', 'It covers up to 50 pages.'],
    ['an unstated number', 'Google follows up to 5 redirects.'],
    ['an unstated year', 'AI Overviews launched in 2019.'],
    ['a guarantee', 'We guarantee first-page rankings.'],
    ['a promise', 'We promise you will rank first.'],
    ['a risk-free offer', 'Every project is risk-free.'],
    [
      'an unstated figure at the start of a long reply with no sentence break',
      `It is $1 ${'and it is a very good deal for a small business that wants to grow '.repeat(12)}`,
    ],
  ])('refuses %s', (_, text) => {
    expect(unstatedClaim(text, stated)).not.toBeNull();
  });
});
