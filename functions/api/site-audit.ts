/** POST /api/site-audit {url}: the free audit of a public website (src/features/audit). */
import { createSiteAuditHandler } from '#features/audit/site-audit.server';

/** With this isolate's cache and in-flight map. */
export const siteAudit = createSiteAuditHandler();
