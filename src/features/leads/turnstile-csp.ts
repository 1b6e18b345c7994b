/**
 * What Cloudflare Turnstile needs from a page's Content Security Policy: its script and its
 * challenge frame, both served from one origin (Cloudflare's Turnstile CSP reference). Only the
 * pages that host a form showing the check call this, and only on builds with a site key: the
 * questionnaire (the home page and /questionnaire) and the chat, whose hand-off shows it too.
 * The chat's island sits on the home page only; every other page's chat link opens it there
 * (/#chat), so no other page needs Turnstile, and every other page keeps `script-src 'self'` plus
 * hashes and no frames. A page that adds the chat island must call this as well.
 */

/** Where Turnstile's script and challenge frame come from. */
export const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';

/** Turnstile's script, rendered explicitly by the wizard on its last step. */
export const TURNSTILE_SCRIPT_URL = `${TURNSTILE_ORIGIN}/turnstile/v0/api.js?render=explicit`;

/** The part of `Astro.csp` this needs. */
export interface PageCsp {
  insertScriptResource(resource: string): void;
  insertDirective(directive: string): void;
}

/**
 * Allows Turnstile on the page being rendered when `siteKey` is set. Astro drops its default
 * `'self'` once a script source is added, so it is added back first.
 */
export function allowTurnstile(csp: PageCsp | undefined, siteKey: string | undefined): void {
  if (!csp || !siteKey) return;
  csp.insertScriptResource("'self'");
  csp.insertScriptResource(TURNSTILE_ORIGIN);
  csp.insertDirective(`frame-src ${TURNSTILE_ORIGIN}`);
}
