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
  resendNotice,
} from '../leads-inbox';
import type { StoredLead } from '../../leads';
import DeadLetters from './DeadLetters';
import { downloadText } from './download';
import LeadCard from './LeadCard';

type Busy = { id: string; action: 'contacted' | 'resend' | 'delete' } | 'export' | null;

export default function LeadsInbox() {
  const [leads, setLeads] = useState<StoredLead[] | null>(null);
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

  function replace(updated: StoredLead) {
    setLeads((current) => current?.map((l) => (l.id === updated.id ? updated : l)) ?? null);
  }

  async function toggleContacted(lead: StoredLead) {
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

  async function resend(lead: StoredLead) {
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

  async function erase(lead: StoredLead) {
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
      const all: StoredLead[] = [];
      for (let offset = 0; ; offset += EXPORT_PAGE_SIZE) {
        const page = await listLeads({ search: query, offset, limit: EXPORT_PAGE_SIZE });
        all.push(...page);
        if (page.length < EXPORT_PAGE_SIZE) break;
      }
      downloadText(leadsCsv(all), csvFileName(new Date()));
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
      <DeadLetters />
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
