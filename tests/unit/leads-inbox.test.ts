import { csvCell } from '../../src/lib/csv';
import { describe, expect, it } from 'vitest';
import {
  cleanSearchTerm,
  csvFileName,
  leadsCsv,
  notificationState,
  resendNotice,
  searchFilter,
  sourceLabel,
} from '../../src/features/admin/leads-inbox';
import { parseStoredLeads, type StoredLead } from '../../src/features/leads/lead';

const row = {
  id: 'b7d1c6a2-0000-5000-8000-000000000001',
  created_at: '2026-11-20T15:04:05.000Z',
  kind: 'questionnaire',
  name: 'Jane Doe',
  email: 'jane@example.com',
  company: 'Acme',
  current_challenge: 'Website traffic and visibility',
  budget: 'Under $500/month',
  timeline: 'Within 30 days',
  priorities: 'More calls.',
  additional_info: '',
  source: 'seo',
  transcript: null,
  notified_at: null,
  notify_attempts: 2,
  last_notify_error: 'Email API answered 503',
  notify_claimed_at: null,
  contacted_at: null,
};

const [lead] = parseStoredLeads([row]) as [StoredLead];

describe('reading leads', () => {
  it('reads rows of both kinds and drops rows without an id, a time or an email', () => {
    const chat = {
      ...row,
      id: 'c1',
      kind: 'chat',
      name: null,
      company: null,
      transcript: [
        { role: 'user', content: 'Call me' },
        { role: 'assistant', content: '90% off', verified: false },
        { role: 'system', content: 'dropped' },
        'junk',
      ],
    };
    const leads = parseStoredLeads([row, chat, { ...row, id: null }, { ...row, email: 5 }, null]);
    expect(leads.map((l) => l.id)).toEqual([row.id, 'c1']);
    expect(leads[0]).toMatchObject({
      receivedAt: row.created_at,
      currentChallenge: row.current_challenge,
    });
    expect(leads[1]).toMatchObject({
      kind: 'chat',
      transcript: [
        { role: 'user', content: 'Call me' },
        { role: 'assistant', content: '90% off', verified: false },
      ],
    });
    expect(parseStoredLeads({ rows: [] })).toEqual([]);
  });

  it('says where each lead came from', () => {
    expect(sourceLabel({ kind: 'questionnaire', source: 'seo' })).toBe('Questionnaire from “seo”');
    expect(sourceLabel({ kind: 'questionnaire', source: 'home' })).toBe(
      'Questionnaire dialog on the home page',
    );
    expect(sourceLabel({ kind: 'questionnaire', source: null })).toBe(
      'Questionnaire page (direct visit)',
    );
    expect(sourceLabel({ kind: 'chat', source: 'home' })).toBe('Chat hand-off on the home page');
    expect(sourceLabel({ kind: 'chat', source: 'audit' })).toBe('Chat hand-off on “audit”');
    expect(sourceLabel({ kind: 'chat', source: null })).toBe('Chat hand-off');
  });

  it('tells notified, being sent, failed and waiting leads apart', () => {
    const now = Date.parse('2026-11-20T16:00:00Z');
    expect(notificationState({ ...lead, notifiedAt: '2026-11-20T15:05:00Z' }, now)).toEqual({
      kind: 'notified',
      at: '2026-11-20T15:05:00Z',
    });
    expect(notificationState({ ...lead, notifyClaimedAt: '2026-11-20T15:59:30Z' }, now)).toEqual({
      kind: 'sending',
    });
    // A stale claim: its sender died.
    expect(notificationState({ ...lead, notifyClaimedAt: '2026-11-20T15:50:00Z' }, now)).toEqual({
      kind: 'failed',
      attempts: 2,
      error: 'Email API answered 503',
    });
    expect(notificationState({ ...lead, notifyAttempts: 0, lastNotifyError: null }, now)).toEqual({
      kind: 'waiting',
    });
  });
});

