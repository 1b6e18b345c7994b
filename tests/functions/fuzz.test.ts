/**
 * Property-based fuzzing of every function: arbitrary bodies, content types and headers, with
 * every upstream pointed at a stand-in that misbehaves (garbage, errors, hangs, dropped
 * connections). Whatever comes in, a function answers within its timeout with JSON, never a
 * stack, and never a 5xx other than 502/503/504 for an upstream condition.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createChatHandler } from '../../src/features/advisor/server/chat.server';
import { createIndexNowHandler } from '../../src/features/admin/indexnow.server';
import { createQuestionnaireHandler } from '../../src/features/leads/questionnaire.server';
import { createChatLeadHandler } from '../../src/features/advisor/server/handoff.server';
import { createLeadNotifyHandler } from '../../src/features/admin/lead-notify.server';
import { createSiteAuditHandler } from '../../src/features/audit/site-audit.server';
import { recordVitals as vitals } from '../../src/features/analytics/analytics.server';
import { SAMPLE_ANSWERS } from '../fixtures/leads';
import { callFunction, startStub, type StubServer } from './harness';

const RUNS = Number(process.env.FUZZ_RUNS ?? 150);
const UPSTREAM_TIMEOUT_MS = 150;
/** Longest any call may take: the upstream timeout plus generous room for a loaded machine. */
const CALL_BUDGET_MS = 3_000;

const INDEX = readFileSync(process.env.ADVISOR_INDEX ?? 'dist/advisor-index.json', 'utf8');
const ASSETS = {
  fetch: async () => new Response(INDEX, { headers: { 'Content-Type': 'application/json' } }),
};

let upstream: StubServer;
let calls = 0;

beforeAll(async () => {
  // Functions log upstream failures and console deliveries; keep the test output readable.
  for (const level of ['log', 'warn', 'error'] as const)
    vi.spyOn(console, level).mockImplementation(() => {});
  // Cycles through the ways an upstream can fail; an ok-looking answer is included too.
  upstream = await startStub(async (_req, res) => {
    switch (calls++ % 6) {
      case 0:
        res
          .writeHead(200, { 'Content-Type': 'application/json' })
          .end('{"unexpected":[1,2,{"x":null}]}');
        break;
      case 1:
        res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html>not json</html>');
        break;
      case 2:
        res.writeHead(500, { 'Content-Type': 'application/json' }).end('{"error":"boom"}');
        break;
      case 3:
        await new Promise((r) => setTimeout(r, UPSTREAM_TIMEOUT_MS * 4));
        res.writeHead(200).end('{}');
        break;
      case 4:
        res.socket?.destroy();
        break;
      default:
        res.writeHead(429, { 'Retry-After': '1' }).end('slow down');
    }
  });
});

afterAll(async () => upstream.close());

const env = () => ({
  ENVIRONMENT: 'production',
  ASSETS,
  LLM_API_URL: `${upstream.url}/v1`,
  LLM_API_KEY: 'k',
  LLM_MODEL: 'm',
  PSI_ENDPOINT: `${upstream.url}/psi`,
  AUDIT_DOH_URL: `${upstream.url}/doh`,
  SUPABASE_URL: upstream.url,
  SUPABASE_ANON_KEY: 'anon',
  SUPABASE_SERVICE_ROLE_KEY: 'service',
  EMAIL_API_URL: `${upstream.url}/email`,
  EMAIL_API_KEY: 'e',
  LEAD_NOTIFY_TO: 'leads@example.com',
  LEAD_NOTIFY_FROM: 'site@example.com',
  INDEXNOW_KEY: 'abcdef0123456789',
  INDEXNOW_ENDPOINT: `${upstream.url}/indexnow`,
});

const validBodies = {
  chat: { messages: [{ role: 'user', content: 'How much is the Discovery Workshop?' }] },
  questionnaire: SAMPLE_ANSWERS,
  chatLead: {
    email: 'ada@example.com',
    name: 'Ada',
    transcript: [{ role: 'user', content: 'Please call me.' }],
    page: 'home',
  },
  notify: { id: '6f1d0c52-8f3e-4b7a-9d2c-5e8a1b4f7c30' },
  audit: { url: 'https://www.example.com' },
  indexnow: { urls: ['/', '/articles'] },
  vitals: {
    metric: 'LCP',
    value: 1000,
    id: 'a',
    url: 'https://www.example.com/',
    timestamp: 1,
    userAgent: 'x',
  },
};

