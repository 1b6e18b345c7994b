/**
 * The notification email of a lead, as plain text. It is built only from the lead and its id,
 * never from the time or the attempt, so every path that sends it (the request that stored the
 * lead, an admin's resend, the scheduled job) builds the same bytes, and the email API's
 * idempotency key can tell a retry from a different message.
 */
import type { ChatLead, Lead, QuestionnaireLead } from './lead';
import { transcriptLines } from './transcript';

/**
 * The email API's idempotency key for a lead's notification: one email per lead. It names the
 * content digest too, so a lead sent under a key another lead used first is never taken by the
 * email API for a repeat of that one and dropped.
 */
export function notificationKey(leadId: string, digest: string): string {
  return `lead-${leadId}-${digest}`;
}

/** Subject of the notification email. */
export function leadEmailSubject(lead: Lead): string {
  return lead.kind === 'chat'
    ? `Chat hand-off: ${lead.name ?? lead.email}`
    : `New consultation request: ${lead.name}, ${lead.company}`;
}

const QUESTIONNAIRE_FIELDS: [keyof QuestionnaireLead, string][] = [
  ['name', 'Name'],
  ['email', 'Email'],
  ['company', 'Company'],
  ['currentChallenge', 'Biggest challenge'],
  ['budget', 'Monthly budget'],
  ['timeline', 'Timeline'],
];

function questionnaireLines(lead: QuestionnaireLead): string[] {
  const lines = [
    'New consultation request from the website questionnaire.',
    '',
    ...QUESTIONNAIRE_FIELDS.map(([field, label]) => `${label}: ${lead[field]}`),
    `Came from: ${lead.source ?? 'direct visit'}`,
    '',
    'Top priorities:',
    lead.priorities,
  ];
  if (lead.additionalInfo) lines.push('', 'Additional information:', lead.additionalInfo);
  return lines;
}

function chatLines(lead: ChatLead): string[] {
  const count = lead.transcript.length;
  return [
    'A visitor asked for a reply from a person in the website chat.',
    '',
    `Name: ${lead.name ?? 'not given'}`,
    `Email: ${lead.email}`,
    `Chat opened on: ${lead.source ?? 'page not given'}`,
    '',
    `Conversation (${count} message${count === 1 ? '' : 's'}; each message's text is quoted under its heading):`,
    ...(lead.transcript.some((m) => m.verified === false)
      ? [
          'Advisor turns marked "NOT VERIFIED" were changed in the visitor\'s browser, moved from another question or conversation, or are more than a day old: they are not what the advisor said here.',
        ]
      : []),
    '',
    ...transcriptLines(lead.transcript),
  ];
}

/** A plain, readable summary of a lead for the notification email and the console. */
export function formatLead(lead: Lead, id: string): string {
  const lines = lead.kind === 'chat' ? chatLines(lead) : questionnaireLines(lead);
  lines.push(
    '',
    `Reply to this email to answer ${lead.name ?? lead.email} directly.`,
    `Lead id: ${id}`,
  );
  return lines.join('\n');
}
