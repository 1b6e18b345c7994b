import { describe, expect, it, vi } from 'vitest';
import {
  ANSWER_LIMITS,
  BUDGET_OPTIONS,
  CHALLENGE_OPTIONS,
  TIMELINE_OPTIONS,
  questionnaireAnswersSchema,
  questionnaireRequestSchema,
} from '../../src/features/leads/contract';
import { CONTACT_FIELDS, STEPS, STEP_COUNT } from '../../src/features/leads/steps';
import {
  EMPTY_DRAFT,
  INITIAL_WIZARD_STATE,
  isLastStep,
  isStepValid,
  progressPercent,
  sourceFromSearch,
  stepErrors,
  toRequestBody,
  wizardReducer,
  type Draft,
  type WizardState,
} from '../../src/features/leads/wizard';
import {
  SubmissionError,
  attemptFor,
  postQuestionnaire,
  trackQuestionnaireSubmit,
} from '../../src/features/leads/submit';
import { SAMPLE_ANSWERS } from '../fixtures/leads';

const complete: Draft = SAMPLE_ANSWERS;

describe('questionnaire options and steps', () => {
  it('lists the spec options in the spec order', () => {
    expect(CHALLENGE_OPTIONS).toEqual([
      'Website traffic and visibility',
      'Converting visitors to customers',
      'Streamlining business operations',
      'Understanding customer data and analytics',
      'Competing with larger businesses online',
    ]);
    expect(BUDGET_OPTIONS).toEqual([
      'Under $500/month',
      '$500 - $2,000/month',
      '$2,000 - $5,000/month',
      '$5,000 - $10,000/month',
      'Over $10,000/month',
    ]);
    expect(TIMELINE_OPTIONS).toEqual([
      'Within 30 days',
      '1-3 months',
      '3-6 months',
      '6-12 months',
      "I'm planning for next year",
    ]);
  });

  it('has five steps in the spec order with the spec labels', () => {
    expect(STEP_COUNT).toBe(5);
    expect(STEPS.map((s) => [s.id, s.type])).toEqual([
      ['contact', 'contact'],
      ['challenge', 'radio'],
      ['budget', 'radio'],
      ['timeline', 'radio'],
      ['priorities', 'textarea'],
    ]);
    expect(CONTACT_FIELDS.map((f) => [f.label, f.type])).toEqual([
      ['Full Name *', 'text'],
      ['Email Address *', 'email'],
      ['Company Name *', 'text'],
    ]);
  });
});

describe('questionnaire schema', () => {
  it('accepts complete answers, trims them and defaults additionalInfo to empty', () => {
    const parsed = questionnaireAnswersSchema.parse({
      ...complete,
      name: '  Jane Doe ',
      email: ' jane@example.com ',
      additionalInfo: undefined,
    });
    expect(parsed.name).toBe('Jane Doe');
    expect(parsed.email).toBe('jane@example.com');
    expect(parsed.additionalInfo).toBe('');
  });

  it('refuses blank text, a malformed email and options outside the lists', () => {
    const result = questionnaireAnswersSchema.safeParse({
      ...complete,
      name: '   ',
      email: 'jane@',
      budget: '$1/month',
      priorities: '',
    });
    expect(result.success).toBe(false);
    const fields = result.error!.issues.map((i) => i.path[0]);
    expect(fields.sort()).toEqual(['budget', 'email', 'name', 'priorities']);
  });

  it('bounds every text field', () => {
    for (const [field, max] of Object.entries(ANSWER_LIMITS)) {
      const at = {
        ...complete,
        [field]: field === 'email' ? `${'a'.repeat(max - 6)}@ex.co` : 'x'.repeat(max),
      };
      expect(questionnaireAnswersSchema.safeParse(at).success, `${field} at ${max}`).toBe(true);
      const over = { ...complete, [field]: 'x'.repeat(max + 1) };
      expect(questionnaireAnswersSchema.safeParse(over).success, `${field} over ${max}`).toBe(
        false,
      );
    }
  });

  it('accepts a slug source and refuses anything else', () => {
    expect(
      questionnaireRequestSchema.safeParse({ ...complete, source: 'ai-citation-guide' }).success,
    ).toBe(true);
    for (const source of ['SEO', '../x', 'a b', 'x'.repeat(65), '']) {
      expect(questionnaireRequestSchema.safeParse({ ...complete, source }).success, source).toBe(
        false,
      );
    }
  });
});

describe('step validity', () => {
  it('contact needs a name, a valid email and a company', () => {
    expect(isStepValid(0, EMPTY_DRAFT)).toBe(false);
    expect(isStepValid(0, { ...EMPTY_DRAFT, name: 'Jane', email: 'jane@example.com' })).toBe(false);
    expect(isStepValid(0, { ...EMPTY_DRAFT, name: 'Jane', email: 'jane', company: 'Acme' })).toBe(
      false,
    );
    expect(
      isStepValid(0, { ...EMPTY_DRAFT, name: 'Jane', email: 'jane@example.com', company: 'Acme' }),
    ).toBe(true);
    expect(stepErrors(0, { ...EMPTY_DRAFT, name: 'Jane', email: 'jane', company: 'Acme' })).toEqual(
      {
        email: 'Please enter a valid email address, such as name@company.com.',
      },
    );
  });

  it('each radio step needs one of its options, and only its own field counts', () => {
    const fields = ['currentChallenge', 'budget', 'timeline'] as const;
    fields.forEach((field, i) => {
      const step = i + 1;
      expect(isStepValid(step, EMPTY_DRAFT), field).toBe(false);
      expect(isStepValid(step, { ...EMPTY_DRAFT, [field]: complete[field] }), field).toBe(true);
      expect(isStepValid(step, { ...EMPTY_DRAFT, [field]: 'Something else' }), field).toBe(false);
    });
  });

  it('the last step needs non-blank priorities', () => {
    expect(isStepValid(4, { ...EMPTY_DRAFT, priorities: '  \n ' })).toBe(false);
    expect(isStepValid(4, { ...EMPTY_DRAFT, priorities: 'Grow' })).toBe(true);
  });

  it('reports progress as step / 5', () => {
    expect([0, 1, 2, 3, 4].map(progressPercent)).toEqual([20, 40, 60, 80, 100]);
    expect(isLastStep(3)).toBe(false);
    expect(isLastStep(4)).toBe(true);
  });
});

