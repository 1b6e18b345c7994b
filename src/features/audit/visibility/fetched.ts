/**
 * What the audit's fetches hand to the checks: an answer from the site, or why there was none.
 * Plain data, so the checks are pure functions tested without a network.
 */
import {
  CHECKS_BUDGET_MS,
  FETCH_TIMEOUT_MS,
  MAX_REDIRECTS,
  MAX_REQUESTS,
  MAX_REQUESTS_PER_OTHER_HOST,
} from './safe-fetch.server';
import type { GuardReason } from '../url-guard';

/** Why a fetch gave no answer to judge. */
export type FetchFailureKind =
  /** The address or a redirect breaks the address rules (scheme, port, IP literal, local name). */
  | 'refused'
  /** The name resolves to an address that is not public. */
  | 'private_address'
  /** The name has no A or AAAA records. */
  | 'dns_not_found'
  /** The resolver failed, so the name could not be checked (and was not fetched). */
  | 'dns_error'
  /** The site did not answer within the per-fetch limit. */
  | 'timeout'
  /** The audit's shared time ran out first: a limit of ours, not a fault of the site. */
  | 'budget'
  /** The audit had sent all the requests it sends to sites. */
  | 'request_limit'
  /** The audit had sent all the requests it sends to this host, which is not the audited site. */
  | 'host_limit'
  /** The connection failed (refused, reset, TLS). */
  | 'network'
  | 'redirect_loop'
  | 'too_many_redirects';

/** A redirect that was followed. */
export interface Hop {
  url: string;
  status: number;
}

/** An answer from the site, after any redirects. */
export interface Fetched {
  ok: true;
  /** The address that answered (the last of the redirect chain). */
  url: string;
  status: number;
  headers: Headers;
  /** Redirects followed to get here, in order. */
  hops: Hop[];
  /** Milliseconds from sending the last request to receiving its headers. */
  ttfbMs: number;
  /** The media type, lower case, without parameters ('' when the answer names none). */
  contentType: string;
  /** The body's text when its type is text, cut at the cap; undefined otherwise. */
  body: string | undefined;
  /** True when the body was longer than the cap and reading stopped there. */
  truncated: boolean;
}

/** A fetch that ended without an answer to judge. */
export interface Failed {
  ok: false;
  kind: FetchFailureKind;
  /** The address that failed (after any redirects followed). */
  url: string;
  hops: Hop[];
  /** For `refused`: which address rule. */
  reason?: GuardReason | undefined;
}

/** What one fetch came to: an answer, or why there was none. */
export type Attempt = Fetched | Failed;

/**
 * Failures that leave the check undecided rather than failed: our own rules or limits stopped
 * the fetch, or the name has no address at all (nothing to judge; PageSpeed reports that too).
 */
export function isOurLimit(failed: Failed): boolean {
  return [
    'refused',
    'private_address',
    'dns_not_found',
    'dns_error',
    'budget',
    'request_limit',
    'host_limit',
  ].includes(failed.kind);
}

/** A sentence saying why there was no answer, for a check's detail. */
export function describeFailure(failed: Failed, what: string): string {
  switch (failed.kind) {
    case 'refused':
      return `We did not fetch ${what}: its address (${failed.url}) is not a public web address on a standard port.`;
    case 'private_address':
      return `We did not fetch ${what}: its host name points to a private or reserved network address, which the audit never visits.`;
    case 'dns_not_found':
      return `We could not find ${what}: its host name has no address in DNS.`;
    case 'dns_error':
      return `We could not look up the address of ${what} just now, so we did not fetch it.`;
    case 'timeout':
      return `${capitalize(what)} did not answer within ${seconds(FETCH_TIMEOUT_MS)}.`;
    case 'budget':
      return `We ran out of time for ${what}: the checks stop after ${seconds(CHECKS_BUDGET_MS)} in all.`;
    case 'request_limit':
      return `We did not fetch ${what}: the audit sends at most ${MAX_REQUESTS} requests in all, redirects included, and had sent them.`;
    case 'host_limit':
      return `We did not fetch ${what}: the audit sends at most ${MAX_REQUESTS_PER_OTHER_HOST} requests to another host (${new URL(failed.url).host}), redirects included.`;
    case 'network':
      return `We could not connect to ${what} (the connection was refused or broke off).`;
    case 'redirect_loop':
      return `${capitalize(what)} redirects in a loop, so it never loads.`;
    case 'too_many_redirects':
      return `${capitalize(what)} redirects more than ${MAX_REDIRECTS} times in a row, so we stopped following.`;
  }
}

function seconds(ms: number): string {
  return `${ms / 1000} seconds`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The first value of a header, lower case, or ''. */
export function header(fetched: Fetched, name: string): string {
  return (fetched.headers.get(name) ?? '').toLowerCase();
}
