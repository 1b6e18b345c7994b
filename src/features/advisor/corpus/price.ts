/**
 * How the advisor states a service's price, from its data only. Each sentence names its service,
 * so a sentence quoted on its own, or beside another service's, is never read as another's price.
 */
import { formatUsd } from '../../../lib/format';
import { formatUsdRange } from '../../../lib/services';
import type { ServiceFacts } from './schema';

/** "Data Insights & Analytics starts at $4,000, and its listed range is $4,000-$12,000." */
export function priceSentence(s: Pick<ServiceFacts, 'name' | 'startingPrice' | 'range'>): string {
  if (s.startingPrice === undefined) return '';
  const range = s.range ? `, and its listed range is ${formatUsdRange(s.range)}` : '';
  return `${s.name} starts at ${formatUsd(s.startingPrice)}${range}.`;
}

/** "The listed range for Data Insights & Analytics is $4,000-$12,000." */
export function rangeSentence(
  s: Pick<ServiceFacts, 'name'> & { range: readonly [number, number] },
): string {
  return `The listed range for ${s.name} is ${formatUsdRange(s.range)}.`;
}
