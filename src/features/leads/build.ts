/** What the site's pages use of leads when they are built: the Content Security Policy for the human check. */
export { allowTurnstile } from './turnstile-csp';