/** A valid body with some fields replaced by arbitrary JSON, dropped, or added. */
const mutated = (valid: Record<string, unknown>) =>
  fc
    .tuple(
      fc.subarray(Object.keys(valid)),
      fc.dictionary(fc.constantFrom(...Object.keys(valid), 'extra', '__proto__'), fc.jsonValue(), {
        maxKeys: 3,
      }),
    )
    .map(([keep, overrides]) => ({
      ...Object.fromEntries(keep.map((k) => [k, valid[k]])),
      ...overrides,
    }));

const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain;charset=UTF-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  '',
);

const rawBody = (valid: Record<string, unknown>) =>
  fc.oneof(
    fc.jsonValue().map((v) => JSON.stringify(v)),
    mutated(valid).map((v) => JSON.stringify(v)),
    fc.string({ unit: 'binary', maxLength: 200 }),
    fc.constant(JSON.stringify(valid)),
  );

const headers = fc.record(
  {
    'Content-Type': contentType,
    'Idempotency-Key': fc.oneof(fc.uuid(), fc.string({ maxLength: 200 })),
    Authorization: fc.oneof(fc.constant('Bearer token'), fc.string({ maxLength: 60 })),
  },
  { requiredKeys: ['Content-Type'] },
);

let ip = 0;

async function expectWellFormed(
  handler: (c: any) => Response | Promise<Response>,
  raw: string,
  h: Record<string, string>,
) {
  const clean = Object.fromEntries(Object.entries(h).filter(([, v]) => /^[\t\x20-\x7e]*$/.test(v)));
  const started = Date.now();
  const res = await callFunction(handler, {
    raw,
    headers: clean,
    env: env(),
    ip: `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip++ & 255}`,
  });
  const elapsed = Date.now() - started;
  const text = await res.text();
  expect(elapsed, 'answered within its timeout').toBeLessThan(CALL_BUDGET_MS);
  expect(res.status === 500 || res.status > 504, `status ${res.status}: ${text}`).toBe(false);
  expect(text).not.toMatch(/\bat .+\.(ts|js):\d+/);
  if (res.status >= 400) {
    const body = JSON.parse(text);
    expect(typeof body.error?.message).toBe('string');
    expect(typeof body.error?.code).toBe('string');
  } else if (res.status !== 204) {
    expect(() => JSON.parse(text)).not.toThrow();
  }
}

type Target = [
  name: string,
  make: () => (c: any) => Response | Promise<Response>,
  valid: Record<string, unknown>,
  reachesUpstream: boolean,
];

/** What each handler is given: upstream calls give up after UPSTREAM_TIMEOUT_MS. */
const bounded = { timeoutMs: UPSTREAM_TIMEOUT_MS };

/** name, handler factory, a valid body, and whether valid bodies reach an upstream. */
const targets: Target[] = [
  ['chat', () => createChatHandler({ llmTimeoutMs: UPSTREAM_TIMEOUT_MS }), validBodies.chat, true],
  ['questionnaire', () => createQuestionnaireHandler(bounded), validBodies.questionnaire, true],
  ['chat/lead', () => createChatLeadHandler(bounded), validBodies.chatLead, true],
  ['leads/notify', () => createLeadNotifyHandler(bounded), validBodies.notify, true],
  ['site-audit', () => createSiteAuditHandler(bounded), validBodies.audit, true],
  ['indexnow', () => createIndexNowHandler(bounded), validBodies.indexnow, true],
  ['analytics/vitals', () => vitals, validBodies.vitals, false],
];

describe.each(targets)('fuzzing %s', (_name, make, valid, reachesUpstream) => {
  it('answers every body with well-formed JSON and no unexpected 5xx', async () => {
    const handler = make();
    const before = upstream.requests.length;
    await fc.assert(
      fc.asyncProperty(rawBody(valid), headers, (raw, h) => expectWellFormed(handler, raw, h)),
      { numRuns: RUNS },
    );
    // The misbehaving upstream was really exercised, not only the input validation.
    if (reachesUpstream) expect(upstream.requests.length).toBeGreaterThan(before);
  }, 120_000);
});
