/** POST /api/analytics/vitals: one web-vitals report (src/features/analytics). */
import type { PagesFunction } from '#server/env';
import { methodNotAllowed } from '#server/http';
import { recordVitals, type AnalyticsEnv } from '../../../src/features/analytics/analytics.server';

export const onRequestPost: PagesFunction<AnalyticsEnv> = recordVitals;

export const onRequest = () => methodNotAllowed();
