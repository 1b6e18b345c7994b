/**
 * Where questionnaire leads go. A lead is accepted once at least one configured sink (the
 * Supabase `leads` table, a notification email) took it. With no sink configured, development
 * prints it to the console and production refuses it, so a misconfigured site never drops a
 * lead silently.
 */
import { isDevelopment, type Env } from '../../../functions/_lib/env';
import { HttpError } from '../../../functions/_lib/http';
import { leadEmailConfig, sendEmail, type EmailConfig } from '../../../functions/_lib/email';
import {
  PostgrestError,
  insertRow,
  postgrestConfig,
  selectRows,
  type PostgrestConfig,
} from '../../../functions/_lib/supabase-rest';
import type { QuestionnaireAnswers } from './contract';

/** A validated lead: the questionnaire's answers and the page the visitor came from. */
export interface Lead extends QuestionnaireAnswers {
  source: string | null;
}

/** What a sink needs to know about one delivery besides the lead. */
export interface DeliveryContext {
  /** The lead's id, also the database row's id. */
  id: string;
  /** The submission's Idempotency-Key, when the client sent one. */
  idempotencyKey: string | undefined;
  receivedAt: Date;
}

/** The answer once a lead was accepted. */
export interface Delivered {
  id: string;
}

/** A destination for leads. */
export interface LeadSink {
  name: string;
  /**
   * Delivers the lead, or finds that a lead with the same idempotency key was delivered before
   * and answers that lead's id, in which case nothing else may be sent.
   */
  deliver(lead: Lead, context: DeliveryContext): Promise<{ duplicateOf?: string }>;
}

/** How long each sink may take before it counts as failed. */
export const SINK_TIMEOUT_MS = 8000;

/** A row of the `leads` table (supabase/migrations). */
export interface LeadRow {
  id: string;
  name: string;
  email: string;
  company: string;
  current_challenge: string;
  budget: string;
  timeline: string;
  priorities: string;
  additional_info: string;
  source: string | null;
  idempotency_key: string | null;
}

/** The one place where the questionnaire's camelCase answers meet the table's columns. */
export function toLeadRow(lead: Lead, context: DeliveryContext): LeadRow {
  return {
    id: context.id,
    name: lead.name,
    email: lead.email,
    company: lead.company,
    current_challenge: lead.currentChallenge,
    budget: lead.budget,
    timeline: lead.timeline,
    priorities: lead.priorities,
    additional_info: lead.additionalInfo,
    source: lead.source,
    idempotency_key: context.idempotencyKey ?? null,
  };
}

/** Stores leads through PostgREST; the table's unique idempotency_key is the durable guard. */
export function databaseSink(config: PostgrestConfig, timeoutMs = SINK_TIMEOUT_MS): LeadSink {
  return {
    name: 'database',
    async deliver(lead, context) {
      const key = context.idempotencyKey;
      let created: Pick<LeadRow, 'id'>[];
      try {
        created = await insertRow<Pick<LeadRow, 'id'>>(config, 'leads', toLeadRow(lead, context), {
          timeoutMs,
          ...(key ? { onConflict: 'idempotency_key', ignoreDuplicates: true } : {}),
        });
      } catch (err) {
        // A server without conflict handling reports the duplicate key as 409.
        if (!(key && err instanceof PostgrestError && err.status === 409)) throw err;
        created = [];
      }
      if (created.length > 0) return {};
      if (!key) throw new PostgrestError('PostgREST created no row');
      const [existing] = await selectRows<Pick<LeadRow, 'id'>>(
        config,
        'leads',
        'id',
        { idempotency_key: key },
        { timeoutMs },
      );
      if (!existing) throw new PostgrestError('Duplicate lead reported but not found');
      return { duplicateOf: existing.id };
    },
  };
}

/** Emails a readable summary to the firm with reply-to set to the prospect. */
export function emailSink(config: EmailConfig, timeoutMs = SINK_TIMEOUT_MS): LeadSink {
  return {
    name: 'email',
    async deliver(lead, context) {
      await sendEmail(
        config,
        { subject: leadEmailSubject(lead), text: formatLead(lead, context), replyTo: lead.email },
        {
          timeoutMs,
          idempotencyKey: context.idempotencyKey && `lead-${context.idempotencyKey}`,
        },
      );
      return {};
    },
  };
}

