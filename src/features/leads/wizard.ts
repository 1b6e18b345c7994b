/**
 * The wizard's state and rules as plain functions: which step is showing, the answers typed so
 * far, whether a step may be left, and what is sent. The React component only renders them.
 */
import {
  leadSourceSchema,
  questionnaireAnswersSchema,
  type AnswerField,
  type QuestionnaireRequest,
} from './contract';
import { STEPS, STEP_COUNT, stepFields } from './steps';

/** Every answer as the form holds it: text, '' until answered. */
export type Draft = Record<AnswerField, string>;

export const EMPTY_DRAFT: Readonly<Draft> = {
  name: '',
  email: '',
  company: '',
  currentChallenge: '',
  budget: '',
  timeline: '',
  priorities: '',
  additionalInfo: '',
};

export interface WizardState {
  /** Index of the current step, 0 to 4. */
  step: number;
  answers: Draft;
  /** Fields the visitor has left at least once; only their errors are shown. */
  touched: Partial<Record<AnswerField, true>>;
}

export const INITIAL_WIZARD_STATE: Readonly<WizardState> = {
  step: 0,
  answers: EMPTY_DRAFT,
  touched: {},
};

export type WizardAction =
  | { type: 'answer'; field: AnswerField; value: string }
  | { type: 'touch'; field: AnswerField }
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'reset' };

/** Field errors of one step, at most one message per field. */
export function stepErrors(step: number, answers: Draft): Partial<Record<AnswerField, string>> {
  const definition = STEPS[step];
  if (!definition) return {};
  const fields = stepFields(definition);
  const mask = Object.fromEntries(fields.map((f) => [f, true])) as Record<AnswerField, true>;
  const result = questionnaireAnswersSchema.pick(mask).safeParse(answers);
  if (result.success) return {};
  const errors: Partial<Record<AnswerField, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as AnswerField;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Whether a step's answers pass the shared schema, so Next (or Submit) may be used. */
export function isStepValid(step: number, answers: Draft): boolean {
  return Object.keys(stepErrors(step, answers)).length === 0;
}

/** Whether this is the last step, where Submit replaces Next. */
export function isLastStep(step: number): boolean {
  return step === STEP_COUNT - 1;
}

/** Progress shown under 'Question N of 5': N / 5 as a whole percentage. */
export function progressPercent(step: number): number {
  return Math.round(((step + 1) / STEP_COUNT) * 100);
}

/** Moves between steps (only forward from a valid step), records answers and resets. */
export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'answer':
      return { ...state, answers: { ...state.answers, [action.field]: action.value } };
    case 'touch':
      return state.touched[action.field]
        ? state
        : { ...state, touched: { ...state.touched, [action.field]: true } };
    case 'next':
      if (isLastStep(state.step) || !isStepValid(state.step, state.answers)) return state;
      return { ...state, step: state.step + 1 };
    case 'previous':
      return state.step === 0 ? state : { ...state, step: state.step - 1 };
    case 'reset':
      return INITIAL_WIZARD_STATE;
  }
}

/**
 * The lead source from a page address's query (`?from=seo`): a bounded slug, or undefined for
 * anything else so a crafted link cannot put arbitrary text into a lead.
 */
export function sourceFromSearch(search: string): string | undefined {
  const from = new URLSearchParams(search).get('from');
  if (from === null) return undefined;
  const parsed = leadSourceSchema.safeParse(from.trim().toLowerCase());
  return parsed.success ? parsed.data : undefined;
}

/** The request body for the answers: every answer trimmed, the source only when known. */
export function toRequestBody(
  answers: Draft,
  extras: { source?: string | undefined; website?: string; turnstileToken?: string | undefined },
): QuestionnaireRequest {
  const body: QuestionnaireRequest = {
    name: answers.name.trim(),
    email: answers.email.trim(),
    company: answers.company.trim(),
    currentChallenge: answers.currentChallenge as QuestionnaireRequest['currentChallenge'],
    budget: answers.budget as QuestionnaireRequest['budget'],
    timeline: answers.timeline as QuestionnaireRequest['timeline'],
    priorities: answers.priorities.trim(),
    additionalInfo: answers.additionalInfo.trim(),
  };
  if (extras.source) body.source = extras.source;
  if (extras.website) body.website = extras.website;
  if (extras.turnstileToken) body.turnstileToken = extras.turnstileToken;
  return body;
}
