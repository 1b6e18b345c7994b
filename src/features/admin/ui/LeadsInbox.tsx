/**
 * The leads inbox for admins: every questionnaire answer and chat hand-off, newest first, with
 * where it came from, when it arrived and whether the firm was emailed about it. Admins search
 * by name, company or email, mark a lead contacted, send its notification again, export what
 * they see as CSV, and erase a lead for a privacy request. Row-level security lets only admins
 * read leads and change their status; erasure goes through admin_delete_lead.
 */
import { useCallback, useEffect, useId, useState, type SubmitEvent } from 'react';
import { showToast } from '../../../stores/toast';
import Panel from './Panel';
import { deleteLead, listLeads, resendNotification, setContacted } from '../api';
import {
  EXPORT_PAGE_SIZE,
  INBOX_PAGE_SIZE,
  csvFileName,
  leadsCsv,
  notificationState,
  resendNotice,
  sourceLabel,
  type InboxLead,
} from '../leads-inbox';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const formatDate = (iso: string) => dateFormat.format(new Date(iso));

const BADGE = {
  green: 'bg-emerald-50 text-emerald-900 ring-1 ring-emerald-600/30',
  amber: 'bg-amber-50 text-amber-950 ring-1 ring-amber-600/40',
  red: 'bg-red-50 text-red-900 ring-1 ring-red-600/30',
  slate: 'bg-slate-100 text-slate-800 ring-1 ring-slate-300',
  navy: 'bg-navy-900 text-white',
} as const;

type Busy = { id: string; action: 'contacted' | 'resend' | 'delete' } | 'export' | null;

