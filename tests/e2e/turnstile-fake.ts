/**
 * Cloudflare Turnstile without the network: Playwright answers requests to
 * challenges.cloudflare.com with a small stand-in of api.js that renders the challenge frame
 * (from the same origin, as the real widget does) and, once the frame has loaded, issues the
 * dummy token of Cloudflare's always-pass testing key. A page's CSP therefore still decides
 * whether the script runs and the frame loads.
 */
import type { Page } from '@playwright/test';
import { TURNSTILE_DUMMY_TOKEN } from './accounts-site';

const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';

const API_JS = `
(() => {
  const widgets = new Map();
  let next = 0;
  function challenge(widget) {
    const frame = document.createElement('iframe');
    frame.title = 'Widget containing a Cloudflare security challenge';
    frame.src = '${TURNSTILE_ORIGIN}/cdn-cgi/challenge-platform/turnstile/if/' + encodeURIComponent(widget.options.sitekey);
    frame.addEventListener('load', () => widget.options.callback(${JSON.stringify(TURNSTILE_DUMMY_TOKEN)}));
    widget.container.replaceChildren(frame);
  }
  window.turnstile = {
    render(container, options) {
      const id = 'cf-widget-' + ++next;
      const widget = { container, options };
      widgets.set(id, widget);
      challenge(widget);
      return id;
    },
    reset(id) {
      const widget = widgets.get(id);
      if (widget) challenge(widget);
    },
    remove(id) {
      widgets.get(id)?.container.replaceChildren();
      widgets.delete(id);
    },
  };
})();
`;

export interface FakeTurnstile {
  /** Whether Cloudflare answers: false makes every Turnstile request fail. */
  available: boolean;
  /** Requests made to challenges.cloudflare.com, by path. */
  requests: string[];
}

/** Serves Turnstile to `page` from route handlers. */
export async function serveTurnstile(page: Page): Promise<FakeTurnstile> {
  const fake: FakeTurnstile = { available: true, requests: [] };
  await page.route(`${TURNSTILE_ORIGIN}/**`, async (route) => {
    const { pathname } = new URL(route.request().url());
    fake.requests.push(pathname);
    if (!fake.available) return route.abort('connectionrefused');
    if (pathname === '/turnstile/v0/api.js') {
      return route.fulfill({ contentType: 'text/javascript', body: API_JS });
    }
    return route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><title>Challenge</title><p>Success!</p></html>',
    });
  });
  return fake;
}
