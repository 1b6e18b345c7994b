/**
 * Helpers for function tests: call a route through the Worker's real router (its checks, its
 * headers, its error answers) with a Request, and run small local HTTP servers that stand in
 * for upstream services and record what they receive, so the routes' real request code runs.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { createApp, createRouter, handle, mountRoute, type App } from '../../functions/router';
import { ALLOWANCES, ROUTES } from '../../functions/routes';
import type { Env } from '#server/env';
import { createIsolateLimiters, type IsolateLimiters } from '#server/request-guard';

type Handler = (context: any) => Response | Promise<Response>;

export interface CallOptions {
  method?: string;
  path?: string;
  body?: unknown;
  /** Raw body text; wins over `body`. */
  raw?: string;
  headers?: Record<string, string>;
  env?: object;
  ip?: string;
  /**
   * The isolate's rate-limit buckets: fresh ones per call unless a test shares them to see
   * limits add up (see {@link freshLimiters}).
   */
  limiters?: IsolateLimiters;
}

/** Fresh per-isolate buckets for every allowance, for tests that count requests. */
export const freshLimiters = () => createIsolateLimiters(ALLOWANCES);

/** What a Worker's fetch handler gets as its third argument; work it is given is awaited. */
function executionContext(waits: Promise<unknown>[]) {
  return {
    waitUntil: (p: Promise<unknown>) => void waits.push(p),
    passThroughOnException: () => {},
    props: {},
  };
}

/**
 * Sends a request through the Worker's router with `handler` as the only route, at
 * `options.path` (a table route keeps its checks; any other path gets none), and waits for the
 * work it left with waitUntil.
 */
export async function callFunction(handler: Handler, options: CallOptions = {}): Promise<Response> {
  const { path = '/api/test', limiters = freshLimiters() } = options;
  const app = createRouter((router) => {
    const route = ROUTES[path];
    if (route) mountRoute(router, path, { ...route, handler }, limiters);
    else router.all(path, handle(handler));
  });
  return request(app, options);
}

/** Sends a request to the Worker's router as the table builds it (the real route handlers). */
export async function callRoute(options: CallOptions): Promise<Response> {
  return request(createApp(options.limiters), options);
}

async function request(app: App, options: CallOptions) {
  const { method = 'POST', path = '/api/test', body, raw, env = {}, ip = '203.0.113.7' } = options;
  const headers = new Headers({ 'CF-Connecting-IP': ip, ...options.headers });
  let payload: string | undefined = raw;
  if (payload === undefined && body !== undefined) {
    payload = JSON.stringify(body);
    if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  }
  const waits: Promise<unknown>[] = [];
  const response = await app.request(
    new URL(path, 'http://127.0.0.1:8788').href,
    { method, headers, body: method === 'GET' || method === 'HEAD' ? undefined : payload },
    env,
    executionContext(waits),
  );
  await Promise.allSettled(waits);
  return response;
}

/**
 * Asserts the answer to a method a route does not take: 405, `Allow` naming what it takes,
 * and a JSON error with the code method_not_allowed. Answers the parsed body.
 */
export async function expectMethodNotAllowed(
  path: string,
  method: string,
  options: Omit<CallOptions, 'path' | 'method'> = {},
  allow = 'POST',
): Promise<any> {
  const res = await callRoute({ ...options, path, method });
  expect(res.headers.get('Allow'), `${method} ${path}`).toBe(allow);
  return expectError(res, 405, 'method_not_allowed', `${method} ${path}`);
}

/**
 * Asserts a JSON error answer: its status and its error code (`label` names the case in a
 * loop). Answers the parsed body.
 */
export async function expectError(
  res: Response,
  status: number,
  code: string,
  label?: string,
): Promise<any> {
  expect(res.status, label).toBe(status);
  const answer = await res.json();
  expect(answer.error?.code, label).toBe(code);
  return answer;
}

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
  json: () => any;
}

export interface StubServer {
  url: string;
  requests: RecordedRequest[];
  close: () => Promise<void>;
}

export type StubReply = (req: RecordedRequest, res: ServerResponse) => void | Promise<void>;

/** Starts a loopback HTTP server that records every request and answers with `reply`. */
export async function startStub(reply: StubReply): Promise<StubServer> {
  const requests: RecordedRequest[] = [];
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const recorded: RecordedRequest = {
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      headers: req.headers,
      body,
      json: () => JSON.parse(body),
    };
    requests.push(recorded);
    try {
      await reply(recorded, res);
    } catch {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    }
  };
  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answers JSON with a status. */
export function replyJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

