/**
 * What the firm keeps of a question asked of the advisor: the text with every email address and
 * phone number masked, at most QUESTION_MAX characters. Prices, ranges and dates stay as they
 * are: they say what prospects ask about.
 */

/** The longest question kept, in characters. */
export const QUESTION_MAX = 500;
/** The longest comment on a rating kept, in characters. */
export const COMMENT_MAX = 500;

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;
/**
 * Phone numbers: North American ones with or without separators ("(616) 555-0134",
 * "616.555.0134", "6165550134", "+1 616 555 0134"), and international ones written with a
 * leading + ("+44 20 7946 0958").
 */
const PHONE = [
  /(?<![\p{N}$])(?:\+?1[\s.-]?)?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}(?![\p{N}%])/gu,
  /\+\d[\d\s().-]{6,}\d/g,
];

/** `text` with email addresses and phone numbers replaced by "[email]" and "[phone]". */
export function maskContactDetails(text: string): string {
  let masked = text.replace(EMAIL, '[email]');
  for (const pattern of PHONE) masked = masked.replace(pattern, '[phone]');
  return masked;
}

/** What is kept of a visitor's text: masked, trimmed and cut to `max` characters. */
export function keepable(text: string, max = QUESTION_MAX): string {
  const masked = maskContactDetails(text).trim();
  return masked.length > max ? `${masked.slice(0, max - 1)}…` : masked;
}
