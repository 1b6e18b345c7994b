/**
 * Plain logic of the leads inbox: what each lead's notification status says, the search filter,
 * and the CSV export (every cell quoted, and text a spreadsheet would run as a formula defused).
 * The leads feature reads and parses the rows (StoredLead).
 */
import { csvFile } from '../../lib/csv';
import {
  NOTIFY_CLAIM_LEASE_MS,
  transcriptLines,
  type StoredLead,
  type TranscriptMessage,
} from '../leads';

/** Leads fetched per page, newest first. */
export const INBOX_PAGE_SIZE = 50;
/** Rows per request while exporting (PostgREST's default row cap). */
export const EXPORT_PAGE_SIZE = 1000;

/** Where the lead came from, in words. */
export function sourceLabel(lead: Pick<StoredLead, 'kind' | 'source'>): string {
  if (lead.kind === 'chat') {
    return lead.source ? `Chat hand-off on ${pageName(lead.source)}` : 'Chat hand-off';
  }
  if (!lead.source) return 'Questionnaire page (direct visit)';
  if (lead.source === 'home') return 'Questionnaire dialog on the home page';
  return `Questionnaire from ${pageName(lead.source)}`;
}

function pageName(slug: string): string {
  return slug === 'home' ? 'the home page' : `“${slug}”`;
}

/** How the firm was told about a lead, for the inbox's status badge. */
export type NotificationState =
  | { kind: 'notified'; at: string }
  | { kind: 'sending' }
  | { kind: 'failed'; attempts: number; error: string | null }
  | { kind: 'waiting' };

/** The notification status of `lead` at `now`. */
export function notificationState(lead: StoredLead, now = Date.now()): NotificationState {
  if (lead.notifiedAt) return { kind: 'notified', at: lead.notifiedAt };
  if (lead.notifyClaimedAt && now - Date.parse(lead.notifyClaimedAt) < NOTIFY_CLAIM_LEASE_MS) {
    return { kind: 'sending' };
  }
  if (lead.notifyAttempts > 0) {
    return { kind: 'failed', attempts: lead.notifyAttempts, error: lead.lastNotifyError };
  }
  return { kind: 'waiting' };
}

/** A search term as it can go into a PostgREST filter: the characters names and addresses use. */
export function cleanSearchTerm(term: string): string {
  return term
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}\p{M}@.\-+'_ ]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100);
}

/**
 * The PostgREST `or` filter that finds `term` in the name, company or email (case-insensitive),
 * or null for an empty term. Values are quoted, so dots and spaces stay text.
 */
export function searchFilter(term: string): string | null {
  const clean = cleanSearchTerm(term);
  if (!clean) return null;
  return ['name', 'company', 'email'].map((column) => `${column}.ilike."*${clean}*"`).join(',');
}

/** The conversation of a chat lead as plain lines, as the email shows it (who said what). */
export function transcriptText(messages: readonly TranscriptMessage[]): string {
  return transcriptLines(messages).join('\n');
}

/** The export's columns, in order: heading and value. */
const CSV_COLUMNS: [string, (lead: StoredLead) => string | number | null][] = [
  ['Received', (l) => l.receivedAt],
  ['Kind', (l) => (l.kind === 'chat' ? 'Chat hand-off' : 'Questionnaire')],
  ['Name', (l) => l.name],
  ['Email', (l) => l.email],
  ['Company', (l) => l.company],
  ['Biggest challenge', (l) => l.currentChallenge],
  ['Monthly budget', (l) => l.budget],
  ['Timeline', (l) => l.timeline],
  ['Top priorities', (l) => l.priorities],
  ['Additional information', (l) => l.additionalInfo],
  ['Came from', (l) => sourceLabel(l)],
  ['Conversation', (l) => transcriptText(l.transcript)],
  ['Notified', (l) => l.notifiedAt],
  ['Notification attempts', (l) => l.notifyAttempts],
  ['Last notification error', (l) => l.lastNotifyError],
  ['Contacted', (l) => l.contactedAt],
  ['Lead id', (l) => l.id],
];

/** The CSV file of `leads`. */
export function leadsCsv(leads: readonly StoredLead[]): string {
  return csvFile(CSV_COLUMNS, leads);
}

/** The export's file name for `date`. */
export function csvFileName(date: Date): string {
  return `leads-${date.toISOString().slice(0, 10)}.csv`;
}

/** What the admin is told after 'Resend notification'. */
export function resendNotice(outcome: { status: string } | { error: string }): {
  title: string;
  description: string;
  variant: 'success' | 'info' | 'destructive';
} {
  if ('error' in outcome) {
    return { title: 'Notification not sent', description: outcome.error, variant: 'destructive' };
  }
  switch (outcome.status) {
    case 'sent':
      return {
        title: 'Notification sent',
        description: 'The lead was emailed to the firm.',
        variant: 'success',
      };
    case 'already_notified':
      return {
        title: 'Already notified',
        description: 'This lead was emailed before; nothing was sent again.',
        variant: 'info',
      };
    default:
      return {
        title: 'Being sent',
        description: 'Another request is emailing this lead right now. Refresh in a minute.',
        variant: 'info',
      };
  }
}
