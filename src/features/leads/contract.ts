/**
 * The consultation questionnaire's answers, shared by the wizard (./ui) and
 * POST /api/questionnaire so the two cannot drift. The spec sets no length bounds; these bounds
 * keep a lead readable and the request under the functions' 16 KB body limit.
 */
import { z } from 'zod';
import { ANSWER_LIMITS, EMAIL_MESSAGES, SOURCE_MAX_LENGTH, SOURCE_PATTERN } from './fields';

// Zod compiles fast parsers with `new Function` when it may; the pages' Content Security Policy
// forbids eval, so parse without it instead of tripping a violation report.
z.config({ jitless: true });

/** Answers to 'What is your biggest challenge?', in the spec's order. */
export const CHALLENGE_OPTIONS = [
  'Website traffic and visibility',
  'Converting visitors to customers',
  'Streamlining business operations',
  'Understanding customer data and analytics',
  'Competing with larger businesses online',
] as const;

/** Monthly budget options, in the spec's order. */
export const BUDGET_OPTIONS = [
  'Under $500/month',
  '$500 - $2,000/month',
  '$2,000 - $5,000/month',
  '$5,000 - $10,000/month',
  'Over $10,000/month',
] as const;

/** Timeline options, in the spec's order. */
export const TIMELINE_OPTIONS = [
  'Within 30 days',
  '1-3 months',
  '3-6 months',
  '6-12 months',
  "I'm planning for next year",
] as const;

export { ANSWER_LIMITS, SOURCE_MAX_LENGTH } from './fields';

/** A lead source: the slug of the page the visitor came from. */
export const leadSourceSchema = z
  .string()
  .max(SOURCE_MAX_LENGTH)
  .regex(SOURCE_PATTERN, 'Use a page slug.');

const requiredText = (what: string, max: number) =>
  z
    .string({ error: `Please enter ${what}.` })
    .trim()
    .min(1, `Please enter ${what}.`)
    .max(max, `Please keep ${what} under ${max} characters.`);

const choice = <T extends readonly [string, ...string[]]>(options: T, what: string) =>
  z.enum(options, { error: `Please choose ${what}.` });

/** The eight answers of the spec's questionnaire, trimmed. */
export const questionnaireAnswersSchema = z.object({
  /** 'Full Name *' */
  name: requiredText('your full name', ANSWER_LIMITS.name),
  /** 'Email Address *'; also the reply-to address of the notification email. */
  email: z
    .string({ error: EMAIL_MESSAGES.required })
    .trim()
    .min(1, EMAIL_MESSAGES.required)
    .max(ANSWER_LIMITS.email, EMAIL_MESSAGES.tooLong)
    .pipe(z.email(EMAIL_MESSAGES.invalid)),
  /** 'Company Name *' */
  company: requiredText('your company name', ANSWER_LIMITS.company),
  /** One of CHALLENGE_OPTIONS. */
  currentChallenge: choice(CHALLENGE_OPTIONS, 'your biggest challenge'),
  /** One of BUDGET_OPTIONS. */
  budget: choice(BUDGET_OPTIONS, 'a budget'),
  /** One of TIMELINE_OPTIONS. */
  timeline: choice(TIMELINE_OPTIONS, 'a timeline'),
  /** Free text of the last step. */
  priorities: requiredText('your priorities', ANSWER_LIMITS.priorities),
  /** Part of the payload but never asked for by any step (spec); empty unless sent. */
  additionalInfo: z
    .string()
    .trim()
    .max(ANSWER_LIMITS.additionalInfo, 'Please shorten the additional information.')
    .default(''),
});

/** The body of POST /api/questionnaire: the answers plus where the visitor came from. */
export const questionnaireRequestSchema = questionnaireAnswersSchema.extend({
  /** Slug of the page that linked to the questionnaire (`?from=`); absent for direct visits. */
  source: leadSourceSchema.optional(),
  /** Honeypot: hidden from people, so anything in it was typed by a bot. */
  website: z.string().max(500).optional(),
  /** Cloudflare Turnstile token, required only when the site has Turnstile configured. */
  turnstileToken: z.string().max(2048).optional(),
});

/** One answer field of the questionnaire. */
export type AnswerField = keyof z.input<typeof questionnaireAnswersSchema>;

/** Validated answers, as functions store and send them. */
export type QuestionnaireAnswers = z.output<typeof questionnaireAnswersSchema>;

/** What the wizard posts. */
export type QuestionnaireRequest = z.input<typeof questionnaireRequestSchema>;

/** The successful answer of POST /api/questionnaire. */
export interface QuestionnaireAccepted {
  ok: true;
  /** Id of the lead (the `leads` row id when the database took it). */
  id: string;
}
