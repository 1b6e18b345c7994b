/**
 * How a check's finding is built: its title from CHECK_INFO, fixes only when something is
 * wrong, and the shared wording for fetches that gave no answer.
 */
import {
  MAX_CHECK_ITEMS,
  type CheckId,
  type CheckStatus,
  type LearnMore,
  type VisibilityCheck,
} from '../contract';
import { describeFailure, isOurLimit, type Failed } from './fetched';
import { CHECK_INFO } from './scoring';

/** What a finding may carry beside its status and detail. */
export type Extras = {
  fix?: string | undefined;
  learnMore?: LearnMore;
  items?: VisibilityCheck['items'];
};

/** A finding with the check's title filled in; fixes are dropped from passes. */
export function finding(
  id: CheckId,
  status: CheckStatus,
  detail: string,
  extras: Extras = {},
): VisibilityCheck {
  const check: VisibilityCheck = { id, status, title: CHECK_INFO[id].title, detail };
  if (extras.fix && status !== 'pass') check.fix = extras.fix;
  if (extras.learnMore) check.learnMore = { ...extras.learnMore };
  if (extras.items?.length) check.items = extras.items.slice(0, MAX_CHECK_ITEMS);
  return check;
}

/** An answer that failed: an error when our rules or limits stopped it, else a failure. */
export function failedFetch(
  id: CheckId,
  failed: Failed,
  what: string,
  extras: Extras = {},
): VisibilityCheck {
  return finding(id, isOurLimit(failed) ? 'error' : 'fail', describeFailure(failed, what), extras);
}

/** Names joined as a sentence does: "a", "a and b", "a, b and c". */
export const list = (names: string[]) =>
  names.length <= 2 ? names.join(' and ') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/** An address as sitemaps and pages are compared: parsed, without its fragment. */
export function normalise(address: string): string {
  try {
    const url = new URL(address);
    url.hash = '';
    return url.href;
  } catch {
    return address;
  }
}
