/**
 * Every API route and every allowance, in one table each: what a route takes (methods, origin,
 * media type, size) and which allowance it counts against. The router (./router.ts) checks a
 * request against its route's row before the route runs. wrangler.toml declares one Rate
 * Limiting binding per platform limit below (tests/functions/routes.test.ts holds the two
 * together).
 */
import type { RouteHandler } from '#server/env';
import { DEFAULT_BODY_LIMIT } from '#server/http';
import type { Allowance, RoutePolicy } from '#server/request-guard';
import { CHAT_LEAD_BODY_LIMIT } from '#features/advisor/handoff-contract';
import { INDEXNOW_BODY_LIMIT } from '#features/admin/indexnow.server';
import { analyticsEvent, analyticsVitals } from './api/analytics';
import { chat } from './api/chat';
import { chatLead } from './api/chat-lead';
import { chatRating } from './api/chat-rating';
import { indexNow } from './api/indexnow';
import { leadNotify } from './api/lead-notify';
import { questionnaire } from './api/questionnaire';
import { siteAudit } from './api/site-audit';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Per client, each allowance: the platform's limit per IPv4 address or IPv6 /64 and per IPv6
 * /48 (counted across isolates, over 60 seconds), and where a longer window matters, this
 * isolate's own bucket (a burst, refilled evenly over the window).
 * - leads: questionnaire and chat hand-off together; a person sends one or two, and a few
 *   retries after a failure. 10 an hour.
 * - audit: each audit spends PageSpeed Insights quota the whole site shares; a person audits
 *   their own site and a few competitors. 20 an hour.
 * - chat: 20 messages in a burst, then 20 a minute, faster than anyone types.
 * - ratings: a visitor rates the answers of a conversation, as often as the chat answers.
 * - admin: each request with a bogus token costs a Supabase Auth call.
 * - analytics: page views and clicks, a few per page.
 */
export const ALLOWANCES = {
  leads: {
    client: { binding: 'RATE_LIMIT_LEADS', limit: 10, period: 60 },
    network: { binding: 'RATE_LIMIT_LEADS_NET', limit: 20, period: 60 },
    isolate: { limit: 10, windowMs: HOUR },
  },
  audit: {
    client: { binding: 'RATE_LIMIT_AUDIT', limit: 20, period: 60 },
    network: { binding: 'RATE_LIMIT_AUDIT_NET', limit: 40, period: 60 },
    isolate: { limit: 20, windowMs: HOUR },
  },
  chat: {
    client: { binding: 'RATE_LIMIT_CHAT', limit: 30, period: 60 },
    network: { binding: 'RATE_LIMIT_CHAT_NET', limit: 90, period: 60 },
    isolate: { limit: 20, windowMs: MINUTE },
  },
  ratings: {
    client: { binding: 'RATE_LIMIT_RATINGS', limit: 30, period: 60 },
    network: { binding: 'RATE_LIMIT_RATINGS_NET', limit: 90, period: 60 },
    isolate: { limit: 20, windowMs: MINUTE },
  },
  admin: {
    client: { binding: 'RATE_LIMIT_ADMIN', limit: 30, period: 60 },
    network: { binding: 'RATE_LIMIT_ADMIN_NET', limit: 60, period: 60 },
  },
  analytics: {
    client: { binding: 'RATE_LIMIT_ANALYTICS', limit: 60, period: 60 },
    network: { binding: 'RATE_LIMIT_ANALYTICS_NET', limit: 240, period: 60 },
  },
} as const satisfies Record<string, Allowance>;

export type AllowanceName = keyof typeof ALLOWANCES;

/** A route: its policy and its handler. */
export interface Route extends RoutePolicy {
  allowance: AllowanceName;
  /**
   * Each handler declares the configuration it reads (its own Env type); the Worker's Env must
   * supply it, which the compiler checks here.
   */
  handler: RouteHandler;
}

/** A POST route taking same-origin JSON of at most `bodyLimit` bytes. */
const postJson = (
  allowance: AllowanceName,
  handler: RouteHandler,
  bodyLimit = DEFAULT_BODY_LIMIT,
): Route => ({ methods: ['POST'], sameOrigin: true, json: true, bodyLimit, allowance, handler });

/** The API, by path. Paths are exact: anything else under /api/ answers 404. */
export const ROUTES: Record<string, Route> = {
  '/api/chat': postJson('chat', chat),
  '/api/chat/lead': postJson('leads', chatLead, CHAT_LEAD_BODY_LIMIT),
  '/api/chat/rating': postJson('ratings', chatRating, 2048),
  '/api/questionnaire': postJson('leads', questionnaire),
  '/api/site-audit': postJson('audit', siteAudit),
  '/api/indexnow': postJson('admin', indexNow, INDEXNOW_BODY_LIMIT),
  '/api/leads/notify': postJson('admin', leadNotify),
  // sendBeacon posts text/plain and link pings text/ping: same-origin, but not JSON.
  '/api/analytics/vitals': { ...postJson('analytics', analyticsVitals, 2048), json: false },
  '/api/analytics/event': { ...postJson('analytics', analyticsEvent, 2048), json: false },
};
