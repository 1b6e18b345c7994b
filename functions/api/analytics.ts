/** POST /api/analytics/event and /api/analytics/vitals (src/features/analytics). */
export {
  recordEvent as analyticsEvent,
  recordVitals as analyticsVitals,
} from '#features/analytics/analytics.server';