export default function LeadsInbox() {
  const [leads, setLeads] = useState<InboxLead[] | null>(null);
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(false);
  const [busy, setBusy] = useState<Busy>(null);
  const id = useId();

  const load = useCallback(async (term: string, offset = 0) => {
    setLoading(true);
    try {
      const page = await listLeads({ search: term, offset, limit: INBOX_PAGE_SIZE });
      setLeads((current) => {
        const before = offset > 0 ? (current ?? []) : [];
        const known = new Set(before.map((l) => l.id));
        return [...before, ...page.filter((l) => !known.has(l.id))];
      });
      setHasMore(page.length === INBOX_PAGE_SIZE);
    } catch {
      setLeads((current) => current ?? []);
      showToast({ title: 'Error', description: 'Failed to fetch leads', variant: 'destructive' });
    }
    setLoading(false);
  }, []);

  useEffect(() => {
    void load('');
  }, [load]);

  function submitSearch(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setQuery(search);
    void load(search);
  }

  function clearSearch() {
    setSearch('');
    setQuery('');
    void load('');
  }

  function replace(updated: InboxLead) {
    setLeads((current) => current?.map((l) => (l.id === updated.id ? updated : l)) ?? null);
  }

  async function toggleContacted(lead: InboxLead) {
    setBusy({ id: lead.id, action: 'contacted' });
    try {
      const contactedAt = await setContacted(lead.id, !lead.contactedAt);
      replace({ ...lead, contactedAt });
      showToast({
        title: contactedAt ? 'Marked as contacted' : 'Marked as not contacted',
        description: lead.name ?? lead.email,
        variant: 'success',
      });
    } catch {
      showToast({
        title: 'Error',
        description: 'Failed to update the lead',
        variant: 'destructive',
      });
    }
    setBusy(null);
  }

  async function resend(lead: InboxLead) {
    setBusy({ id: lead.id, action: 'resend' });
    try {
      showToast(resendNotice(await resendNotification(lead.id)));
    } catch (err) {
      showToast(resendNotice({ error: err instanceof Error ? err.message : String(err) }));
    }
    setBusy(null);
    // The outbox recorded the attempt either way: show what it wrote.
    await load(query);
  }

  async function erase(lead: InboxLead) {
    setBusy({ id: lead.id, action: 'delete' });
    try {
      const status = await deleteLead(lead.id);
      if (status !== 'deleted' && status !== 'not_found') throw new Error(String(status));
      setLeads((current) => current?.filter((l) => l.id !== lead.id) ?? null);
      showToast({
        title: 'Lead deleted',
        description: `${lead.name ?? lead.email} was erased.`,
        variant: 'success',
      });
    } catch {
      showToast({
        title: 'Error',
        description: 'Failed to delete the lead',
        variant: 'destructive',
      });
    }
    setBusy(null);
  }

  async function exportCsv() {
    setBusy('export');
    try {
      const all: InboxLead[] = [];
      for (let offset = 0; ; offset += EXPORT_PAGE_SIZE) {
        const page = await listLeads({ search: query, offset, limit: EXPORT_PAGE_SIZE });
        all.push(...page);
        if (page.length < EXPORT_PAGE_SIZE) break;
      }
      const url = URL.createObjectURL(
        new Blob([leadsCsv(all)], { type: 'text/csv;charset=utf-8' }),
      );
      const link = document.createElement('a');
      link.href = url;
      link.download = csvFileName(new Date());
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 0);
    } catch {
      showToast({ title: 'Error', description: 'Failed to export leads', variant: 'destructive' });
    }
    setBusy(null);
  }

  const count = leads?.length ?? 0;
  const summary =
    leads === null
      ? 'Loading leads…'
      : query
        ? `${count}${hasMore ? '+' : ''} lead${count === 1 ? '' : 's'} matching “${query}”`
        : count === 0
          ? 'No leads yet.'
          : `Showing the newest ${count} lead${count === 1 ? '' : 's'}`;

  return (
    <Panel
      title="Leads"
      description="Every questionnaire answer and chat hand-off, newest first. A lead the firm was not emailed about is marked, and its notification can be sent again."
    >
      <div className="mt-5 flex flex-wrap items-end justify-between gap-3">
        <form role="search" className="flex flex-wrap items-end gap-2" onSubmit={submitSearch}>
          <div>
            <label htmlFor={`${id}-search`} className="block text-sm font-medium text-slate-800">
              Search leads
            </label>
            <input
              id={`${id}-search`}
              type="search"
              value={search}
              placeholder="Name, company or email"
              onChange={(e) => setSearch(e.target.value)}
              className="field mt-1 w-64 max-w-full"
            />
          </div>
          <button type="submit" className="btn-primary" disabled={loading}>
            Search
          </button>
          {query && (
            <button type="button" className="btn-outline" onClick={clearSearch}>
              Show all
            </button>
          )}
        </form>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn-outline"
            disabled={loading}
            onClick={() => void load(query)}
          >
            Refresh
          </button>
          <button
            type="button"
            className="btn-outline"
            disabled={busy === 'export' || count === 0}
            onClick={() => void exportCsv()}
          >
            {busy === 'export' ? 'Exporting…' : 'Export CSV'}
          </button>
        </div>
      </div>

      <p role="status" className="mt-5 text-sm text-slate-600">
        {summary}
      </p>
      {leads && leads.length > 0 && (
        <ol aria-label="Leads, newest first" className="mt-3 grid gap-4">
          {leads.map((lead) => (
            <li key={lead.id}>
              <LeadCard
                lead={lead}
                busy={busy !== 'export' && busy?.id === lead.id ? busy.action : null}
                onContacted={() => void toggleContacted(lead)}
                onResend={() => void resend(lead)}
                onDelete={() => void erase(lead)}
              />
            </li>
          ))}
        </ol>
      )}
      {hasMore && (
        <button
          type="button"
          className="btn-outline mt-4"
          disabled={loading}
          onClick={() => void load(query, count)}
        >
          Show older leads
        </button>
      )}
    </Panel>
  );
}

interface LeadCardProps {
  lead: InboxLead;
  busy: 'contacted' | 'resend' | 'delete' | null;
  onContacted: () => void;
  onResend: () => void;
  onDelete: () => void;
}

/** One lead: who, when, from where, every answer, its notification and its actions. */
function LeadCard({ lead, busy, onContacted, onResend, onDelete }: LeadCardProps) {
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
