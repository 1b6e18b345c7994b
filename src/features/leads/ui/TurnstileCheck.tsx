/**
 * Where a lead form shows the Turnstile widget (useTurnstile), with what the visitor is told
 * while the check is not passed and a way to try it again after it failed. Renders nothing
 * without a site key.
 */
import {
  TURNSTILE_MESSAGES,
  TURNSTILE_SITE_KEY,
  type TurnstileHandle,
  type TurnstileStatus,
} from './turnstile';

interface Props {
  turnstile: TurnstileHandle;
  /** What to say per status; the questionnaire's wording unless the form has its own. */
  messages?: Record<TurnstileStatus, string | undefined>;
  className?: string;
}

export default function TurnstileCheck({
  turnstile,
  messages = TURNSTILE_MESSAGES,
  className,
}: Props) {
  if (!TURNSTILE_SITE_KEY) return null;
  const message = messages[turnstile.status];
  return (
    <div className={className}>
      <div ref={turnstile.container} />
      {message && (
        <div
          role={turnstile.status === 'failed' ? 'alert' : 'status'}
          className="mt-3 flex flex-wrap items-center gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
        >
          <p>{message}</p>
          {turnstile.status === 'failed' && (
            <button
              type="button"
              className="btn-outline min-h-9 px-3 py-1.5"
              onClick={turnstile.retry}
            >
              Try the check again
            </button>
          )}
        </div>
      )}
    </div>
  );
}
