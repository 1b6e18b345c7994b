/**
 * The few inline scripts pages carry, as text. Components render them with
 * `<script is:inline set:html={inlineScripts.nav} />`, and BaseLayout adds each one's hash to the
 * page's Content Security Policy, which Astro builds only from scripts it bundles itself.
 */
import { createHash } from 'node:crypto';
import analytics from './inline/analytics.js?raw';
import nav from './inline/nav.js?raw';
import notFound from './inline/not-found.js?raw';
import serviceWorker from './inline/service-worker.js?raw';
import subscribe from './inline/subscribe.js?raw';

/** Comment lines are dropped: they explain the source, readers of the page need not download them. */
const compact = (code: string) =>
  code
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('//'))
    .join('\n')
    .trim();

export const inlineScripts = {
  analytics: compact(analytics),
  nav: compact(nav),
  notFound: compact(notFound),
  serviceWorker: compact(serviceWorker),
  subscribe: compact(subscribe),
};

/** The CSP source expression allowing exactly this script text. */
export function scriptHash(code: string): `sha256-${string}` {
  return `sha256-${createHash('sha256').update(code).digest('base64')}`;
}
