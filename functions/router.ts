/**
 * The Worker's router (Hono): the API routes of ./routes.ts behind their checks, the IndexNow
 * key file, and the built site for everything else. Every API answer carries the security
 * headers; every error is JSON without a stack; every log line a request writes carries its id
 * (src/server/log.ts). docs/architecture.md follows one request through it.
 */
import { Hono, type Context, type Handler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { secureHeaders } from 'hono/secure-headers';
import type { Env, RouteHandler } from '#server/env';
import { HttpError, bodyTooLarge, errorResponse, json } from '#server/http';
import {
  createIsolateLimiters,
  enforceAllowance,
  refuseCrossSite,
  requireJson,
  requireMethod,
  type IsolateLimiters,
} from '#server/request-guard';
import { serveAsset } from '#server/assets';
import { log, requestIdFor, withRequestId } from '#server/log';
import { keyFile } from './api/key-file';
import { ALLOWANCES, ROUTES, type Route } from './routes';

export type App = Hono<{ Bindings: Env }>;

/**
 * Security headers on every API answer, errors included; static files get theirs from
 * public/_headers. Hono's defaults are looser or different in places (no CSP, Referrer-Policy
 * no-referrer, X-Frame-Options SAMEORIGIN, HSTS for 180 days), so each header is set to the
 * site's own value, and the ones the site does not send are off. A header the route set itself
 * is kept.
 */
const apiHeaders = secureHeaders({
  contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  crossOriginResourcePolicy: 'same-origin',
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [] },
  referrerPolicy: 'strict-origin-when-cross-origin',
  strictTransportSecurity: 'max-age=31536000; includeSubDomains',
  xContentTypeOptions: true,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: 'DENY',
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
  overwrite: false,
});

/** A route handler as Hono calls it: the request, the configuration and the execution context. */
export function handle(handler: RouteHandler): Handler<{ Bindings: Env }> {
  return (c: Context<{ Bindings: Env }>) =>
    handler({
      request: c.req.raw,
      env: c.env ?? {},
      waitUntil: (promise) => c.executionCtx.waitUntil(promise),
    });
}

/**
 * Mounts one route of the table at `path`: its checks in a fixed order (method, origin, media
 * type, size, allowance), then its handler. The method, origin and media-type checks are the
 * site's own: Hono's method-not-allowed answers only after the route has run (and so after the
 * allowance), and its csrf middleware checks only form-like bodies and refuses header-less
 * ones, where ours refuses a foreign Origin or a cross-site fetch for every body type and lets
 * server-to-server calls through.
 */
export function mountRoute(app: App, path: string, route: Route, limiters: IsolateLimiters): void {
  app.all(
    path,
    (c, next) => {
      requireMethod(route, c.req.method);
      if (route.sameOrigin) refuseCrossSite(c.req.raw, c.env ?? {});
      if (route.json) requireJson(c.req.raw);
      return next();
    },
    // The declared length, or the bytes read when none is declared (reading enforces it too).
    bodyLimit({
      maxSize: route.bodyLimit,
      onError: () => {
        throw bodyTooLarge(route.bodyLimit);
      },
    }),
    async (c, next) => {
      const allowance = ALLOWANCES[route.allowance];
      await enforceAllowance(route.allowance, allowance, c.req.raw, c.env ?? {}, limiters);
      return next();
    },
    handle(route.handler),
  );
}

/**
 * A router with the middleware every answer passes (the request's id, the JSON error handler,
 * the headers) around the API routes `mount` adds, then the IndexNow key file and the built
 * site. The Worker mounts the route table (createApp); a test can mount one handler.
 */
export function createRouter(mount: (app: App) => void): App {
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
  // The assets binding answers with immutable headers, so the answer is copied, not changed.
  app.use('*', async (c, next) => {
    await next();
    if (c.res.headers.get('X-Content-Type-Options') === 'nosniff') return;
    const headers = new Headers(c.res.headers);
    headers.set('X-Content-Type-Options', 'nosniff');
    c.res = new Response(c.res.body, { status: c.res.status, headers });
  });

  app.use('/api/*', apiHeaders);

  mount(app);
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

/**
 * The Worker's router: every route of the table. Each isolate builds one (functions/index.ts)
 * with fresh rate-limit buckets; a test may pass its own to see limits add up.
 */
export function createApp(limiters: IsolateLimiters = createIsolateLimiters(ALLOWANCES)): App {
  return createRouter((app) => {
    for (const [path, route] of Object.entries(ROUTES)) mountRoute(app, path, route, limiters);
  });
}
