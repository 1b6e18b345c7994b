/**
 * A lead as the functions handle it, and the one place where it meets the `leads` table's
 * columns (supabase/migrations): the row the Worker inserts and reads back, and the rows the
 * admin's inbox lists. Two kinds: the questionnaire's answers and the chat hand-off.
 */
import type { QuestionnaireAnswers } from './contract';

/**
 * One message of a stored transcript. An advisor message says whether its signature verified
 * (`verified`: it is the advisor's reply to the question before it, in this conversation, within
 * a day): one that did not is shown as not verified in the email and the inbox. Leads stored
 * before signatures have no `verified`.
 */
export interface TranscriptMessage {
  role: 'user' | 'assistant';
  content: string;
  verified?: boolean;
}

/** The questionnaire's validated answers and the page the visitor came from. */
export interface QuestionnaireLead extends QuestionnaireAnswers {
  kind: 'questionnaire';
  /** Page slug (`?from=`, `home` for the dialog), or null for a direct visit. */
  source: string | null;
}

/** A visitor who left an email address in the chat, with the conversation so far. */
export interface ChatLead {
  kind: 'chat';
  email: string;
  /** How to address them, when they said. */
  name: string | null;
  transcript: TranscriptMessage[];
  /** Slug of the page the chat was open on, when the island said. */
  source: string | null;
}

export type Lead = QuestionnaireLead | ChatLead;

/**
 * How long a sender's claim on a lead's notification holds (notify_claimed_at): longer than a
 * send with its retries takes; a claim older than this belonged to a sender that died.
 */
export const NOTIFY_CLAIM_LEASE_MS = 2 * 60_000;

/** The columns a lead is inserted with. */
export interface LeadRow {
  id: string;
  kind: Lead['kind'];
  name: string | null;
  email: string;
  company: string | null;
  current_challenge: string | null;
  budget: string | null;
  timeline: string | null;
  priorities: string | null;
  additional_info: string;
  source: string | null;
  idempotency_key: string | null;
  /** SHA-256 of what the lead says (./lead-id.ts): the one lead its idempotency key names. */
  content_digest: string | null;
  transcript: TranscriptMessage[] | null;
}

/** What a lead says: its columns without id, key and digest. */
type LeadContent = Omit<LeadRow, 'id' | 'idempotency_key' | 'content_digest'>;

/** A stored row: the lead plus what the table adds and the outbox records. */
export interface StoredLeadRow extends LeadRow {
  created_at: string;
  notified_at: string | null;
  notify_attempts: number;
  last_notify_error: string | null;
  notify_claimed_at: string | null;
  contacted_at: string | null;
}

/** The row to insert for `lead`, under its id, key and content digest. */
export function toLeadRow(
  lead: Lead,
  id: string,
  idempotencyKey: string | undefined,
  digest: string | undefined,
): LeadRow {
  return {
    id,
    ...leadContent(lead),
    idempotency_key: idempotencyKey ?? null,
    content_digest: digest ?? null,
  };
}

function leadContent(lead: Lead): LeadContent {
  const common = { email: lead.email, source: lead.source };
  if (lead.kind === 'chat') {
    return {
      ...common,
      kind: 'chat',
      name: lead.name,
      company: null,
      current_challenge: null,
      budget: null,
      timeline: null,
      priorities: null,
      additional_info: '',
      transcript: lead.transcript,
    };
  }
  return {
    ...common,
    kind: 'questionnaire',
    name: lead.name,
    company: lead.company,
    current_challenge: lead.currentChallenge,
    budget: lead.budget,
    timeline: lead.timeline,
    priorities: lead.priorities,
    additional_info: lead.additionalInfo,
    transcript: null,
  };
}

/** The row is not a lead the table's checks allow (a stand-in or a schema drift). */
export class MalformedLeadRow extends Error {
  constructor(id: unknown) {
    super(`Lead ${String(id)} does not have the columns its kind needs`);
    this.name = 'MalformedLeadRow';
  }
}

const text = (value: unknown): value is string => typeof value === 'string';

