import { createRequire } from 'node:module';
import { afterEach, vi } from 'vitest';
import poor from '../fixtures/psi-poor.json';
import {
  createSiteAuditHandler,
  type SiteAuditOptions,
} from '../../src/features/audit/site-audit.server';
import {
  callFunction,
  replyJson,
  startDoh,
  startStub,
  type DohServer,
  type StubReply,
  type StubServer,
} from './harness';

/**
 * What the audit's function tests share: fixture sites on loopback (tests/e2e/stubs/
 * audit-sites.cjs and small servers of a test's own), reached through AUDIT_ALLOW_HOSTS in
 * development; other names go through a DNS-over-HTTPS stand-in. PageSpeed Insights is a
 * stand-in too. Servers started in a test are closed after it.
 */
const require = createRequire(import.meta.url);
export const { goodSite, badSite } = require('../e2e/stubs/audit-sites.cjs');

const servers: StubServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
  vi.restoreAllMocks();
});

/** A loopback site answering with `reply`, closed after the test. */
export async function serve(reply: StubReply): Promise<StubServer> {
  const server = await startStub(reply);
  servers.push(server);
  return server;
}

async function doh(records: Record<string, string[]> = {}): Promise<DohServer> {
  const server = await startDoh(records);
  servers.push(server);
  return server;
}

export interface AuditSetup {
  /** Loopback sites the audit may fetch (AUDIT_ALLOW_HOSTS). */
  allow?: StubServer[];
  records?: Record<string, string[]>;
  psi?: StubReply;
  env?: Record<string, string>;
  options?: SiteAuditOptions;
}

/** Audits `url` with fresh PSI and DoH stand-ins; answers the response, its body and the stand-ins. */
export async function audit(url: string, setup: AuditSetup = {}) {
  const psi = await serve(setup.psi ?? ((_req, res) => replyJson(res, 200, poor)));
  const resolver = await doh(setup.records);
  const handler = createSiteAuditHandler(setup.options);
  const started = Date.now();
  const res = await callFunction(handler, {
    path: '/api/site-audit',
    body: { url },
    env: {
      ENVIRONMENT: 'development',
      PSI_ENDPOINT: `${psi.url}/psi`,
      AUDIT_DOH_URL: resolver.endpoint,
      AUDIT_ALLOW_HOSTS: (setup.allow ?? []).map((s) => new URL(s.url).host).join(','),
      ...setup.env,
    },
  });
  const elapsed = Date.now() - started;
  return { res, body: await res.json(), psi, resolver, elapsed };
}

/** The checks of an answer by id. */
export const byId = (body: any): Record<string, any> =>
  Object.fromEntries(body.visibility.checks.map((c: any) => [c.id, c]));

export const statuses = (body: any) =>
  Object.fromEntries(body.visibility.checks.map((c: any) => [c.id, c.status]));
