/**
 * Leads the Worker could not store, above the inbox: each with when and why it failed and the
 * message as it was kept, so an admin can reply by hand, then dismiss it. Nothing shows while
 * there are none.
 */
import { useEffect, useId, useState } from 'react';
import { showToast } from '../../../stores/toast';
import { dismissDeadLetter, listDeadLetters } from '../api';
import type { DeadLetter } from '../dead-letters';
import { formatDateTime } from '../../../lib/format';

export default function DeadLetters() {
  const [letters, setLetters] = useState<DeadLetter[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const headingId = useId();

  useEffect(() => {
    listDeadLetters().then(setLetters, () => setLetters([]));
  }, []);

  async function dismiss(letter: DeadLetter) {
    setBusy(letter.id);
    try {
      await dismissDeadLetter(letter.id);
      setLetters((current) => current.filter((l) => l.id !== letter.id));
    } catch (err) {
      showToast({
        title: 'Error',
        description: `Could not dismiss it: ${(err as Error).message}`,
        variant: 'destructive',
      });
    }
    setBusy(null);
  }

  if (letters.length === 0) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="mt-5 rounded-xl border border-red-300 bg-red-50 p-4"
    >
      <h4 id={headingId} className="font-semibold text-red-900">
        Leads not stored ({letters.length})
      </h4>
      <p className="mt-1 text-sm text-red-900">
        These leads reached the site but could not be saved to the database. Reply to each by hand,
        then dismiss it.
      </p>
      <ul className="mt-3 grid gap-3">
        {letters.map((letter) => (
          <li key={letter.id} className="rounded-lg border border-red-200 bg-white p-3 text-sm">
            <p className="font-medium text-navy-900">
              {letter.name ? `${letter.name} · ` : ''}
              {letter.email ?? 'No address kept'}
            </p>
            <p className="text-slate-700">
              <time dateTime={letter.failedAt}>{formatDateTime(letter.failedAt)}</time>:{' '}
              {letter.error}
            </p>
            <details className="mt-2">
              <summary className="cursor-pointer text-brand-700">The message as kept</summary>
              <pre className="mt-2 overflow-x-auto text-xs whitespace-pre-wrap">
                {letter.details}
              </pre>
            </details>
            <button
              type="button"
              className="btn-outline mt-2"
              disabled={busy === letter.id}
              onClick={() => void dismiss(letter)}
            >
              {busy === letter.id ? 'Dismissing…' : 'Dismiss'}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
