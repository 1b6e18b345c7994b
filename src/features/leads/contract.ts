/**
 * The consultation questionnaire's answers, shared by the wizard (./ui) and
 * POST /api/questionnaire so the two cannot drift. The spec sets no length bounds; these bounds
 * keep a lead readable and the request under the functions' 16 KB body limit. zod/mini keeps
 * the wizard's chunk small and never compiles parsers with `new Function`, which the pages'
 * Content Security Policy forbids.
 */
import * as z from 'zod/mini';
import { normalizeLineBreaks } from '../../lib/lines';
import {
  ANSWER_LIMITS,
  EMAIL_MESSAGES,
  PLAIN_TEXT_MESSAGE,
  SOURCE_MAX_LENGTH,
  SOURCE_PATTERN,
  isPlainText,
} from './fields';

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
  .check(z.maxLength(SOURCE_MAX_LENGTH), z.regex(SOURCE_PATTERN, { error: 'Use a page slug.' }));

/** A lead's email address, required and checked the same way on every form that takes one. */
export const leadEmailSchema = z.pipe(
  z
    .string({ error: EMAIL_MESSAGES.required })
    .check(
      z.trim(),
      z.minLength(1, { error: EMAIL_MESSAGES.required }),
      z.maxLength(ANSWER_LIMITS.email, { error: EMAIL_MESSAGES.tooLong }),
    ),
  z.email({ error: EMAIL_MESSAGES.invalid }),
);

/** A check that refuses control characters, lone surrogates and bidirectional overrides. */
export const plainText = (multiline = false) =>
  z.refine<string>((text) => isPlainText(text, multiline), { error: PLAIN_TEXT_MESSAGE });

/** For text that spans lines: every kind of line break becomes a line feed (before plainText). */
export const lineFeeds = () => z.overwrite(normalizeLineBreaks);

const requiredText = (what: string, max: number, multiline = false) =>
  z
    .string({ error: `Please enter ${what}.` })
    .check(
      ...(multiline ? [lineFeeds()] : []),
      z.trim(),
      z.minLength(1, { error: `Please enter ${what}.` }),
      z.maxLength(max, { error: `Please keep ${what} under ${max} characters.` }),
      plainText(multiline),
    );

const choice = <T extends readonly [string, ...string[]]>(options: T, what: string) =>
  z.enum(options, { error: `Please choose ${what}.` });

/** The eight answers of the spec's questionnaire, trimmed. */
export const questionnaireAnswersSchema = z.object({
  /** 'Full Name *' */
  name: requiredText('your full name', ANSWER_LIMITS.name),
  /** 'Email Address *'; also the reply-to address of the notification email. */
  email: leadEmailSchema,
  /** 'Company Name *' */
  company: requiredText('your company name', ANSWER_LIMITS.company),
  /** One of CHALLENGE_OPTIONS. */
  currentChallenge: choice(CHALLENGE_OPTIONS, 'your biggest challenge'),
  /** One of BUDGET_OPTIONS. */
  budget: choice(BUDGET_OPTIONS, 'a budget'),
  /** One of TIMELINE_OPTIONS. */
  timeline: choice(TIMELINE_OPTIONS, 'a timeline'),
  /** Free text of the last step. */
  priorities: requiredText('your priorities', ANSWER_LIMITS.priorities, true),
  /** Part of the payload but never asked for by any step (spec); empty unless sent. */
  additionalInfo: z._default(
    z.string().check(
      lineFeeds(),
      z.trim(),
      z.maxLength(ANSWER_LIMITS.additionalInfo, {
        error: 'Please shorten the additional information.',
      }),
      plainText(true),
    ),
    '',
  ),
});

/** The body of POST /api/questionnaire: the answers plus where the visitor came from. */
export const questionnaireRequestSchema = z.extend(questionnaireAnswersSchema, {
  /** Slug of the page that linked to the questionnaire (`?from=`); absent for direct visits. */
  source: z.optional(leadSourceSchema),
  /** Honeypot: hidden from people, so anything in it was typed by a bot. */
  website: z.optional(z.string().check(z.maxLength(500))),
  /** Cloudflare Turnstile token, required only when the site has Turnstile configured. */
  turnstileToken: z.optional(z.string().check(z.maxLength(2048))),
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
