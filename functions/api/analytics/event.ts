/** POST /api/analytics/event: one analytics event (src/features/analytics). */
import type { PagesFunction } from '../../_lib/env';
import { methodNotAllowed } from '../../_lib/http';
import { recordEvent, type AnalyticsEnv } from '../../../src/features/analytics/analytics.server';

export const onRequestPost: PagesFunction<AnalyticsEnv> = recordEvent;

export const onRequest = () => methodNotAllowed();