// The CommonJS stand-ins the end-to-end stub server runs, reused here so both speak alike.
const require = createRequire(import.meta.url);
const { createResend } = require('../e2e/stubs/email.stub.cjs');
const { createLeadsTable } = require('../e2e/stubs/leads-table.cjs');
const { createQuestionsTable } = require('../e2e/stubs/questions-table.cjs');

/** The key the Resend stand-in accepts, and the configuration that points functions at it. */
export const EMAIL_API_KEY = 'email-key';

/** One message the Resend stand-in really sent (after idempotency). */
export interface SentEmail {
  key: string | undefined;
  id: string;
  message: { from: string; to: string[]; subject: string; text: string; reply_to?: string };
}

export interface ResendServer extends StubServer {
  sent: SentEmail[];
  /** The next `count` sends answer 503. */
  failNext: (count: number) => void;
  /** Each send answers after `ms`, to make requests overlap. */
  setDelay: (ms: number) => void;
  /** While down, every request answers 503 and nothing is sent. */
  setDown: (down: boolean) => void;
}

/** A loopback Resend with Resend's idempotency answers (tests/e2e/stubs/email.stub.cjs). */
export async function startResend(): Promise<ResendServer> {
  const resend = createResend({ apiKey: EMAIL_API_KEY });
  let down = false;
  const server = await startStub((req, res) => {
    if (down) return replyJson(res, 503, { name: 'application_error', message: 'down' });
    resend.handle({ method: req.method, headers: req.headers, body: req.body }, res);
  });
  return Object.assign(server, {
    sent: resend.sent as SentEmail[],
    failNext: resend.failNext as (count: number) => void,
    setDelay: resend.setDelay as (ms: number) => void,
    setDown: (value: boolean) => void (down = value),
  });
}

/**
 * Matches the email API's idempotency key of lead `id`'s notification: the lead's id and its
 * content digest.
 */
export const leadEmailKey = (id: string) =>
  expect.stringMatching(new RegExp(`^lead-${id}-[0-9a-f]{64}$`));

/** Function configuration that emails leads through `mail`. */
export function emailEnv(mail: StubServer): Env {
  return {
    EMAIL_API_URL: `${mail.url}/emails`,
    EMAIL_API_KEY,
    LEAD_NOTIFY_TO: 'leads@firm.test',
    LEAD_NOTIFY_FROM: 'Website <web@firm.test>',
  };
}

/** Callers the Supabase stand-in knows, by access token. */
export const ACCOUNTS: Record<
  string,
  { id: string; email: string; roles: string[]; metadata?: Record<string, unknown> }
> = {
  'admin-token': {
    id: 'a0000000-0000-4000-8000-000000000001',
    email: 'admin@example.com',
    roles: ['admin', 'user'],
  },
  'editor-token': {
    id: 'e0000000-0000-4000-8000-000000000002',
    email: 'editor@example.com',
    roles: ['editor', 'user'],
  },
  'user-token': {
    id: 'u0000000-0000-4000-8000-000000000003',
    email: 'user@example.com',
    roles: ['user'],
  },
  // A plain user who wrote a role into their own editable metadata (supabase.auth.updateUser).
  'metadata-admin-token': {
    id: 'u0000000-0000-4000-8000-000000000004',
    email: 'sneaky@example.com',
    roles: ['user'],
    metadata: { role: 'admin', roles: ['admin'], is_admin: true },
  },
};

export const SUPABASE_ANON_KEY = 'anon-key';
export const SERVICE_ROLE_KEY = 'service-role-key';

/** A stored lead row as the stand-in holds it. */
export type StandInRow = Record<string, any>;

export interface SupabaseServer extends StubServer {
  /** The rows of the `leads` table. */
  leads: StandInRow[];
  /** The rows of the `lead_dead_letters` table. */
  deadLetters: StandInRow[];
  /** The rows of the `advisor_questions` table. */
  questions: StandInRow[];
  /** While down, every request answers 503. */
  setDown: (down: boolean) => void;
  /** The next `count` writes to `leads` are refused with a 400, as Postgres refuses bad text. */
  refuseNext: (count: number) => void;
}

