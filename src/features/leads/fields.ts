/**
 * Field rules every lead form shares, as plain values (no schema library), so the
 * questionnaire's contract (zod) and the chat hand-off's (zod/mini) apply the same ones.
 */

/** Longest accepted answer per field, in characters. */
export const ANSWER_LIMITS = {
  name: 120,
  email: 254,
  company: 160,
  priorities: 4000,
  additionalInfo: 2000,
} as const;

/** Longest accepted lead source (a page slug such as `seo` or `consultants`). */
export const SOURCE_MAX_LENGTH = 64;

/** A page slug: lower-case words of letters and digits joined by single hyphens. */
export const SOURCE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** What a visitor is told about the email field. */
export const EMAIL_MESSAGES = {
  required: 'Please enter your email address.',
  tooLong: 'Please enter a shorter email address.',
  invalid: 'Please enter a valid email address, such as name@company.com.',
} as const;
