/**
 * What the site's pages use of leads when they are built: the Content Security Policy for the
 * human check, and the questionnaire's steps (the chat advisor's index quotes their questions).
 */
export { allowTurnstile } from './turnstile-csp';
export { STEPS } from './steps';
