/**
 * Field rules every lead form shares, as plain values (no schema library), so the
 * questionnaire's contract and the chat hand-off's apply the same ones.
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

/**
 * Characters no lead field may hold: the C0 and C1 control characters (NUL among them, which
 * Postgres refuses in text), DEL, the line and paragraph separators, and the bidirectional
 * overrides and isolates that can make text read differently from what it holds. Text that spans
 * lines keeps tab and line feed: the contracts first make every other line break a line feed
 * (src/lib/lines.ts), so a line break in a one-line field is refused and one in text that spans
 * lines is kept as a line feed, in every lead form alike.
 */
const HIDDEN_CHARACTERS = {
  multiline: /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/,
  singleLine: /[\u0000-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/,
} as const;

/**
 * Whether `text` is fit to store and show: well-formed Unicode (no lone surrogate halves) with
 * none of the hidden characters above.
 */
export function isPlainText(text: string, multiline = false): boolean {
  return (
    text.isWellFormed() && !HIDDEN_CHARACTERS[multiline ? 'multiline' : 'singleLine'].test(text)
  );
}

/** What a visitor is told when a field holds such characters. */
export const PLAIN_TEXT_MESSAGE = 'Please remove control characters and hidden formatting marks.';
