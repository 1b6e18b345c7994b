/**
 * One lead in the admins' inbox: who, when, from where, every answer, its notification and its
 * actions (mark contacted, resend the notification, erase after a confirmation).
 */
import { useId, useState } from 'react';
import { formatDateTime as formatDate } from '../../../lib/format';
import type { StoredLead } from '../../leads';
import { notificationState, sourceLabel } from '../leads-inbox';

const BADGE = {
  green: 'bg-emerald-50 text-emerald-900 ring-1 ring-emerald-600/30',
  amber: 'bg-amber-50 text-amber-950 ring-1 ring-amber-600/40',
  red: 'bg-red-50 text-red-900 ring-1 ring-red-600/30',
  slate: 'bg-slate-100 text-slate-800 ring-1 ring-slate-300',
  navy: 'bg-navy-900 text-white',
} as const;

interface LeadCardProps {
  lead: StoredLead;
  busy: 'contacted' | 'resend' | 'delete' | null;
  onContacted: () => void;
  onResend: () => void;
  onDelete: () => void;
}

export default function LeadCard({ lead, busy, onContacted, onResend, onDelete }: LeadCardProps) {
  const [confirming, setConfirming] = useState(false);
  const headingId = useId();
  const state = notificationState(lead);
  const title = lead.name ?? lead.email;
  const answers: [string, string | null][] = [
    ['Email', lead.email],
    ['Company', lead.company],
    ['Biggest challenge', lead.currentChallenge],
    ['Monthly budget', lead.budget],
    ['Timeline', lead.timeline],
    ['Top priorities', lead.priorities],
    ['Additional information', lead.additionalInfo || null],
  ];

  return (
    <article
      aria-labelledby={headingId}
      className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h4 id={headingId} className="font-semibold break-all text-navy-900">
          {title}
        </h4>
        <ul className="flex flex-wrap gap-1.5" aria-label="Status">
          <li className={`badge ${lead.kind === 'chat' ? BADGE.navy : BADGE.slate}`}>
            {lead.kind === 'chat' ? 'Chat hand-off' : 'Questionnaire'}
          </li>
          <li className={`badge ${notificationBadge(state)}`}>{notificationText(state)}</li>
          {lead.contactedAt && (
            <li className={`badge ${BADGE.green}`}>Contacted {formatDate(lead.contactedAt)}</li>
          )}
        </ul>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        Received <time dateTime={lead.receivedAt}>{formatDate(lead.receivedAt)}</time> ·{' '}
        {sourceLabel(lead)}
      </p>

      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        {answers.map(([label, value]) =>
          value === null ? null : (
            <div key={label} className="contents">
              <dt className="font-medium text-slate-700">{label}</dt>
              <dd className="break-words whitespace-pre-line text-slate-900">
                {label === 'Email' ? (
                  <a className="text-brand-700 underline" href={`mailto:${value}`}>
                    {value}
                  </a>
                ) : (
                  value
                )}
              </dd>
            </div>
          ),
        )}
      </dl>

      {lead.kind === 'chat' && (
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer font-medium text-brand-700">
            Conversation ({lead.transcript.length} message{lead.transcript.length === 1 ? '' : 's'})
          </summary>
          <ol className="mt-2 grid gap-2">
            {lead.transcript.map((m, i) => (
              <li
                key={i}
                className={`rounded-lg px-3 py-2 whitespace-pre-line ${
                  m.role === 'user' ? 'bg-brand-50' : 'bg-slate-100'
                }`}
              >
                <span className="font-semibold">{m.role === 'user' ? 'Visitor' : 'Advisor'}: </span>
                {m.role === 'assistant' && m.verified === false && (
                  <span
                    className={`badge mr-1 ${BADGE.red}`}
                    title="Changed in the visitor's browser: the advisor did not send this text"
                  >
                    not verified
                  </span>
                )}
                {m.role === 'assistant' && m.verified === true && (
                  <span
                    className={`badge mr-1 ${BADGE.green}`}
                    title="The advisor's signature matches: the advisor sent this text"
                  >
                    verified
                  </span>
                )}
                {m.content}
              </li>
            ))}
          </ol>
        </details>
      )}

      <div className="mt-4 flex flex-wrap gap-2">
        <button
          type="button"
          className="btn-outline min-h-9 px-3 py-1.5"
          disabled={busy !== null}
          onClick={onContacted}
        >
          {lead.contactedAt ? 'Mark not contacted' : 'Mark contacted'}
        </button>
        {state.kind !== 'notified' && (
          <button
            type="button"
            className="btn-outline min-h-9 px-3 py-1.5"
            disabled={busy !== null}
            onClick={onResend}
          >
            {busy === 'resend' ? 'Sending…' : 'Resend notification'}
          </button>
        )}
        {confirming ? (
          <span
            role="group"
            aria-label="Confirm deletion"
            className="flex flex-wrap items-center gap-2"
          >
            <span className="text-sm text-red-800">Erase this lead for good?</span>
            <button
              type="button"
              className="btn-outline min-h-9 border-red-600 px-3 py-1.5 text-red-800"
              disabled={busy !== null}
              onClick={onDelete}
            >
              Delete permanently
            </button>
            <button
              type="button"
              className="btn-outline min-h-9 px-3 py-1.5"
              onClick={() => setConfirming(false)}
            >
              Cancel
            </button>
          </span>
        ) : (
          <button
            type="button"
            className="btn-outline min-h-9 px-3 py-1.5"
            disabled={busy !== null}
            onClick={() => setConfirming(true)}
          >
            Delete…
          </button>
        )}
      </div>
    </article>
  );
}

function notificationText(state: ReturnType<typeof notificationState>): string {
  switch (state.kind) {
    case 'notified':
      return `Notified ${formatDate(state.at)}`;
    case 'sending':
      return 'Notification being sent';
    case 'failed':
      return `Not notified (${state.attempts} attempt${state.attempts === 1 ? '' : 's'}${
        state.error ? `: ${state.error}` : ''
      })`;
    case 'waiting':
      return 'Not notified yet';
  }
}

function notificationBadge(state: ReturnType<typeof notificationState>): string {
  return state.kind === 'notified'
    ? BADGE.green
    : state.kind === 'failed'
      ? BADGE.red
      : BADGE.amber;
}
