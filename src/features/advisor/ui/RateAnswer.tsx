/**
 * "Was this answer helpful?" under an advisor reply: two labelled buttons; "Not helpful" asks
 * what the visitor was looking for (optional) before it is sent. Once sent, it says so once and
 * the buttons go; the rating stays with the message for the visit.
 */
import { useId, useState, type SubmitEvent } from 'react';
import { COMMENT_MAX } from '../../insights';
import { updateEntry, type ChatEntry } from './chat-store';
import { rateAnswer } from './rating';

type Step = 'ask' | 'comment' | 'sending' | 'sent' | 'failed';

export default function RateAnswer({ message }: { message: ChatEntry }) {
  const [step, setStep] = useState<Step>('ask');
  const [comment, setComment] = useState('');
  const id = useId();
  const answerId = message.answerId;
  if (!answerId) return null;

  async function send(rating: 'helpful' | 'not_helpful', text = '') {
    setStep('sending');
    const ok = await rateAnswer(answerId!, rating, text);
    if (ok) updateEntry(message.id, { rating });
    setStep(ok ? 'sent' : 'failed');
  }

  if (step === 'sent') {
    return (
      <p role="status" className="mt-2 text-xs text-slate-600">
        Thanks, your rating was recorded.
      </p>
    );
  }
  if (message.rating) {
    return (
      <p className="mt-2 text-xs text-slate-500">
        You rated this answer {message.rating === 'helpful' ? 'helpful' : 'not helpful'}.
      </p>
    );
  }
  if (step === 'comment' || (step === 'failed' && comment)) {
    const submit = (event: SubmitEvent<HTMLFormElement>) => {
      event.preventDefault();
      void send('not_helpful', comment);
    };
    return (
      <form className="mt-2 space-y-2 text-xs" onSubmit={submit}>
        <label htmlFor={`${id}-comment`} className="block font-medium text-slate-700">
          What were you looking for? (optional)
        </label>
        <textarea
          id={`${id}-comment`}
          rows={2}
          maxLength={COMMENT_MAX}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          className="field w-full text-sm"
        />
        {step === 'failed' && (
          <p role="alert" className="text-red-700">
            Your rating could not be sent. Please try again.
          </p>
        )}
        <button type="submit" className="btn-outline min-h-9 px-3 py-1">
          Send rating
        </button>
      </form>
    );
  }
  return (
    <div
      role="group"
      aria-labelledby={`${id}-ask`}
      className="mt-2 flex flex-wrap items-center gap-2 text-xs"
    >
      <span id={`${id}-ask`} className="text-slate-600">
        Was this answer helpful?
      </span>
      <button
        type="button"
        className="btn-outline min-h-8 px-2 py-0.5"
        disabled={step === 'sending'}
        onClick={() => void send('helpful')}
      >
        Helpful
      </button>
      <button
        type="button"
        className="btn-outline min-h-8 px-2 py-0.5"
        disabled={step === 'sending'}
        onClick={() => setStep('comment')}
      >
        Not helpful
      </button>
      {step === 'failed' && (
        <span role="alert" className="text-red-700">
          Your rating could not be sent. Please try again.
        </span>
      )}
    </div>
  );
}
