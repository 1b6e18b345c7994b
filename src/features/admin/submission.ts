/**
 * Plain logic of the search-engine submission panel: the spec's key pages, the request to
 * POST /api/indexnow, the spec's messages, and the remembered time of the last submission.
 */
import type { IndexNowRequest } from './contract';
import type { Notice } from './role-logic';

/** The pages submitted by 'Submit Key Pages', from the spec. */
export const KEY_PAGES = [
  '/',
  '/articles',
  '/consultants',
  '/audit',
  '/services/ai-website-optimization',
  '/services/seo',
  '/services/discovery-workshop',
  '/services/data-insights',
  '/services/ai-implementation-consulting',
  '/services/ai-strategy-training',
  '/services/operations-consulting',
  '/services/nonprofit-support',
] as const;

export type SubmissionKind = 'current' | 'key-pages';

/** localStorage key of the last successful submission time (ISO 8601). */
export const LAST_SUBMISSION_KEY = 'indexnow:last-submission';

/**
 * Posts `urls` with the session's access token. True when the function accepted them, false
 * when there is no session or it refused; throws when the request could not be made.
 */
export async function submitUrls(
  urls: readonly string[],
  token: string | null,
  fetcher: typeof fetch = fetch,
): Promise<boolean> {
  if (!token) return false;
  const body: IndexNowRequest = { urls: [...urls] };
  const response = await fetcher('/api/indexnow', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return response.ok;
}

/** The spec's message for a submission outcome. */
export function submissionNotice(
  kind: SubmissionKind,
  outcome: { ok: boolean } | { thrown: unknown },
): Notice {
  if ('thrown' in outcome) {
    const message =
      outcome.thrown instanceof Error && outcome.thrown.message
        ? outcome.thrown.message
        : 'The request could not be sent.';
    return { title: 'Submission Error', description: message, variant: 'destructive' };
  }
  if (!outcome.ok) {
    return {
      title: 'Submission Failed',
      description:
        kind === 'current'
          ? 'Could not submit page to the service. Please try again.'
          : 'Could not submit key pages. Please try again.',
      variant: 'destructive',
    };
  }
  return kind === 'current'
    ? {
        title: 'Page Submitted',
        description: 'Current page has been submitted for immediate indexing by search engines.',
        variant: 'success',
      }
    : {
        title: 'Key Pages Submitted',
        description: 'All key pages have been submitted for immediate indexing.',
        variant: 'success',
      };
}

/** The remembered last submission, or null when there is none or storage is blocked. */
export function readLastSubmission(storage: Pick<Storage, 'getItem'> | undefined): Date | null {
  try {
    const value = storage?.getItem(LAST_SUBMISSION_KEY);
    const date = value ? new Date(value) : null;
    return date && !Number.isNaN(date.getTime()) ? date : null;
  } catch {
    return null;
  }
}

/** Remembers `date` as the last submission; a blocked storage only loses the reminder. */
export function writeLastSubmission(
  storage: Pick<Storage, 'setItem'> | undefined,
  date: Date,
): void {
  try {
    storage?.setItem(LAST_SUBMISSION_KEY, date.toISOString());
  } catch {
    // Nothing to do: the submission itself went through.
  }
}
