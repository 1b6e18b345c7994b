/**
 * The five-step consultation questionnaire. The same component is the body of the home page's
 * dialog and the form of the /questionnaire page.
 */
import {
  useEffect,
  useId,
  useLayoutEffect,
  useReducer,
  useRef,
  useState,
  type SubmitEvent,
} from 'react';
import { showToast } from '../../../stores/toast';
import { ANSWER_LIMITS, type AnswerField } from '../contract';
import { STEPS, STEP_COUNT, SUBMIT_TOASTS, type QuestionnaireStep } from '../steps';
import {
  INITIAL_WIZARD_STATE,
  isLastStep,
  isStepValid,
  progressPercent,
  sourceFromSearch,
  stepErrors,
  toRequestBody,
  wizardReducer,
  type WizardAction,
  type WizardState,
} from '../wizard';
import {
  attemptFor,
  postQuestionnaire,
  trackQuestionnaireSubmit,
  type SubmissionAttempt,
} from '../submit';
import TurnstileCheck from './TurnstileCheck';
import { TURNSTILE_SITE_KEY, useTurnstile } from './turnstile';

export interface QuestionnaireWizardProps {
  /** Where the lead came from; when unset the page's `?from=` slug is used. */
  source?: string;
  /** Move focus to the first field when the wizard appears (in the dialog). */
  autoFocus?: boolean;
  /** Called after the answers were accepted, e.g. to close the dialog. */
  onSubmitted?: () => void;
}