/** The lead a stored row holds; throws MalformedLeadRow for a row its kind does not fit. */
export function fromLeadRow(row: LeadRow): Lead {
  const source = text(row.source) ? row.source : null;
  if (row.kind === 'chat') {
    if (!text(row.email) || !Array.isArray(row.transcript)) throw new MalformedLeadRow(row.id);
    return {
      kind: 'chat',
      email: row.email,
      name: text(row.name) ? row.name : null,
      transcript: row.transcript.map((m) => ({
        role: m.role,
        content: m.content,
        ...(typeof m.verified === 'boolean' && { verified: m.verified }),
      })),
      source,
    };
  }
  const { name, email, company, current_challenge, budget, timeline, priorities } = row;
  if (![name, email, company, current_challenge, budget, timeline, priorities].every(text)) {
    throw new MalformedLeadRow(row.id);
  }
  return {
    kind: 'questionnaire',
    name: name!,
    email,
    company: company!,
    currentChallenge: current_challenge as QuestionnaireLead['currentChallenge'],
    budget: budget as QuestionnaireLead['budget'],
    timeline: timeline as QuestionnaireLead['timeline'],
    priorities: priorities!,
    additionalInfo: text(row.additional_info) ? row.additional_info : '',
    source,
  };
}

/** A stable text form of what a lead says, which its content digest is taken over. */
export function leadFingerprint(lead: Lead): string {
  return JSON.stringify(leadContent(lead));
}

/** A stored lead as the admin's inbox lists it. */
export interface StoredLead {
  id: string;
  receivedAt: string;
  kind: Lead['kind'];
  name: string | null;
  email: string;
  company: string | null;
  currentChallenge: string | null;
  budget: string | null;
  timeline: string | null;
  priorities: string | null;
  additionalInfo: string;
  source: string | null;
  transcript: TranscriptMessage[];
  notifiedAt: string | null;
  notifyAttempts: number;
  lastNotifyError: string | null;
  notifyClaimedAt: string | null;
  contactedAt: string | null;
}

/** The columns a listing reads for each StoredLead (a `select` list). */
export const STORED_LEAD_COLUMNS = (
  [
    'id',
    'created_at',
    'kind',
    'name',
    'email',
    'company',
    'current_challenge',
    'budget',
    'timeline',
    'priorities',
    'additional_info',
    'source',
    'transcript',
    'notified_at',
    'notify_attempts',
    'last_notify_error',
    'notify_claimed_at',
    'contacted_at',
  ] satisfies (keyof StoredLeadRow)[]
).join(',');

const textOrNull = (value: unknown): string | null => (text(value) ? value : null);

/** The well-formed messages of a stored transcript; anything else is left out. */
function transcriptOf(value: unknown): TranscriptMessage[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((m: Record<string, unknown>) =>
    (m?.role === 'user' || m?.role === 'assistant') && text(m.content)
      ? [
          {
            role: m.role,
            content: m.content,
            ...(typeof m.verified === 'boolean' && { verified: m.verified }),
          },
        ]
      : [],
  );
}

/**
 * The rows of a `leads` select of STORED_LEAD_COLUMNS, dropping anything without an id, a time
 * and an email. Lenient where fromLeadRow is strict: a listing shows what a row holds.
 */
export function parseStoredLeads(data: unknown): StoredLead[] {
  if (!Array.isArray(data)) return [];
  return data.flatMap((row: Record<string, unknown>) => {
    const id = textOrNull(row?.id);
    const receivedAt = textOrNull(row?.created_at);
    const email = textOrNull(row?.email);
    if (!id || !receivedAt || !email) return [];
    return [
      {
        id,
        receivedAt,
        kind: row.kind === 'chat' ? 'chat' : 'questionnaire',
        name: textOrNull(row.name),
        email,
        company: textOrNull(row.company),
        currentChallenge: textOrNull(row.current_challenge),
        budget: textOrNull(row.budget),
        timeline: textOrNull(row.timeline),
        priorities: textOrNull(row.priorities),
        additionalInfo: textOrNull(row.additional_info) ?? '',
        source: textOrNull(row.source),
        transcript: transcriptOf(row.transcript),
        notifiedAt: textOrNull(row.notified_at),
        notifyAttempts: typeof row.notify_attempts === 'number' ? row.notify_attempts : 0,
        lastNotifyError: textOrNull(row.last_notify_error),
        notifyClaimedAt: textOrNull(row.notify_claimed_at),
        contactedAt: textOrNull(row.contacted_at),
      },
    ];
  });
}