/** Answers Supabase Auth's GET /auth/v1/user and rpc get_current_user_roles for ACCOUNTS. */
function answerAuth(req: RecordedRequest, res: ServerResponse): void {
  const token = /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ''))?.[1] ?? '';
  const account = ACCOUNTS[token];
  if (req.headers.apikey !== SUPABASE_ANON_KEY) {
    return replyJson(res, 401, { message: 'No API key found' });
  }
  if (req.method === 'GET' && req.url === '/auth/v1/user') {
    if (!account) {
      return replyJson(res, 403, {
        code: 403,
        error_code: 'bad_jwt',
        msg: 'invalid JWT: unable to parse or verify signature, token is expired',
      });
    }
    return replyJson(res, 200, {
      id: account.id,
      email: account.email,
      aud: 'authenticated',
      role: 'authenticated',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: account.metadata ?? {},
    });
  }
  if (req.method === 'POST' && req.url === '/rest/v1/rpc/get_current_user_roles') {
    if (!account) return replyJson(res, 401, { code: 'PGRST301', message: 'JWT expired' });
    return replyJson(res, 200, account.roles);
  }
  replyJson(res, 404, { message: 'not found' });
}

/**
 * A loopback Supabase: Auth and the roles RPC for the callers in ACCOUNTS (anon key), and the
 * `leads` table through PostgREST for the service role (tests/e2e/stubs/leads-table.cjs).
 */
export async function startSupabase(): Promise<SupabaseServer> {
  const table = createLeadsTable({ serviceRoleKey: SERVICE_ROLE_KEY });
  const deadLetters: StandInRow[] = [];
  const questionsTable = createQuestionsTable({ serviceRoleKey: SERVICE_ROLE_KEY });
  let down = false;
  let refusals = 0;
  const server = await startStub((req, res) => {
    if (down) return replyJson(res, 503, { message: 'upstream unavailable' });
    const url = new URL(req.url, 'http://stub');
    if (url.pathname === '/rest/v1/lead_dead_letters' && req.method === 'POST') {
      const row = req.json();
      if (!deadLetters.some((r) => r.id === row.id)) deadLetters.push(row);
      return replyJson(res, 201, []);
    }
    if (
      url.pathname === '/rest/v1/advisor_questions' ||
      url.pathname.startsWith('/rest/v1/rpc/purge')
    ) {
      const path = url.pathname.slice('/rest/v1'.length);
      return questionsTable.handle({ ...req, path, query: url.searchParams }, res);
    }
    if (url.pathname !== '/rest/v1/leads') return answerAuth(req, res);
    if (refusals > 0 && req.method === 'POST') {
      refusals--;
      return replyJson(res, 400, { code: '22P05', message: 'unsupported Unicode escape sequence' });
    }
    table.handle(
      { method: req.method, query: url.searchParams, headers: req.headers, body: req.body },
      res,
    );
  });
  return Object.assign(server, {
    leads: table.rows as StandInRow[],
    deadLetters,
    questions: questionsTable.rows as StandInRow[],
    setDown: (value: boolean) => void (down = value),
    refuseNext: (count: number) => void (refusals = count),
  });
}

/** Function configuration for `supabase`: the service role and the anon key. */
export function supabaseEnv(supabase: StubServer): Env {
  return {
    SUPABASE_URL: supabase.url,
    SUPABASE_ANON_KEY,
    SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY,
  };
}

/** The two destinations of a lead: the Supabase stand-in's table and the Resend stand-in. */
export interface LeadSinks {
  db: SupabaseServer;
  mail: ResendServer;
  /** Production configuration that stores leads in `db` and emails them through `mail`. */
  env: Env;
}

/** Starts a Supabase and a Resend stand-in, the configuration of a site that uses both. */
export async function startLeadSinks(): Promise<LeadSinks> {
  const db = await startSupabase();
  const mail = await startResend();
  return { db, mail, env: { ENVIRONMENT: 'production', ...supabaseEnv(db), ...emailEnv(mail) } };
}

const { dohAnswer } = require('../e2e/stubs/doh.stub.cjs');

export interface DohServer extends StubServer {
  /** The resolver's address, for AUDIT_DOH_URL. */
  endpoint: string;
  /** The names asked for, with the record type, e.g. "www.example.com A". */
  queries: () => string[];
}

/**
 * A loopback DNS-over-HTTPS resolver (the JSON API) answering from `records`, host name to its
 * IPv4 and IPv6 addresses; other names do not exist (NXDOMAIN).
 */
export async function startDoh(records: Record<string, string[]>): Promise<DohServer> {
  const server = await startStub((req, res) => {
    const url = new URL(req.url, 'http://stub');
    replyJson(
      res,
      200,
      dohAnswer(url.searchParams.get('name'), url.searchParams.get('type'), records),
    );
  });
  return Object.assign(server, {
    endpoint: `${server.url}/dns-query`,
    queries: () =>
      server.requests.map((r) => {
        const url = new URL(r.url, 'http://stub');
        return `${url.searchParams.get('name')} ${url.searchParams.get('type')}`;
      }),
  });
}
