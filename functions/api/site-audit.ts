/** POST /api/site-audit {url}: a free PageSpeed Insights audit of a public website. */
import {
  auditMethodNotAllowed,
  createSiteAuditHandler,
} from '../../src/features/audit/audit.server';

/** With this isolate's cache and in-flight map. */
export const onRequestPost = createSiteAuditHandler();

export const onRequest = auditMethodNotAllowed;
