import { z } from 'zod';

/** The events the site records: the spec's page views and the article pages' two calls to action. */
export const ANALYTICS_EVENTS = ['page_view', 'subscribe_click', 'consultation_click'] as const;

/**
 * One analytics event, sent to POST /api/analytics/event as query parameters (a link's `ping` can
 * carry no body of its own, so every sender puts the event in the address). Bounded, and holding
 * no personal data: no address, identifier or free text beyond the page's own path and title.
 */
export const analyticsEventSchema = z.strictObject({
  /** What happened. */
  name: z.enum(ANALYTICS_EVENTS),
  /** The page it happened on: a root-relative path without query or fragment. */
  path: z
    .string()
    .max(300)
    .regex(/^\/[^?#\s]*$/, 'A root-relative path without query or fragment.'),
  /** The page's title (page views). */
  title: z.string().min(1).max(200).optional(),
  /** The event's category, e.g. "Articles". */
  category: z.string().min(1).max(50).optional(),
  /** What was clicked, e.g. "Articles Page RSS" or the article's title. */
  label: z.string().min(1).max(200).optional(),
});

export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;
