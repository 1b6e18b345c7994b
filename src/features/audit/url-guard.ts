/**
 * The one place for the audit's address rules, used for the address a visitor enters (before
 * PageSpeed Insights is asked) and again for every request the audit's own checks make,
 * redirects included. The audit is public, so it must not become a way to point a fetcher at
 * private networks, cloud metadata endpoints or odd ports, whatever the island sent. Works on
 * the parsed (WHATWG) URL, which already turns decimal, octal and hex IPv4 forms
 * (http://2130706433, http://0x7f000001) into dotted quads; the addresses a name resolves to
 * are judged by isPublicAddress.
 */
import ipaddr from 'ipaddr.js';
import { INVALID_URL_MESSAGE, MAX_AUDIT_URL_LENGTH } from './address';

export type GuardReason =
  'too_long' | 'not_a_url' | 'scheme' | 'credentials' | 'port' | 'ip_literal' | 'private_name';

export type GuardResult = { ok: true; url: URL } | { ok: false; reason: GuardReason };

export interface GuardOptions {
  /**
   * host:port pairs let through whatever they are (loopback fixture sites in tests); built by
   * parseAllowHosts, and only ever passed in development.
   */
  allowHosts?: ReadonlySet<string> | undefined;
}

/** Only the default web ports: anything else is usually an admin or internal service. */
const ALLOWED_PORTS = new Set(['', '80', '443']);

/**
 * Names that only resolve inside a network or are reserved (RFC 6761, RFC 8375, ICANN's
 * name-collision list): single-label hosts are covered because the normaliser prefixes www.
 */
const PRIVATE_SUFFIXES = [
  'localhost',
  'local',
  'internal',
  'localdomain',
  'intranet',
  'lan',
  'home',
  'corp',
  'arpa',
  'test',
  'invalid',
  'onion',
];

const DOTTED_IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;
/** A last label that URL parsing would read as a number: such hosts are IPv4 in disguise. */
const NUMERIC_LABEL = /^(?:\d+|0x[\da-f]*)$/i;

/**
 * Decides whether `address` may be audited or fetched: http or https only, default ports only,
 * no credentials, no IP literals of any form (IPv4, IPv6, IPv4-mapped IPv6, which covers
 * loopback, private, link-local and metadata addresses), no local or internal names, and at most
 * MAX_AUDIT_URL_LENGTH characters. A host:port in `options.allowHosts` skips the port, literal
 * and name rules. Names that pass still have to resolve to public addresses before the audit
 * fetches them (visibility/safe-fetch.server.ts).
 */
export function checkAuditTarget(address: string, options: GuardOptions = {}): GuardResult {
  if (address.length > MAX_AUDIT_URL_LENGTH) return { ok: false, reason: 'too_long' };
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return { ok: false, reason: 'not_a_url' };
  }
  if (url.href.length > MAX_AUDIT_URL_LENGTH) return { ok: false, reason: 'too_long' };
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, reason: 'scheme' };
  if (url.username !== '' || url.password !== '') return { ok: false, reason: 'credentials' };
  if (options.allowHosts?.has(hostKey(url))) return { ok: true, url };
  if (!ALLOWED_PORTS.has(url.port)) return { ok: false, reason: 'port' };

  const host = url.hostname.toLowerCase().replace(/\.+$/, '');
  if (host === '') return { ok: false, reason: 'not_a_url' };
  if (host.startsWith('[') || host.includes(':')) return { ok: false, reason: 'ip_literal' };
  const labels = host.split('.');
  if (DOTTED_IPV4.test(host) || NUMERIC_LABEL.test(labels[labels.length - 1])) {
    return { ok: false, reason: 'ip_literal' };
  }
  if (labels.length < 2) return { ok: false, reason: 'private_name' };
  if (PRIVATE_SUFFIXES.some((s) => host === s || host.endsWith(`.${s}`))) {
    return { ok: false, reason: 'private_name' };
  }
  return { ok: true, url };
}

/** What the visitor is told for each refusal; none reveals more than the rule. */
export const GUARD_MESSAGES: Record<GuardReason, string> = {
  too_long: `That address is too long. Please enter a URL of at most ${MAX_AUDIT_URL_LENGTH} characters.`,
  not_a_url: INVALID_URL_MESSAGE,
  scheme: 'Only http:// and https:// websites can be audited.',
  credentials: 'Please remove the user name and password from the address.',
  port: 'Only websites on the standard ports (80 and 443) can be audited.',
  ip_literal: "IP addresses can't be audited. Please enter the website's domain name instead.",
  private_name: 'Only public websites can be audited. Please enter an address on the internet.',
};

/** The host:port key of a URL, its scheme's default port written out (http://a -> a:80). */
function hostKey(url: URL): string {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return `${url.hostname.toLowerCase()}:${port}`;
}

/**
 * Reads AUDIT_ALLOW_HOSTS: comma-separated host:port pairs (127.0.0.1:8788, [::1]:4000) that the
 * audit may fetch although they are not public. Entries that do not parse are dropped.
 */
export function parseAllowHosts(value: string | undefined): Set<string> {
  const hosts = new Set<string>();
  for (const entry of (value ?? '').split(',')) {
    const trimmed = entry.trim();
    if (trimmed === '') continue;
    try {
      hosts.add(hostKey(new URL(`http://${trimmed}`)));
    } catch {
      // Not a host:port; ignored rather than failing every audit.
    }
  }
  return hosts;
}

/** The global unicast block: every public IPv6 address is inside it. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * Whether an address that a name resolved to is on the public internet. ipaddr.js names the
 * special-purpose blocks (private, loopback, link-local, unique-local, carrier-grade NAT,
 * multicast, documentation and benchmarking, 6to4, Teredo, NAT64 and the rest); only plain
 * unicast passes. An IPv4-mapped IPv6 address is judged as the IPv4 address it carries, and
 * any other IPv6 address must also lie in 2000::/3. Anything that does not parse as a dotted
 * quad or an IPv6 address is refused.
 */
export function isPublicAddress(text: string): boolean {
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) address = ipaddr.IPv4.parse(text);
  else if (ipaddr.IPv6.isValid(text) && !text.includes('%')) address = ipaddr.IPv6.parse(text);
  else return false;
  if (address.kind() === 'ipv6') {
    const v6 = address as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) return isPublicAddress(v6.toIPv4Address().toString());
    if (!v6.match(GLOBAL_UNICAST_V6)) return false;
  }
  return address.range() === 'unicast';
}
