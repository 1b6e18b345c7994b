/** POST /api/analytics/event: one analytics event (src/features/analytics). */
import type { PagesFunction } from '#server/env';
import { methodNotAllowed } from '#server/http';
import { recordEvent, type AnalyticsEnv } from '../../../src/features/analytics/analytics.server';

export const onRequestPost: PagesFunction<AnalyticsEnv> = recordEvent;

export const onRequest = () => methodNotAllowed();