export default function QuestionnaireWizard({
  source,
  autoFocus = false,
  onSubmitted,
}: QuestionnaireWizardProps) {
  const [state, dispatch] = useReducer(wizardReducer, INITIAL_WIZARD_STATE);
  const [sending, setSending] = useState(false);
  const sendingNow = useRef(false);
  const mounted = useRef(false);
  const lastAttempt = useRef<SubmissionAttempt | undefined>(undefined);
  const honeypot = useRef<HTMLInputElement>(null);
  const fieldset = useRef<HTMLFieldSetElement>(null);
  const focusedStep = useRef<number | null>(autoFocus ? null : INITIAL_WIZARD_STATE.step);
  const id = useId();

  const step = STEPS[state.step];
  const last = isLastStep(state.step);
  const turnstile = useTurnstile(last);
  const needsToken = TURNSTILE_SITE_KEY !== undefined && turnstile.token === '';
  const valid = isStepValid(state.step, state.answers);
  const percent = progressPercent(state.step);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // What was typed or chosen before the island hydrated is in the fields but not yet in the
  // state: take it in before anything renders them again, so nothing typed is lost.
  useLayoutEffect(() => {
    const fields = fieldset.current?.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
      'input[name], textarea[name]',
    );
    for (const input of fields ?? []) {
      const field = input.name as AnswerField;
      if (!(field in INITIAL_WIZARD_STATE.answers)) continue;
      const choice = input instanceof HTMLInputElement && input.type === 'radio';
      if (choice ? !input.checked : input.value === INITIAL_WIZARD_STATE.answers[field]) continue;
      dispatch({ type: 'answer', field, value: input.value });
    }
  }, []);

  // Each new step (and the first one in the dialog) starts at its first control.
  useEffect(() => {
    if (focusedStep.current === state.step) return;
    focusedStep.current = state.step;
    const root = fieldset.current;
    const target =
      root?.querySelector<HTMLElement>('input:checked') ??
      root?.querySelector<HTMLElement>('input, textarea');
    target?.focus();
  }, [state.step]);

  async function submit() {
    if (sendingNow.current) return;
    const body = toRequestBody(state.answers, {
      source: source ?? sourceFromSearch(window.location.search),
      website: honeypot.current?.value ?? '',
      turnstileToken: turnstile.token || undefined,
    });
    const attempt = attemptFor(lastAttempt.current, body);
    lastAttempt.current = attempt;
    sendingNow.current = true;
    setSending(true);
    try {
      await postQuestionnaire(body, attempt);
      lastAttempt.current = undefined;
      trackQuestionnaireSubmit();
      showToast(SUBMIT_TOASTS.success);
      if (mounted.current) {
        dispatch({ type: 'reset' });
        if (honeypot.current) honeypot.current.value = '';
        onSubmitted?.();
      }
    } catch (err) {
      console.error('Questionnaire submission failed', err);
      showToast(SUBMIT_TOASTS.failure);
    } finally {
      sendingNow.current = false;
      if (mounted.current) setSending(false);
      turnstile.reset();
    }
  }

  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!valid) return;
    if (last) void submit();
    else dispatch({ type: 'next' });
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <div className="flex items-center justify-between text-sm font-medium text-slate-600">
        <p id={`${id}-progress`}>
          Question {state.step + 1} of {STEP_COUNT}
        </p>
        <p aria-hidden="true">{percent}%</p>
      </div>
      <progress
        aria-labelledby={`${id}-progress`}
        value={state.step + 1}
        max={STEP_COUNT}
        className="mt-2 block h-2 w-full overflow-hidden rounded-full bg-slate-200 [&::-moz-progress-bar]:bg-brand-600 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-brand-600 [&::-webkit-progress-value]:transition-all"
      />

      <fieldset ref={fieldset} className="mt-6 min-w-0">
        <legend className="text-lg font-semibold text-navy-900 sm:text-xl">{step.title}</legend>
        <StepFields step={step} state={state} dispatch={dispatch} id={id} />
      </fieldset>

      {/* Honeypot: off-screen and hidden from assistive technology, so only bots fill it. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={`${id}-website`}>Website</label>
        <input
          ref={honeypot}
          id={`${id}-website`}
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>

      {last && <TurnstileCheck turnstile={turnstile} className="mt-5" />}

      <div className="mt-8 flex items-center justify-between gap-3">
        <button
          type="button"
          className="btn-outline disabled:cursor-not-allowed disabled:opacity-50"
          disabled={state.step === 0 || sending}
          onClick={() => dispatch({ type: 'previous' })}
        >
          Previous
        </button>
        {last ? (
          <button
            key="submit"
            type="submit"
            className="btn-primary disabled:cursor-not-allowed disabled:opacity-50"
            disabled={!valid || sending || needsToken}
          >
            {sending ? 'Sending...' : 'Submit'}
          </button>
        ) : (
          <button
            key="next"
            type="submit"
            className="btn-primary disabled:cursor-not-allowed disabled:opacity-50"
            disabled={!valid}
          >
            Next
          </button>
        )}
      </div>
    </form>
  );
}

interface StepFieldsProps {
  step: QuestionnaireStep;
  state: WizardState;
  dispatch: (action: WizardAction) => void;
  id: string;
}

/** The controls of one step; errors show once a field has been left. */
function StepFields({ step, state, dispatch, id }: StepFieldsProps) {
  const errors = stepErrors(state.step, state.answers);
  const errorOf = (field: AnswerField) => (state.touched[field] ? errors[field] : undefined);
  const bind = (field: AnswerField) => {
    const error = errorOf(field);
    return {
      id: `${id}-${field}`,
      name: field,
      value: state.answers[field],
      required: true,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-${field}-error` : undefined,
      onChange: (e: { currentTarget: { value: string } }) =>
        dispatch({ type: 'answer', field, value: e.currentTarget.value }),
      onBlur: () => dispatch({ type: 'touch', field }),
    };
  };
  const errorText = (field: AnswerField) => {
    const error = errorOf(field);
    return error ? (
      <p id={`${id}-${field}-error`} role="alert" className="mt-1.5 text-sm text-red-700">
        {error}
      </p>
    ) : null;
  };

  switch (step.type) {
    case 'contact':
      return (
        <div className="mt-4 grid gap-4">
          {step.fields.map((f) => (
            <div key={f.field}>
              <label htmlFor={`${id}-${f.field}`} className="text-sm font-medium text-slate-800">
                {f.label}
              </label>
              <input
                {...bind(f.field)}
                type={f.type}
                autoComplete={f.autoComplete}
                maxLength={ANSWER_LIMITS[f.field]}
                className="field mt-1.5"
              />
              {errorText(f.field)}
            </div>
          ))}
        </div>
      );
    case 'radio':
      return (
        <div className="mt-4 grid gap-2">
          {step.options.map((option) => (
            <label
              key={option}
              className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 bg-white px-4 py-3 text-slate-800 hover:border-brand-600 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <input
                type="radio"
                name={`${id}-${step.field}`}
                value={option}
                required
                checked={state.answers[step.field] === option}
                onChange={() => dispatch({ type: 'answer', field: step.field, value: option })}
                className="size-4 shrink-0 accent-brand-600"
              />
              <span>{option}</span>
            </label>
          ))}
        </div>
      );
    case 'textarea':
      return (
        <div className="mt-4">
          <label htmlFor={`${id}-${step.field}`} className="sr-only">
            {step.title}
          </label>
          <textarea
            {...bind(step.field)}
            rows={4}
            placeholder={step.placeholder}
            maxLength={ANSWER_LIMITS.priorities}
            className="field mt-1.5"
          />
          {errorText(step.field)}
        </div>
      );
  }
}
