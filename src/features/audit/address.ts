/**
 * The address a visitor asks to audit, as the /audit island and POST /api/site-audit both read
 * it: the normaliser, its length limit and the message for an address it refuses. Pure, so the
 * island's bundle stays small; which hosts may be fetched is url-guard.ts.
 */

/** Longest address we accept; real pages stay far below it and it bounds the upstream query. */
export const MAX_AUDIT_URL_LENGTH = 2048;

/** Shown when the normaliser rejects what was typed. */
export const INVALID_URL_MESSAGE =
  'Please enter a valid URL (e.g., example.com or www.example.com)';

const HTTP_PREFIX = /^https?:\/\//i;
/** Any other explicit scheme (ftp://, file://, javascript://): never rewritten into https. */
const OTHER_SCHEME = /^[a-z][a-z\d+.-]*:\/\//i;
/**
 * A DNS host name after parsing (international names are in punycode by then). Checked because
 * browsers' URL parsers differ: Chromium accepts "exa mple.com" as the host "exa%20mple.com".
 */
const HOST_NAME =
  /^(?:[a-z\d_](?:[a-z\d_-]{0,61}[a-z\d])?\.)*[a-z\d_](?:[a-z\d_-]{0,61}[a-z\d])?\.?$/;

/**
 * Normalises what a visitor typed into the address to audit, per the spec's page rules: trim;
 * prepend https:// when there is no http(s) prefix; prefix www. when the host has no dot or is a
 * two-part name not starting with www.; valid only when it parses as http or https.
 *
 * Stricter than the spec in three ways, so that nothing odd is silently rewritten into something
 * else: another explicit scheme (ftp://x.com) is not turned into https://ftp//x.com, an address
 * with credentials (mailto:a@b.com reads as user "mailto" at b.com) is refused, and the host must
 * be a plain DNS name or IPv4 address (IPv6 literals are never audited anyway).
 *
 * @returns the absolute URL, or null when the input is not a usable web address.
 */
export function normaliseAuditUrl(input: string): string | null {
  const trimmed = input.trim();
  if (trimmed === '' || trimmed.length > MAX_AUDIT_URL_LENGTH) return null;
  if (!HTTP_PREFIX.test(trimmed) && OTHER_SCHEME.test(trimmed)) return null;
  const withScheme = HTTP_PREFIX.test(trimmed) ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password || !HOST_NAME.test(url.hostname)) return null;
  const labels = url.hostname.split('.');
  if (labels.length === 1 || (labels.length === 2 && labels[0] !== 'www')) {
    try {
      url.hostname = `www.${url.hostname}`;
    } catch {
      return null;
    }
    // Setting an unusable host is silently ignored by URL, so check it took.
    if (!url.hostname.startsWith('www.')) return null;
  }
  return url.href;
}