describe('wizard reducer', () => {
  const answer = (state: WizardState, field: keyof Draft, value: string) =>
    wizardReducer(state, { type: 'answer', field, value });

  it('moves forward only from a valid step and back one at a time, never below step 1', () => {
    let state = wizardReducer(INITIAL_WIZARD_STATE, { type: 'next' });
    expect(state.step).toBe(0);
    expect(wizardReducer(state, { type: 'previous' }).step).toBe(0);
    state = answer(
      answer(answer(state, 'name', 'Jane'), 'email', 'jane@example.com'),
      'company',
      'Acme',
    );
    state = wizardReducer(state, { type: 'next' });
    expect(state.step).toBe(1);
    expect(wizardReducer(state, { type: 'next' }).step).toBe(1);
    state = wizardReducer(state, { type: 'previous' });
    expect(state.step).toBe(0);
    expect(state.answers.name).toBe('Jane');
  });

  it('never moves past the last step', () => {
    const state: WizardState = { step: 4, answers: complete, touched: {} };
    expect(wizardReducer(state, { type: 'next' })).toBe(state);
  });

  it('remembers touched fields and resets everything to step 1', () => {
    let state: WizardState = { step: 3, answers: complete, touched: {} };
    state = wizardReducer(state, { type: 'touch', field: 'email' });
    expect(state.touched).toEqual({ email: true });
    state = wizardReducer(state, { type: 'reset' });
    expect(state).toEqual({ step: 0, answers: EMPTY_DRAFT, touched: {} });
  });
});

describe('lead source and request body', () => {
  it('reads a bounded slug from ?from= and ignores anything else', () => {
    expect(sourceFromSearch('?from=seo')).toBe('seo');
    expect(sourceFromSearch('?x=1&from=ai-citation-guide')).toBe('ai-citation-guide');
    expect(sourceFromSearch('?from=Consultants')).toBe('consultants');
    expect(sourceFromSearch('')).toBeUndefined();
    expect(sourceFromSearch('?from=<script>')).toBeUndefined();
    expect(sourceFromSearch(`?from=${'a'.repeat(65)}`)).toBeUndefined();
  });

  it('builds a trimmed body that passes the shared schema, adding source only when known', () => {
    const body = toRequestBody({ ...complete, name: ' Jane Doe ' }, { source: 'seo', website: '' });
    expect(body).toEqual({ ...complete, source: 'seo' });
    expect(questionnaireRequestSchema.safeParse(body).success).toBe(true);
    expect('source' in toRequestBody(complete, { source: undefined })).toBe(false);
  });
});

describe('submission', () => {
  const body = toRequestBody(complete, {});
  let n = 0;
  const newKey = () => `key-${++n}`;

  it('reuses the Idempotency-Key for the same answers and makes a new one when they change', () => {
    const first = attemptFor(undefined, body, newKey);
    expect(attemptFor(first, { ...body, turnstileToken: 'fresh-token' }, newKey)).toBe(first);
    const changed = attemptFor(first, { ...body, company: 'Other' }, newKey);
    expect(changed.key).not.toBe(first.key);
  });

  it('posts JSON with the key and resolves with the lead id', async () => {
    const fetchImpl = vi.fn(async () => Response.json({ ok: true, id: 'lead-1' }));
    const attempt = attemptFor(undefined, body, newKey);
    await expect(postQuestionnaire(body, attempt, fetchImpl)).resolves.toEqual({
      ok: true,
      id: 'lead-1',
    });
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/questionnaire');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['Idempotency-Key']).toBe(attempt.key);
    expect(JSON.parse(init.body as string)).toEqual(body);
  });

  it('throws on an error status, an unexpected answer and a network failure', async () => {
    const attempt = attemptFor(undefined, body, newKey);
    const error = Response.json({ error: { code: 'x', message: 'down' } }, { status: 502 });
    await expect(postQuestionnaire(body, attempt, async () => error)).rejects.toMatchObject({
      name: 'SubmissionError',
      status: 502,
    });
    await expect(
      postQuestionnaire(body, attempt, async () => Response.json({ ok: false })),
    ).rejects.toBeInstanceOf(SubmissionError);
    await expect(
      postQuestionnaire(body, attempt, async () => {
        throw new TypeError('Failed to fetch');
      }),
    ).rejects.toThrow(/Network error/);
  });

  it('fires questionnaire_submit only when an analytics tag exists', () => {
    const gtag = vi.fn();
    trackQuestionnaireSubmit({ gtag });
    expect(gtag).toHaveBeenCalledWith('event', 'questionnaire_submit', {
      event_category: 'form',
      event_label: 'Questionnaire Contact Form',
    });
    expect(() => trackQuestionnaireSubmit({})).not.toThrow();
  });
});
