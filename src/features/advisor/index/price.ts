/** How the advisor states a service's price, from its data only. */
import { formatUsd } from '../../../lib/format';
import { formatUsdRange } from '../../../lib/services';
import type { ServiceFacts } from './schema';

/** "Data Insights & Analytics starts at $4,000. The listed range is $4,000-$12,000." */
export function priceSentence(s: Pick<ServiceFacts, 'name' | 'startingPrice' | 'range'>): string {
  if (s.startingPrice === undefined) return '';
  const range = s.range ? ` ${rangeSentence(s.range)}` : '';
  return `${s.name} starts at ${formatUsd(s.startingPrice)}.${range}`;
}

/** "The listed range is $4,000-$12,000." */
export function rangeSentence(range: readonly [number, number]): string {
  return `The listed range is ${formatUsdRange(range)}.`;
}
