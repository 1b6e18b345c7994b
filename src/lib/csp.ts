/**
 * The page Content Security Policy beyond what Astro adds (the `script-src` and `style-src`
 * hashes of every inline and island script and style). Everything else is this site's own:
 * nothing loads from elsewhere but Supabase, which the sign-in card and the admin panels talk
 * to when accounts are enabled, and Turnstile, which the pages with a form showing it add
 * themselves (src/features/leads/turnstile-csp.ts). `frame-ancestors` cannot sit in a meta tag,
 * so public/_headers sends it as a header.
 */

/** A directive this site sets, as Astro's configuration types it. */
type Directive = `${
  'default-src' | 'connect-src' | 'img-src' | 'object-src' | 'base-uri' | 'form-action'} ${string}`;

/** The directives of every page, for `security.csp.directives` in astro.config.mjs. */
export function pageCspDirectives(supabaseUrl: string | undefined): Directive[] {
  const connect = ["'self'"];
  const origin = supabaseUrl && URL.canParse(supabaseUrl) ? new URL(supabaseUrl) : undefined;
  if (origin?.protocol === 'https:' || origin?.protocol === 'http:') {
    // supabase-js talks to the REST and Auth APIs, and to Realtime over a WebSocket.
    connect.push(origin.origin, `${origin.protocol === 'https:' ? 'wss' : 'ws'}://${origin.host}`);
  }
  return [
    "default-src 'self'",
    `connect-src ${connect.join(' ')}`,
    "img-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ];
}
