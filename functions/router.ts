/**
 * The Worker's router (Hono): the API routes of ./routes.ts behind their checks, the IndexNow
 * key file, and the built site for everything else. Every API answer carries the security
 * headers; every error is JSON without a stack; every log line a request writes carries its id
 * (src/server/log.ts). docs/architecture.md follows one request through it.
 */
import { Hono, type Context } from 'hono';
import type { Env, RouteHandler } from '#server/env';
import { HttpError, errorResponse, json } from '#server/http';
import {
  createIsolateLimiters,
  enforceAllowance,
  refuseCrossSite,
  refuseOversize,
  requireJson,
  requireMethod,
  type IsolateLimiters,
} from '#server/request-guard';
import { serveAsset } from '#server/assets';
import { log, requestIdFor, withRequestId } from '#server/log';
import { keyFile } from './api/key-file';
import { ALLOWANCES, ROUTES } from './routes';

/** Headers on every API answer; static files get theirs from public/_headers. */
const API_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

export interface AppOptions {
  /** This isolate's rate-limit buckets; fresh ones unless a test shares them. */
  limiters?: IsolateLimiters;
  /** Handlers to use instead of the table's, by path (tests pass configured ones). */
  handlers?: Record<string, RouteHandler<never>>;
}

type App = Hono<{ Bindings: Env }>;

/** Calls a route handler with the request, the configuration and the execution context. */
function run(handler: RouteHandler<never>, c: Context<{ Bindings: Env }>) {
  return (handler as RouteHandler<Env>)({
    request: c.req.raw,
    env: c.env ?? {},
    waitUntil: (promise) => c.executionCtx.waitUntil(promise),
  });
}

/** Builds the router; each isolate has one (functions/index.ts), each test its own. */
export function createApp(options: AppOptions = {}): App {
  const limiters = options.limiters ?? createIsolateLimiters(ALLOWANCES);
  const app: App = new Hono();

  // Everything below runs, and logs, with the request's id.
  app.use('*', (c, next) => withRequestId(requestIdFor(c.req.raw), next));

  app.onError((err) => {
    if (err instanceof HttpError) return errorResponse(err);
    log.error('request.unhandled_error', { error: err });
    return json(
      { error: { code: 'internal_error', message: 'Something went wrong. Please try again.' } },
      500,
    );
  });

  // No answer of the Worker may be sniffed as another type: the key file, files and 404s too.
  app.use('*', async (c, next) => {
    await next();
    if (c.res.headers.get('X-Content-Type-Options') === 'nosniff') return;
    const headers = new Headers(c.res.headers);
    headers.set('X-Content-Type-Options', 'nosniff');
    c.res = new Response(c.res.body, { status: c.res.status, headers });
  });

  // Security headers on every API answer, errors included.
  app.use('/api/*', async (c, next) => {
    await next();
    const headers = new Headers(c.res.headers);
    for (const [name, value] of Object.entries(API_HEADERS)) {
      if (!headers.has(name)) headers.set(name, value);
    }
    c.res = new Response(c.res.body, { status: c.res.status, headers });
  });

  // The checks, in a fixed order: method, origin, media type, size, allowance.
  app.use('/api/*', async (c, next) => {
    const route = ROUTES[c.req.path];
    if (!route) return next();
    requireMethod(route, c.req.method);
    if (route.sameOrigin) refuseCrossSite(c.req.raw, c.env ?? {});
    if (route.json) requireJson(c.req.raw);
    refuseOversize(c.req.raw, route.bodyLimit);
    const allowance = ALLOWANCES[route.allowance];
    await enforceAllowance(route.allowance, allowance, c.req.raw, c.env ?? {}, limiters);
    return next();
  });

  for (const [path, route] of Object.entries(ROUTES)) {
    const handler = options.handlers?.[path] ?? route.handler;
    app.on([...route.methods], path, (c) => run(handler, c));
  }
  for (const [path, handler] of Object.entries(options.handlers ?? {})) {
    if (!ROUTES[path]) app.all(path, (c) => run(handler, c));
  }
  app.all('/api/*', () => {
    throw new HttpError(404, 'not_found', 'There is no such API route.');
  });

  app.get('/:file{[^/]+\\.txt}', (c) => {
    const context = { request: c.req.raw, env: c.env ?? {}, waitUntil: () => {} };
    return keyFile(context) ?? serveAsset(c.req.raw, c.env ?? {});
  });
  app.all('*', (c) => serveAsset(c.req.raw, c.env ?? {}));
  return app;
}