/** The sinks the configuration enables, the database first so it can spot a repeated key. */
export function configuredSinks(env: Env, timeoutMs = SINK_TIMEOUT_MS): LeadSink[] {
  const sinks: LeadSink[] = [];
  const database = postgrestConfig(env);
  if (database) sinks.push(databaseSink(database, timeoutMs));
  const email = leadEmailConfig(env);
  if (email) sinks.push(emailSink(email, timeoutMs));
  return sinks;
}

/**
 * Hands the lead to every sink in turn. Answers its id once at least one took it, the earlier
 * lead's id when the database already holds this key (and then sends nothing), 502 when every
 * sink failed, and with no sink: a console print in development, 503 in production.
 */
export async function deliverLead(
  lead: Lead,
  sinks: LeadSink[],
  env: Env,
  context: DeliveryContext,
): Promise<Delivered> {
  if (sinks.length === 0) {
    if (!isDevelopment(env)) {
      console.error('Lead refused: no database or email is configured for leads');
      throw new HttpError(
        503,
        'leads_unavailable',
        'The questionnaire cannot take answers right now. Please email us instead.',
      );
    }
    console.log(
      `Lead received (development: no database or email configured)\n${formatLead(lead, context)}`,
    );
    return { id: context.id };
  }
  let accepted = false;
  for (const sink of sinks) {
    try {
      const { duplicateOf } = await sink.deliver(lead, context);
      if (duplicateOf) return { id: duplicateOf };
      accepted = true;
    } catch (err) {
      // Only the reason: the lead itself stays out of the logs.
      console.error(`Lead not delivered to the ${sink.name}: ${(err as Error).message}`);
    }
  }
  if (!accepted) {
    throw new HttpError(
      502,
      'lead_not_delivered',
      'We could not pass on your answers just now. Please try again.',
    );
  }
  return { id: context.id };
}

/**
 * Answers repeated Idempotency-Keys within one isolate with the first answer, also while the
 * first delivery is still running, and so covers email-only setups (across isolates the
 * database's unique key does). Failed deliveries are forgotten so a retry tries again. Bounded:
 * the oldest keys go first.
 */
export class RecentDeliveries {
  private readonly entries = new Map<string, { fingerprint: string; result: Promise<Delivered> }>();

  constructor(private readonly limit = 1000) {}

  /** Runs `deliver` once per key; a key reused for different answers is refused with 422. */
  run(
    key: string | undefined,
    fingerprint: string,
    deliver: () => Promise<Delivered>,
  ): Promise<Delivered> {
    if (!key) return deliver();
    const known = this.entries.get(key);
    if (known) {
      if (known.fingerprint !== fingerprint) {
        throw new HttpError(
          422,
          'idempotency_key_reused',
          'This Idempotency-Key was already used for different answers.',
        );
      }
      return known.result;
    }
    const result = deliver();
    this.entries.set(key, { fingerprint, result });
    if (this.entries.size > this.limit) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    result.catch(() => {
      if (this.entries.get(key)?.result === result) this.entries.delete(key);
    });
    return result;
  }

  get size(): number {
    return this.entries.size;
  }
}

const SUMMARY_FIELDS: [keyof QuestionnaireAnswers, string][] = [
  ['name', 'Name'],
  ['email', 'Email'],
  ['company', 'Company'],
  ['currentChallenge', 'Biggest challenge'],
  ['budget', 'Monthly budget'],
  ['timeline', 'Timeline'],
];

/** Subject of the notification email. */
export function leadEmailSubject(lead: Lead): string {
  return `New consultation request: ${lead.name}, ${lead.company}`;
}

/** A plain, readable summary of a lead for the notification email and the console. */
export function formatLead(lead: Lead, context: DeliveryContext): string {
  const lines = [
    'New consultation request from the website questionnaire.',
    '',
    ...SUMMARY_FIELDS.map(([field, label]) => `${label}: ${lead[field]}`),
    `Came from: ${lead.source ?? 'direct visit'}`,
    '',
    'Top priorities:',
    lead.priorities,
  ];
  if (lead.additionalInfo) lines.push('', 'Additional information:', lead.additionalInfo);
  lines.push(
    '',
    `Reply to this email to answer ${lead.name} directly.`,
    `Lead id: ${context.id}`,
    `Received: ${context.receivedAt.toISOString().replace('T', ' ').slice(0, 16)} UTC`,
  );
  return lines.join('\n');
}
