/** Pure helpers for the service collection. */
import { formatUsd } from './format';

/** A listed price range: [2000, 6000] -> "$2,000-$6,000". */
export function formatUsdRange([low, high]: readonly [number, number]): string {
  return `${formatUsd(low)}-${formatUsd(high)}`;
}

/** The short name of a service: its home card title, else its hero eyebrow. */
export function serviceName(data: {
  card?: { title: string } | undefined;
  hero: { eyebrow: string };
}): string {
  return data.card?.title ?? data.hero.eyebrow;
}
