/**
 * Optional Cloudflare Turnstile widget for the last step. It is only used when the site is built
 * with PUBLIC_TURNSTILE_SITE_KEY (the pages hosting the questionnaire then allow Turnstile in
 * their CSP, see ../turnstile-csp.ts, and the function checks tokens with TURNSTILE_SECRET);
 * otherwise nothing is loaded. A check that cannot load or fails says so and can be tried again;
 * the answers are never touched.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { TURNSTILE_SCRIPT_URL } from '../turnstile-csp';

interface TurnstileApi {
  render(
    container: HTMLElement,
    options: {
      sitekey: string;
      callback: (token: string) => void;
      'expired-callback': () => void;
      'error-callback': () => void;
      'timeout-callback': () => void;
    },
  ): string;
  reset(widgetId: string): void;
  remove(widgetId: string): void;
}

let loading: Promise<TurnstileApi> | undefined;

function loadTurnstile(): Promise<TurnstileApi> {
  loading ??= new Promise<TurnstileApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = TURNSTILE_SCRIPT_URL;
    script.async = true;
    const fail = () => {
      // Forget the failed attempt so 'Try again' loads the script afresh.
      loading = undefined;
      script.remove();
      reject(new Error('Turnstile did not load'));
    };
    script.onload = () => {
      const api = (window as { turnstile?: TurnstileApi }).turnstile;
      if (api) resolve(api);
      else fail();
    };
    script.onerror = fail;
    document.head.append(script);
  });
  return loading;
}

/** The site key baked in at build time, or undefined when Turnstile is off. */
export const TURNSTILE_SITE_KEY: string | undefined =
  import.meta.env.PUBLIC_TURNSTILE_SITE_KEY || undefined;

/**
 * Where the check stands: loading the script or waiting for the visitor, passed (a token is
 * held), expired (the token timed out and a new one is being made), or failed (could not load,
 * or Turnstile reported an error).
 */
export type TurnstileStatus = 'pending' | 'passed' | 'expired' | 'failed';

/** What the wizard says while the check is not passed; nothing while it simply runs. */
export const TURNSTILE_MESSAGES: Record<TurnstileStatus, string | undefined> = {
  pending: undefined,
  passed: undefined,
  expired: 'The human check expired. It is running again; Submit is available once it passes.',
  failed:
    'The human check could not be completed. Your answers are kept: check your connection and try again, or email us.',
};

export interface TurnstileHandle {
  /** Where the widget renders; attach to an empty element. */
  container: RefObject<HTMLDivElement | null>;
  /** The current token, '' until the check passes. */
  token: string;
  status: TurnstileStatus;
  /** Tokens are single-use: asks for a fresh one after each submission. */
  reset: () => void;
  /** Loads and renders the check again after it failed. */
  retry: () => void;
}

/** Renders the widget into `container` while `active`, when a site key is configured. */
export function useTurnstile(active: boolean, siteKey = TURNSTILE_SITE_KEY): TurnstileHandle {
  const container = useRef<HTMLDivElement | null>(null);
  const widget = useRef<{ api: TurnstileApi; id: string } | undefined>(undefined);
  const [token, setToken] = useState('');
  const [status, setStatus] = useState<TurnstileStatus>('pending');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!siteKey || !active) return;
    let cancelled = false;
    setStatus('pending');
    loadTurnstile()
      .then((api) => {
        if (cancelled || !container.current) return;
        const id = api.render(container.current, {
          sitekey: siteKey,
          callback: (value) => {
            setToken(value);
            setStatus('passed');
          },
          'expired-callback': () => {
            setToken('');
            setStatus('expired');
          },
          'error-callback': () => {
            setToken('');
            setStatus('failed');
          },
          'timeout-callback': () => {
            setToken('');
            setStatus('failed');
          },
        });
        widget.current = { api, id };
      })
      .catch((err: unknown) => {
        console.error('Turnstile failed to load', err);
        if (!cancelled) setStatus('failed');
      });
    return () => {
      cancelled = true;
      if (widget.current) widget.current.api.remove(widget.current.id);
      widget.current = undefined;
      setToken('');
    };
  }, [siteKey, active, attempt]);

  const reset = useCallback(() => {
    setToken('');
    if (!widget.current) return;
    setStatus('pending');
    widget.current.api.reset(widget.current.id);
  }, []);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  return { container, token, status, reset, retry };
}
