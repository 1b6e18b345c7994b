/**
 * The body of the /auth card: a spinner while the stored session is read, a redirect home when
 * signed in, else Google and LinkedIn sign-in, the 'Or' divider and the Sign In / Sign Up tabs.
 * Errors show in a red alert, success in a green one. /auth?signout signs out first.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import {
  $session,
  $sessionLoading,
  signInWithPassword,
  signInWithProvider,
  signOut,
  signUp,
  type SocialProvider,
} from '../session';
import { AUTH_COPY, socialFailed } from '../messages';
import {
  MIN_PASSWORD_LENGTH,
  PENDING_PROVIDER_KEY,
  PROVIDER_LABEL,
  authReturnUrl,
  codeReturnNotice,
  failureMessage,
  oauthReturnError,
  withoutOAuthParams,
} from '../auth-logic';
import { EMAIL_FIELD, Field, PASSWORD_FIELD, TabPanel, type Tab } from './AuthFields';

type Busy = null | 'sign-in' | 'sign-up' | SocialProvider;
type Notice = { kind: 'error' | 'success'; text: string } | null;

export default function AuthCard() {
  const session = useStore($session);
  const loading = useStore($sessionLoading);
  const [signingOut, setSigningOut] = useState(false);
  const [tab, setTab] = useState<Tab>('sign-in');
  const [busy, setBusy] = useState<Busy>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [signInForm, setSignInForm] = useState({ email: '', password: '' });
  const [signUpForm, setSignUpForm] = useState({ displayName: '', email: '', password: '' });
  const tabs = useRef<Record<Tab, HTMLButtonElement | null>>({ 'sign-in': null, 'sign-up': null });
  const id = useId();

  const pendingProvider = useRef<string | null>(null);

  // What the address brings: a provider's error after a social sign-in, or a sign-out request.
  useEffect(() => {
    let pending: string | null = null;
    try {
      pending = sessionStorage.getItem(PENDING_PROVIDER_KEY);
      sessionStorage.removeItem(PENDING_PROVIDER_KEY);
    } catch {
      // Storage blocked: the message falls back to the generic one.
    }
    pendingProvider.current = pending;
    const error = oauthReturnError(location.search, location.hash, pending);
    if (error) setNotice({ kind: 'error', text: error });
    const wantsSignOut = new URLSearchParams(location.search).has('signout');
    if (error || wantsSignOut) {
      history.replaceState(
        history.state,
        '',
        withoutOAuthParams(location.pathname, location.search),
      );
    }
    if (wantsSignOut) {
      setSigningOut(true);
      void signOut().then(() => {
        setSigningOut(false);
        setNotice({ kind: 'success', text: AUTH_COPY.signedOut });
      });
    }
  }, []);

  // A sign-in code supabase-js exchanged is gone from the address by now; one still there did
  // not become a session (used, expired, or opened in another browser).
  useEffect(() => {
    if (loading || session) return;
    const outcome = codeReturnNotice(location.search, pendingProvider.current);
    if (!outcome) return;
    setNotice(outcome);
    history.replaceState(history.state, '', withoutOAuthParams(location.pathname, location.search));
  }, [loading, session]);

  const signedIn = !loading && !signingOut && session !== null;
  useEffect(() => {
    if (signedIn) location.replace('/');
  }, [signedIn]);

  if (loading || signingOut || signedIn) {
    const text = signingOut
      ? AUTH_COPY.signingOut
      : signedIn
        ? AUTH_COPY.redirecting
        : AUTH_COPY.checking;
    return (
      <div role="status" className="flex flex-col items-center gap-3 py-10 text-slate-600">
        <span
          className="size-8 animate-spin rounded-full border-4 border-slate-200 border-t-brand-600 motion-reduce:animate-none"
          aria-hidden="true"
        />
        <span className="text-sm">{text}</span>
      </div>
    );
  }

  const redirectTo = authReturnUrl(location.origin);

  async function social(provider: SocialProvider) {
    setBusy(provider);
    setNotice(null);
    try {
      sessionStorage.setItem(PENDING_PROVIDER_KEY, provider);
    } catch {
      // Only the wording of a later error depends on it.
    }
    let error: string | null;
    try {
      ({ error } = await signInWithProvider(provider, redirectTo));
    } catch (err) {
      error = err instanceof Error ? err.message : null;
      error ??= '';
    }
    // Success leaves the page for the provider; only a failure comes back here.
    if (error !== null) {
      setNotice({
        kind: 'error',
        text: failureMessage(error, socialFailed(PROVIDER_LABEL[provider])),
      });
      setBusy(null);
    }
  }

  async function submitSignIn(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy('sign-in');
    setNotice(null);
    let error: string | null;
    try {
      ({ error } = await signInWithPassword(signInForm.email.trim(), signInForm.password));
    } catch (err) {
      error = err instanceof Error ? err.message : '';
    }
    // Success: the session store sees SIGNED_IN and this card redirects home.
    if (error !== null)
      setNotice({ kind: 'error', text: failureMessage(error, AUTH_COPY.signInFailed) });
    setBusy(null);
  }

  async function submitSignUp(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy('sign-up');
    setNotice(null);
    try {
      const result = await signUp(
        {
          email: signUpForm.email.trim(),
          password: signUpForm.password,
          displayName: signUpForm.displayName,
        },
        redirectTo,
      );
      if (result.error !== null) {
        setNotice({ kind: 'error', text: failureMessage(result.error, AUTH_COPY.signUpFailed) });
      } else if (result.confirmationPending) {
        setNotice({ kind: 'success', text: AUTH_COPY.signUpSuccess });
        setSignUpForm({ ...signUpForm, password: '' });
      }
    } catch (err) {
      setNotice({
        kind: 'error',
        text: failureMessage(err instanceof Error ? err.message : '', AUTH_COPY.signUpFailed),
      });
    }
    setBusy(null);
  }

  function chooseTab(next: Tab) {
    setTab(next);
    setNotice(null);
  }

  // Arrow keys move between the two tabs, as in the WAI-ARIA tabs pattern.
  function onTabKey(event: KeyboardEvent<HTMLButtonElement>) {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    const next: Tab =
      event.key === 'Home'
        ? 'sign-in'
        : event.key === 'End'
          ? 'sign-up'
          : tab === 'sign-in'
            ? 'sign-up'
            : 'sign-in';
    chooseTab(next);
    tabs.current[next]?.focus();
  }

  const disabled = busy !== null;
  const tabId = (t: Tab) => `${id}-${t}-tab`;
  const panelId = (t: Tab) => `${id}-${t}-panel`;

  return (
    <div className="grid gap-5">
      {notice && (
        <div
          role={notice.kind === 'error' ? 'alert' : 'status'}
          className={
            notice.kind === 'error'
              ? 'rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800'
              : 'rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm text-emerald-900'
          }
        >
          {notice.text}
        </div>
      )}

      <div className="grid gap-3">
        <button
          type="button"
          className="btn-outline w-full"
          disabled={disabled}
          onClick={() => void social('google')}
        >
          <span aria-hidden="true" className="font-bold text-[#4285f4]">
            G
          </span>
          {AUTH_COPY.google}
        </button>
        <button
          type="button"
          className="btn-outline w-full"
          disabled={disabled}
          onClick={() => void social('linkedin_oidc')}
        >
          <span
            aria-hidden="true"
            className="rounded bg-[#0a66c2] px-1 text-xs font-bold text-white"
          >
            in
          </span>
          {AUTH_COPY.linkedin}
        </button>
      </div>

      <div className="flex items-center gap-3 text-xs font-semibold tracking-wider text-slate-600 uppercase">
        <span className="h-px grow bg-slate-200" aria-hidden="true" />
        {AUTH_COPY.or}
        <span className="h-px grow bg-slate-200" aria-hidden="true" />
      </div>

      <div>
        <div
          role="tablist"
          aria-label="Sign in or create an account"
          className="grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1"
        >
          {(['sign-in', 'sign-up'] as const).map((t) => (
            <button
              key={t}
              ref={(el) => {
                tabs.current[t] = el;
              }}
              type="button"
              role="tab"
              id={tabId(t)}
              aria-selected={tab === t}
              aria-controls={panelId(t)}
              tabIndex={tab === t ? 0 : -1}
              onClick={() => chooseTab(t)}
              onKeyDown={onTabKey}
              className="min-h-10 rounded-md text-sm font-semibold text-slate-600 aria-selected:bg-white aria-selected:text-navy-900 aria-selected:shadow-sm"
            >
              {t === 'sign-in' ? AUTH_COPY.signInTab : AUTH_COPY.signUpTab}
            </button>
          ))}
        </div>

        <TabPanel tab="sign-in" current={tab} tabId={tabId} panelId={panelId}>
          <form className="grid gap-4" onSubmit={(e) => void submitSignIn(e)}>
            <Field
              {...EMAIL_FIELD}
              value={signInForm.email}
              onValue={(email) => setSignInForm({ ...signInForm, email })}
            />
            <Field
              {...PASSWORD_FIELD}
              autoComplete="current-password"
              value={signInForm.password}
              onValue={(password) => setSignInForm({ ...signInForm, password })}
            />
            <button type="submit" className="btn-primary w-full" disabled={disabled}>
              {busy === 'sign-in' ? AUTH_COPY.signingIn : AUTH_COPY.signIn}
            </button>
          </form>
        </TabPanel>

        <TabPanel tab="sign-up" current={tab} tabId={tabId} panelId={panelId}>
          <form className="grid gap-4" onSubmit={(e) => void submitSignUp(e)}>
            <Field
              label="Display Name (optional)"
              type="text"
              name="display_name"
              autoComplete="nickname"
              maxLength={100}
              value={signUpForm.displayName}
              onValue={(displayName) => setSignUpForm({ ...signUpForm, displayName })}
            />
            <Field
              {...EMAIL_FIELD}
              value={signUpForm.email}
              onValue={(email) => setSignUpForm({ ...signUpForm, email })}
            />
            <Field
              {...PASSWORD_FIELD}
              autoComplete="new-password"
              minLength={MIN_PASSWORD_LENGTH}
              aria-describedby={`${id}-password-hint`}
              value={signUpForm.password}
              onValue={(password) => setSignUpForm({ ...signUpForm, password })}
            />
            <p id={`${id}-password-hint`} className="-mt-2 text-xs text-slate-600">
              At least {MIN_PASSWORD_LENGTH} characters.
            </p>
            <button type="submit" className="btn-primary w-full" disabled={disabled}>
              {busy === 'sign-up' ? AUTH_COPY.creatingAccount : AUTH_COPY.signUp}
            </button>
          </form>
        </TabPanel>
      </div>
    </div>
  );
}
