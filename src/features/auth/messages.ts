/** Texts of the sign-in and sign-up card, as the spec gives them. */
export const AUTH_COPY = {
  title: 'Welcome',
  subtitle: 'Sign in to your account or create a new one',
  disabled:
    'Accounts are not enabled on this site, so there is nothing to sign in to. Everything else on the site works without an account.',
  checking: 'Checking your session…',
  redirecting: 'You are signed in. Taking you to the home page…',
  signingOut: 'Signing you out…',
  signedOut: 'You have been signed out.',
  google: 'Continue with Google',
  linkedin: 'Continue with LinkedIn',
  or: 'Or',
  signInTab: 'Sign In',
  signUpTab: 'Sign Up',
  signIn: 'Sign In',
  signingIn: 'Signing In...',
  signUp: 'Create Account',
  creatingAccount: 'Creating Account...',
  signInFailed: 'Failed to sign in',
  signUpFailed: 'Failed to sign up',
  signUpSuccess: 'Account created successfully! Please check your email to confirm your account.',
  confirmedElsewhere:
    'Your email address is confirmed. Sign in with your email and password to continue.',
} as const;

/** The spec's fallback for a social sign-in error, with the provider in lower case. */
export function socialFailed(provider: ProviderLabel): string {
  return `Failed to sign in with ${provider}`;
}

/** How the messages name each provider. */
export type ProviderLabel = 'google' | 'linkedin';