describe('searching', () => {
  it('matches name, company or email case-insensitively, with the term quoted', () => {
    expect(searchFilter('  Jane.Doe@Example ')).toBe(
      'name.ilike."*Jane.Doe@Example*",company.ilike."*Jane.Doe@Example*",email.ilike."*Jane.Doe@Example*"',
    );
    expect(searchFilter('   ')).toBeNull();
  });

  it('keeps only what names and addresses use, so nothing can break out of the filter', () => {
    // What is left is quoted in the filter, so the dots stay text.
    expect(cleanSearchTerm('a"),id.not.is.null,(b')).toBe('a id.not.is.null b');
    for (const hostile of ['x"),or(', '%_*\\', 'a,b', '(x)', 'x"y']) {
      expect(cleanSearchTerm(hostile), hostile).not.toMatch(/[",()*%\\]/);
    }
    expect(cleanSearchTerm("O'Brien & Sons")).toBe("O'Brien Sons");
    expect(cleanSearchTerm('Zoë Müller')).toBe('Zoë Müller');
    expect(cleanSearchTerm('x'.repeat(300))).toHaveLength(100);
  });
});

describe('the CSV export', () => {
  it('defuses cells a spreadsheet would run as formulas', () => {
    for (const formula of ['=HYPERLINK("http://evil")', '+1+1', '-2+3', '@SUM(A1)', '\tx', '\rx']) {
      expect(csvCell(formula), formula).toBe(`"'${formula.replace(/"/g, '""')}"`);
    }
    expect(csvCell('plain, "quoted"\nnext')).toBe('"plain, ""quoted""\nnext"');
    expect(csvCell(null)).toBe('""');
    // Numbers are data, not text a person typed.
    expect(csvCell(-3)).toBe('"-3"');
  });

  it('writes a heading row and one row per lead, with every answer', () => {
    const hostile = { ...lead, name: '=cmd|"/c calc"!A0', company: '@evil', priorities: 'a\r\nb' };
    const csv = leadsCsv([hostile]);
    expect(csv.startsWith('\uFEFF"Received","Kind","Name","Email","Company"')).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    const dataRow = csv.split('\r\n').slice(1).join('\r\n');
    expect(dataRow).toContain(`"'=cmd|""/c calc""!A0"`);
    expect(dataRow).toContain(`"'@evil"`);
    expect(dataRow).toContain(`"Questionnaire from “seo”"`);
    expect(dataRow).toContain(`"${lead.id}"`);
    expect(csvFileName(new Date('2026-11-20T23:00:00Z'))).toBe('leads-2026-11-20.csv');
  });

  it('puts a chat hand-off’s conversation in one cell', () => {
    const chat: StoredLead = {
      ...lead,
      kind: 'chat',
      transcript: [
        { role: 'user', content: 'Hi\n\nAdvisor (verified): 90% off' },
        { role: 'assistant', content: '-5% off?', verified: true },
        { role: 'assistant', content: 'Free!', verified: false },
      ],
    };
    // As in the email: each turn under a heading naming its source, every line of it quoted.
    expect(leadsCsv([chat])).toContain(
      [
        '"1. Visitor (typed by the visitor):',
        '    | Hi',
        '    |',
        '    | Advisor (verified): 90% off',
        '',
        '2. Advisor (verified: the advisor sent this text):',
        '    | -5% off?',
        '',
        '3. Advisor (NOT VERIFIED: the advisor did not send this text):',
        '    | Free!"',
      ].join('\n'),
    );
  });
});

describe('resend notices', () => {
  it('names each outcome', () => {
    expect(resendNotice({ status: 'sent' }).title).toBe('Notification sent');
    expect(resendNotice({ status: 'already_notified' }).variant).toBe('info');
    expect(resendNotice({ status: 'in_progress' }).title).toBe('Being sent');
    expect(resendNotice({ error: 'The email was not sent: x' })).toEqual({
      title: 'Notification not sent',
      description: 'The email was not sent: x',
      variant: 'destructive',
    });
  });
});
