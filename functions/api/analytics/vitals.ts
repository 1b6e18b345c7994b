/** POST /api/analytics/vitals: one web-vitals report (src/features/analytics). */
import type { PagesFunction } from '../../_lib/env';
import { methodNotAllowed } from '../../_lib/http';
import { recordVitals, type AnalyticsEnv } from '../../../src/features/analytics/analytics.server';

export const onRequestPost: PagesFunction<AnalyticsEnv> = recordVitals;

export const onRequest = () => methodNotAllowed();
