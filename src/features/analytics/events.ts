/**
 * First-party analytics without script files. When the build sets PUBLIC_ANALYTICS=1, pages carry
 * one small inline script that reports the page view by sendBeacon, links report their clicks
 * with the browser's own `ping` attribute, and buttons name their event in `data-ping` for the
 * same script. Without it nothing is sent and pages carry none of this.
 */
import type { AnalyticsEvent } from './contract';

/** Where events are sent (functions/api/analytics.ts). */
export const ANALYTICS_ENDPOINT = '/api/analytics/event';

/** Whether this build records analytics: the build variable PUBLIC_ANALYTICS is 1. */
export const analyticsEnabled: boolean = import.meta.env.PUBLIC_ANALYTICS === '1';

/** The endpoint address carrying `event` as query parameters, ready for `ping` or sendBeacon. */
export function eventUrl(event: AnalyticsEvent): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(event)) {
    if (value !== undefined) params.set(key, value);
  }
  return `${ANALYTICS_ENDPOINT}?${params}`;
}

/** The event's address for a `ping` or `data-ping` attribute on builds with analytics, else none. */
export function pingUrl(event: AnalyticsEvent): string | undefined {
  return analyticsEnabled ? eventUrl(event) : undefined;
}
