/**
 * Server-side safety check for addresses we ask PageSpeed Insights to fetch. The audit is public,
 * so it must not become a way to point a fetcher at private networks, cloud metadata endpoints
 * or odd ports, whatever the island sent. Works on the parsed (WHATWG) URL, which already turns
 * decimal, octal and hex IPv4 forms (http://2130706433, http://0x7f000001) into dotted quads.
 */
import { INVALID_URL_MESSAGE, MAX_AUDIT_URL_LENGTH } from './audit';

export type GuardReason =
  'too_long' | 'not_a_url' | 'scheme' | 'credentials' | 'port' | 'ip_literal' | 'private_name';

export type GuardResult = { ok: true; url: URL } | { ok: false; reason: GuardReason };

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
 * Decides whether `address` may be forwarded to PageSpeed Insights: http or https only, default
 * ports only, no credentials, no IP literals of any form (IPv4, IPv6, IPv4-mapped IPv6, which
 * covers loopback, private, link-local and metadata addresses), no local or internal names, and
 * at most MAX_AUDIT_URL_LENGTH characters.
 */
export function checkAuditTarget(address: string): GuardResult {
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
  if (!ALLOWED_PORTS.has(url.port)) return { ok: false, reason: 'port' };

  const host = url.hostname.toLowerCase().replace(/\.+$/, '');
  if (host === '') return { ok: false, reason: 'not_a_url' };
  if (host.startsWith('[') || host.includes(':')) return { ok: false, reason: 'ip_literal' };
  const labels = host.split('.');
  if (DOTTED_IPV4.test(host) || NUMERIC_LABEL.test(labels[labels.length - 1]!)) {
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
