/**
 * Runs before every function: the public routes' protections (cross-site posts refused, abuse
 * limits; see _lib/request-guard.ts), security headers on every answer, and any uncaught error
 * turned into a JSON error without a stack. Static files are served by Pages with
 * public/_headers.
 */
import { HttpError, errorResponse, json } from '#server/http';
import type { PagesFunction } from '#server/env';
import { createRouteLimiters, guardRequest, type RouteLimiters } from '#server/request-guard';
import { serveMarkdownTwin, type Assets } from '#server/markdown-negotiation';

const SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

export interface MiddlewareOptions {
  /** Per-isolate abuse limiters; fresh ones by default. */
  limiters?: RouteLimiters;
}

/** Builds the middleware with its own limiters (tests make fresh ones). */
export function createMiddleware(options: MiddlewareOptions = {}): PagesFunction {
  const limiters = options.limiters ?? createRouteLimiters();
  return async (context) => {
    let response: Response;
    try {
      await guardRequest(context.request, context.env, limiters);
      // Articles and service pages answer Accept: text/markdown with their Markdown version.
      const assets = (context.env as { ASSETS?: Assets }).ASSETS;
      response =
        (await serveMarkdownTwin(context.request, () => context.next(), assets)) ??
        (await context.next());
    } catch (err) {
      if (err instanceof HttpError) {
        response = errorResponse(err);
      } else {
        console.error('Unhandled function error', err instanceof Error ? err.message : String(err));
        response = json(
          { error: { code: 'internal_error', message: 'Something went wrong. Please try again.' } },
          500,
        );
      }
    }
    // Static assets pass through this middleware too; only function answers get the strict CSP.
    const isApi = new URL(context.request.url).pathname.startsWith('/api/');
    const headers = new Headers(response.headers);
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
      if (name === 'Content-Security-Policy' && !isApi) continue;
      if (!headers.has(name)) headers.set(name, value);
    }
    return new Response(response.body, {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  };
}

/** This isolate's middleware. */
export const onRequest = createMiddleware();
