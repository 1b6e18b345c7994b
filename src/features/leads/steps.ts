/**
 * The questionnaire's five steps in the spec's order (contact, challenge, budget, timeline,
 * priorities) and the answer fields each one asks for.
 */
import { BUDGET_OPTIONS, CHALLENGE_OPTIONS, TIMELINE_OPTIONS, type AnswerField } from './contract';

/** A text field of the contact step. */
export interface ContactField {
  field: 'name' | 'email' | 'company';
  label: string;
  type: 'text' | 'email';
  autoComplete: string;
}

/** One step of the wizard (the spec's "Questionnaire step"). */
export type QuestionnaireStep =
  | { id: 'contact'; type: 'contact'; title: string; fields: readonly ContactField[] }
  | {
      id: 'challenge' | 'budget' | 'timeline';
      type: 'radio';
      title: string;
      field: 'currentChallenge' | 'budget' | 'timeline';
      options: readonly string[];
    }
  | { id: 'priorities'; type: 'textarea'; title: string; field: 'priorities'; placeholder: string };

/** Labels of the contact step, exactly as the spec gives them. */
export const CONTACT_FIELDS: readonly ContactField[] = [
  { field: 'name', label: 'Full Name *', type: 'text', autoComplete: 'name' },
  { field: 'email', label: 'Email Address *', type: 'email', autoComplete: 'email' },
  { field: 'company', label: 'Company Name *', type: 'text', autoComplete: 'organization' },
];

export const STEPS: readonly QuestionnaireStep[] = [
  {
    id: 'contact',
    type: 'contact',
    title: "Let's start with your contact information",
    fields: CONTACT_FIELDS,
  },
  {
    id: 'challenge',
    type: 'radio',
    title: "What's your biggest business challenge right now?",
    field: 'currentChallenge',
    options: CHALLENGE_OPTIONS,
  },
  {
    id: 'budget',
    type: 'radio',
    title: "What's your monthly budget for growth initiatives?",
    field: 'budget',
    options: BUDGET_OPTIONS,
  },
  {
    id: 'timeline',
    type: 'radio',
    title: 'When are you looking to get started?',
    field: 'timeline',
    options: TIMELINE_OPTIONS,
  },
  {
    id: 'priorities',
    type: 'textarea',
    title: 'What are your top priorities for the next 6 months?',
    field: 'priorities',
    placeholder:
      'For example: more qualified leads from our website, less time spent on manual reporting, a plan for using AI safely.',
  },
];

/** Number of steps (5). */
export const STEP_COUNT = STEPS.length;

/** The answer fields a step asks for. */
export function stepFields(step: QuestionnaireStep): AnswerField[] {
  return step.type === 'contact' ? step.fields.map((f) => f.field) : [step.field];
}

/** The spec's toasts after a submission. */
export const SUBMIT_TOASTS = {
  success: {
    title: 'Thank you!',
    description: "We've received your information and will be in touch within 24 hours.",
    variant: 'success',
  },
  failure: {
    title: 'Error',
    description: 'There was an issue submitting your information. Please try again.',
    variant: 'destructive',
  },
} as const;
