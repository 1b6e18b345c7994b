/**
 * Optional Cloudflare Turnstile widget for the last step. It is only used when the site is built
 * with PUBLIC_TURNSTILE_SITE_KEY (and the function then checks tokens with TURNSTILE_SECRET);
 * otherwise nothing is loaded.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';

const SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

interface TurnstileApi {
  render(
    container: HTMLElement,
    options: {
      sitekey: string;
      callback: (token: string) => void;
      'expired-callback': () => void;
      'error-callback': () => void;
    },
  ): string;
  reset(widgetId: string): void;
  remove(widgetId: string): void;
}

let loading: Promise<TurnstileApi> | undefined;

function loadTurnstile(): Promise<TurnstileApi> {
  loading ??= new Promise<TurnstileApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () => {
      const api = (window as { turnstile?: TurnstileApi }).turnstile;
      if (api) resolve(api);
      else reject(new Error('Turnstile did not load'));
    };
    script.onerror = () => {
      loading = undefined;
      reject(new Error('Turnstile did not load'));
    };
    document.head.append(script);
  });
  return loading;
}

/** The site key baked in at build time, or undefined when Turnstile is off. */
export const TURNSTILE_SITE_KEY: string | undefined =
  import.meta.env.PUBLIC_TURNSTILE_SITE_KEY || undefined;

export interface TurnstileHandle {
  /** Where the widget renders; attach to an empty element. */
  container: RefObject<HTMLDivElement | null>;
  /** The current token, '' until the check passes. */
  token: string;
  /** Tokens are single-use: asks for a fresh one after each submission. */
  reset: () => void;
}

/** Renders the widget into `container` while `active`, when a site key is configured. */
export function useTurnstile(active: boolean, siteKey = TURNSTILE_SITE_KEY): TurnstileHandle {
  const container = useRef<HTMLDivElement | null>(null);
  const widget = useRef<{ api: TurnstileApi; id: string } | undefined>(undefined);
  const [token, setToken] = useState('');

  useEffect(() => {
    if (!siteKey || !active) return;
    let cancelled = false;
    loadTurnstile()
      .then((api) => {
        if (cancelled || !container.current) return;
        const id = api.render(container.current, {
          sitekey: siteKey,
          callback: setToken,
          'expired-callback': () => setToken(''),
          'error-callback': () => setToken(''),
        });
        widget.current = { api, id };
      })
      .catch((err: unknown) => console.error('Turnstile failed to load', err));
    return () => {
      cancelled = true;
      if (widget.current) widget.current.api.remove(widget.current.id);
      widget.current = undefined;
      setToken('');
    };
  }, [siteKey, active]);

  return {
    container,
    token,
    reset: () => {
      setToken('');
      if (widget.current) widget.current.api.reset(widget.current.id);
    },
  };
}
