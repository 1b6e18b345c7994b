/**
 * Sending the answers to POST /api/questionnaire. Each submission attempt carries an
 * Idempotency-Key; trying the same answers again after a failure reuses it, so a lead whose
 * first answer was lost on the way back is not stored or emailed twice.
 */
import type { QuestionnaireAccepted, QuestionnaireRequest } from './contract';

export const QUESTIONNAIRE_ENDPOINT = '/api/questionnaire';

/** One submission attempt: its key and the answers it was made for. */
export interface SubmissionAttempt {
  key: string;
  /** The answers as JSON, without the single-use Turnstile token. */
  fingerprint: string;
}

/** The attempt for `body`: the previous one when the answers are unchanged, else a new key. */
export function attemptFor(
  previous: SubmissionAttempt | undefined,
  body: QuestionnaireRequest,
  newKey: () => string = () => crypto.randomUUID(),
): SubmissionAttempt {
  const { turnstileToken: _token, ...answers } = body;
  const fingerprint = JSON.stringify(answers);
  return previous?.fingerprint === fingerprint ? previous : { key: newKey(), fingerprint };
}

/** Why a submission failed; the wizard logs it and keeps the answers. */
export class SubmissionError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'SubmissionError';
  }
}

/** Posts the answers; resolves with the lead id, throws SubmissionError otherwise. */
export async function postQuestionnaire(
  body: QuestionnaireRequest,
  attempt: SubmissionAttempt,
  fetchImpl: typeof fetch = fetch,
): Promise<QuestionnaireAccepted> {
  let response: Response;
  try {
    response = await fetchImpl(QUESTIONNAIRE_ENDPOINT, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': attempt.key },
      body: JSON.stringify(body),
    });
  } catch (err) {
    throw new SubmissionError(`Network error: ${err instanceof Error ? err.message : String(err)}`);
  }
  const answer: unknown = await response.json().catch(() => null);
  if (response.ok && isAccepted(answer)) return answer;
  const reported = (answer as { error?: { message?: unknown } } | null)?.error?.message;
  const message = typeof reported === 'string' ? reported : response.statusText;
  throw new SubmissionError(`The server answered ${response.status}: ${message}`, response.status);
}

function isAccepted(answer: unknown): answer is QuestionnaireAccepted {
  const a = answer as Partial<QuestionnaireAccepted> | null;
  return a?.ok === true && typeof a.id === 'string';
}

type Gtag = (command: 'event', action: string, params: Record<string, string>) => void;

/** Fires the spec's questionnaire_submit event, only when an analytics tag is on the page. */
export function trackQuestionnaireSubmit(
  target: { gtag?: unknown } = globalThis as { gtag?: unknown },
): void {
  if (typeof target.gtag !== 'function') return;
  (target.gtag as Gtag)('event', 'questionnaire_submit', {
    event_category: 'form',
    event_label: 'Questionnaire Contact Form',
  });
}
