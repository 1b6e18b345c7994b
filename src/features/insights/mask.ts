/**
 * What the firm keeps of a question asked of the advisor: the text with every email address and
 * phone number masked, at most QUESTION_MAX characters. Prices, ranges and dates stay as they
 * are: they say what prospects ask about.
 */

/** The longest question kept, in characters. */
export const QUESTION_MAX = 500;
/** The longest comment on a rating kept, in characters. */
export const COMMENT_MAX = 500;

/** "@" as written, or spelled out in brackets: "(at)", "[at]", "{at}"; spaces around it. */
const AT = String.raw`\s*(?:@|[(\[{]\s*at\s*[)\]}])\s*`;
/** "." as written, or spelled out in brackets: "(dot)", "[dot]", "{dot}". */
const DOT = String.raw`(?:\.|\s*[(\[{]\s*dot\s*[)\]}]\s*)`;
const EMAIL = new RegExp(
  String.raw`[\p{L}\p{N}._%+-]+${AT}[\p{L}\p{N}-]+(?:${DOT}[\p{L}\p{N}-]+)+`,
  'giu',
);
/**
 * Phone numbers: North American ones with or without separators ("(616) 555-0134",
 * "616.555.0134", "6165550134", "+1 616 555 0134"), international ones written with a leading +
 * ("+44 20 7946 0958"), and national ones with a leading 0 in groups ("020 7946 0958",
 * "06 12 34 56 78"), which take 9 to 11 digits.
 */
const PHONE = [
  /(?<![\p{N}$])(?:\+?1[\s.-]?)?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}(?![\p{N}%])/gu,
  /\+\d[\d\s().-]{6,}\d/g,
];
const NATIONAL_PHONE = /(?<![\p{N}$.,/-])\(?0\d{1,4}\)?(?:[\s.-]?\d{2,4}){2,4}(?![\p{N}%])/gu;

/**
 * `text` with email addresses and phone numbers replaced by "[email]" and "[phone]". Full-width
 * forms ("＠", "０２０") are read as their plain twins first (Unicode NFKC), so the text kept
 * is in that form too.
 */
export function maskContactDetails(text: string): string {
  let masked = text.normalize('NFKC').replace(EMAIL, '[email]');
  for (const pattern of PHONE) masked = masked.replace(pattern, '[phone]');
  return masked.replace(NATIONAL_PHONE, (found) => {
    const digits = found.replace(/\D/g, '').length;
    return digits >= 9 && digits <= 11 ? '[phone]' : found;
  });
}

/** What is kept of a visitor's text: masked, trimmed and cut to `max` characters. */
export function keepable(text: string, max = QUESTION_MAX): string {
  const masked = maskContactDetails(text).trim();
  return masked.length > max ? `${masked.slice(0, max - 1)}…` : masked;
}
