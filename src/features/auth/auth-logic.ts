/**
 * Plain logic of the auth card, kept out of the component so unit tests can call it.
 */
import type { SocialProvider } from './session';
import { AUTH_COPY, socialFailed, type ProviderLabel } from './messages';

/** Minimum password length for new accounts, from the spec. */
export const MIN_PASSWORD_LENGTH = 6;

/** Remembers which provider a social sign-in left for, to name it if it comes back failed. */
export const PENDING_PROVIDER_KEY = 'auth:pending-provider';

export const PROVIDER_LABEL: Record<SocialProvider, ProviderLabel> = {
  google: 'google',
  linkedin_oidc: 'linkedin',
};

/**
 * The text to show for a failed request: Supabase's own message, else the spec's fallback.
 * supabase-js reports an error answer without a message as its JSON ("{}"), which says nothing.
 */
export function failureMessage(error: string | null | undefined, fallback: string): string {
  const text = error?.trim();
  return text && text !== '{}' ? text : fallback;
}

/**
 * The error a provider (through Supabase) sent back in the address after a social sign-in, if
 * any: `error_description`, else the spec's fallback naming the provider. Supabase puts these
 * parameters in the query or, for the implicit flow, in the fragment.
 */
export function oauthReturnError(
  search: string,
  hash: string,
  pendingProvider: string | null,
): string | null {
  const params = [new URLSearchParams(search), new URLSearchParams(hash.replace(/^#/, ''))];
  const withError = params.find((p) => p.has('error') || p.has('error_description'));
  if (!withError) return null;
  const label =
    pendingProvider && pendingProvider in PROVIDER_LABEL
      ? PROVIDER_LABEL[pendingProvider as SocialProvider]
      : null;
  const fallback = label ? socialFailed(label) : AUTH_COPY.signInFailed;
  return failureMessage(withError.get('error_description'), fallback);
}

/**
 * What to say when /auth was opened with a sign-in code (`?code=`, the PKCE flow) that did not
 * turn into a session: a social sign-in names its provider; otherwise it was a confirmation
 * link, which Supabase honoured before sending the browser here (the address is confirmed),
 * opened in a browser that does not hold the code's verifier. Null without a code.
 */
export function codeReturnNotice(
  search: string,
  pendingProvider: string | null,
): { kind: 'error' | 'success'; text: string } | null {
  if (!new URLSearchParams(search).has('code')) return null;
  if (pendingProvider && pendingProvider in PROVIDER_LABEL) {
    return { kind: 'error', text: socialFailed(PROVIDER_LABEL[pendingProvider as SocialProvider]) };
  }
  return { kind: 'success', text: AUTH_COPY.confirmedElsewhere };
}

/** The address without the sign-in return parameters, for history.replaceState. */
export function withoutOAuthParams(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  for (const name of [
    'error',
    'error_code',
    'error_description',
    'signout',
    'code',
    'sb_flow_id',
  ]) {
    params.delete(name);
  }
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** Where Supabase sends the browser back after a confirmation email or a social sign-in. */
export function authReturnUrl(origin: string): string {
  return `${origin}/auth`;
}
