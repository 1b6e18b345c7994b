/**
 * Offered under a reply when the visitor asks for a person (or the advisor could not answer
 * twice): the consultation questionnaire, and a one-step "leave your email and we'll reply"
 * form that sends the conversation to a person through the lead pipeline. When the site has
 * Turnstile, the form shows the human check and sends once it passed, as the questionnaire does.
 */
import { useId, useState, type SubmitEvent } from 'react';
import { $conversation } from './chat-store';
import { openQuestionnaire } from '../../../stores/ui';
import {
  TURNSTILE_SITE_KEY,
  TurnstileCheck,
  useTurnstile,
  type TurnstileStatus,
} from '../../leads';
import { HandoffError, sendChatLead } from './handoff';

/** The reply promise of the questionnaire, which the same people answer. */
const SENT = "Thank you! We've received your email and will be in touch within 24 hours.";
const FAILED = 'Your email could not be sent just now. Please try again, or write to us directly.';
/** What the form says while the human check is not passed. */
const CHECK_MESSAGES: Record<TurnstileStatus, string | undefined> = {
  pending: undefined,
  passed: undefined,
  expired: 'The human check expired. It is running again; Send is available once it passes.',
  failed:
    'The human check could not be completed. Check your connection and try again, or write to us directly.',
};

export default function HandoffCard() {
  const [email, setEmail] = useState('');
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  const id = useId();
  const turnstile = useTurnstile(state !== 'sent');
  const needsToken = TURNSTILE_SITE_KEY !== undefined && turnstile.token === '';

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state === 'sending' || needsToken || !event.currentTarget.checkValidity()) return;
    setState('sending');
    try {
      await sendChatLead(email, $conversation.get(), fetch, turnstile.token || undefined);
      setState('sent');
    } catch (err) {
      console.error('Chat hand-off failed', err instanceof HandoffError ? err.message : err);
      setState('failed');
      // Tokens are single-use: a fresh check runs before the next try.
      turnstile.reset();
    }
  }

  if (state === 'sent') {
    return (
      <p role="status" className="mt-3 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-950">
        {SENT}
      </p>
    );
  }
  return (
    <div className="mt-3 space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm">
      <button type="button" className="btn-primary w-full" onClick={() => openQuestionnaire()}>
        Answer five short questions
      </button>
      <form onSubmit={(e) => void onSubmit(e)} className="space-y-2">
        <label htmlFor={`${id}-email`} className="block font-medium text-slate-800">
          Or leave your email and we&apos;ll reply
        </label>
        <div className="flex gap-2">
          <input
            id={`${id}-email`}
            type="email"
            required
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            placeholder="you@company.com"
            className="field min-w-0 flex-1"
          />
          <button
            type="submit"
            disabled={state === 'sending' || needsToken}
            className="btn-outline shrink-0 disabled:cursor-not-allowed disabled:opacity-50"
          >
            {state === 'sending' ? 'Sending...' : 'Send'}
          </button>
        </div>
        <TurnstileCheck turnstile={turnstile} messages={CHECK_MESSAGES} />
        {state === 'failed' && (
          <p role="alert" className="text-red-700">
            {FAILED}
          </p>
        )}
      </form>
    </div>
  );
}
