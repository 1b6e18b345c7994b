/**
 * Search-engine submission for admins: the current page or the spec's key pages go to
 * POST /api/indexnow with the session's access token. Remembers when it last submitted.
 */
import { useEffect, useState } from 'react';
import { accessToken } from '../../auth';
import { showToast } from '../../../stores/toast';
import Panel from './Panel';
import {
  KEY_PAGES,
  readLastSubmission,
  submissionNotice,
  submitUrls,
  writeLastSubmission,
  type SubmissionKind,
} from '../submission';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export default function IndexNowPanel() {
  const [submitting, setSubmitting] = useState<SubmissionKind | null>(null);
  const [last, setLast] = useState<Date | null>(null);

  useEffect(() => setLast(readLastSubmission(globalThis.localStorage)), []);

  async function submit(kind: SubmissionKind) {
    setSubmitting(kind);
    const urls = kind === 'current' ? [location.href] : KEY_PAGES;
    try {
      const ok = await submitUrls(urls, await accessToken());
      if (ok) {
        const now = new Date();
        writeLastSubmission(globalThis.localStorage, now);
        setLast(now);
      }
      showToast(submissionNotice(kind, { ok }));
    } catch (thrown) {
      showToast(submissionNotice(kind, { thrown }));
    }
    setSubmitting(null);
  }

  return (
    <Panel
      title="Search Engine Submission"
      description="Tell search engines (through IndexNow) about new or updated pages so they are crawled sooner."
    >
      <div className="mt-5 flex flex-wrap gap-3">
        <button
          type="button"
          className="btn-primary"
          disabled={submitting !== null}
          onClick={() => void submit('current')}
        >
          {submitting === 'current' ? 'Submitting...' : 'Submit Current Page'}
        </button>
        <button
          type="button"
          className="btn-outline"
          disabled={submitting !== null}
          onClick={() => void submit('key-pages')}
        >
          {submitting === 'key-pages' ? 'Submitting...' : `Submit Key Pages (${KEY_PAGES.length})`}
        </button>
      </div>
      <p className="mt-4 text-sm text-slate-600">
        Last submission:{' '}
        {last ? <time dateTime={last.toISOString()}>{dateFormat.format(last)}</time> : 'never'}
      </p>
    </Panel>
  );
}
