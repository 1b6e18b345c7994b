/**
 * Helpers for function tests: call a Pages Function handler (through the real middleware) with a
 * Request, and run small local HTTP servers that stand in for upstream services and record what
 * they receive, so the functions' real request code runs.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { onRequest as middleware } from '../../functions/_middleware';
import type { Env } from '../../functions/_lib/env';

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
  const response = await middleware(context as any);
  await Promise.allSettled(waits);
  return response;
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
