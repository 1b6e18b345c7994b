/**
 * Helpers for function tests: call a Pages Function handler (through the real middleware) with a
 * Request, and run small local HTTP servers that stand in for upstream services and record what
 * they receive, so the functions' real request code runs.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { createMiddleware } from '../../functions/_middleware';
import type { Env } from '#server/env';

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
   * The middleware to run through; a fresh one (with fresh abuse limiters) per call unless a
   * test shares one to see limits add up.
   */
  middleware?: Handler;
}

/** Calls `handler` the way Pages would, wrapped in functions/_middleware.ts. */
export async function callFunction(handler: Handler, options: CallOptions = {}): Promise<Response> {
  const { method = 'POST', path = '/api/test', body, raw, env = {}, ip = '203.0.113.7' } = options;
  const headers = new Headers({ 'CF-Connecting-IP': ip, ...options.headers });
  let payload: string | undefined = raw;
  if (payload === undefined && body !== undefined) {
    payload = JSON.stringify(body);
    if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  }
  const request = new Request(new URL(path, 'http://127.0.0.1:8788'), {
    method,
    headers,
    body: method === 'GET' || method === 'HEAD' ? undefined : payload,
  });
  const waits: Promise<unknown>[] = [];
  const base = {
    request,
    env,
    params: {},
    data: {},
    functionPath: path,
    waitUntil: (p: Promise<unknown>) => waits.push(p),
    passThroughOnException: () => {},
  };
  const context = { ...base, next: async () => handler(base) };
  const middleware = options.middleware ?? createMiddleware();
  const response = await middleware(context as any);
  await Promise.allSettled(waits);
  return response;
}

/**
 * Calls `onRequest`, the handler a route exports for the methods it does not take, with
 * `options.method` (GET unless given), and asserts the answer: 405, Allow: POST and a JSON error
 * with the code method_not_allowed. Answers the parsed body.
 */
export async function expectPostOnly(onRequest: Handler, options: CallOptions = {}): Promise<any> {
  const { method = 'GET' } = options;
  const body = method === 'GET' || method === 'HEAD' ? undefined : {};
  const res = await callFunction(onRequest, { body, ...options, method });
  expect(res.headers.get('Allow')).toBe('POST');
  return expectError(res, 405, 'method_not_allowed');
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
  const server = createServer(async (req, res) => {
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
  });
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
}

/** A loopback Resend with Resend's idempotency answers (tests/e2e/stubs/email.stub.cjs). */
export async function startResend(): Promise<ResendServer> {
  const resend = createResend({ apiKey: EMAIL_API_KEY });
  const server = await startStub((req, res) =>
    resend.handle({ method: req.method, headers: req.headers, body: req.body }, res),
  );
  return Object.assign(server, {
    sent: resend.sent as SentEmail[],
    failNext: resend.failNext as (count: number) => void,
    setDelay: resend.setDelay as (ms: number) => void,
  });
}

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
  const server = await startStub((req, res) => {
    const url = new URL(req.url, 'http://stub');
    if (url.pathname !== '/rest/v1/leads') return answerAuth(req, res);
    table.handle(
      { method: req.method, query: url.searchParams, headers: req.headers, body: req.body },
      res,
    );
  });
  return Object.assign(server, { leads: table.rows as StandInRow[] });
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
