/// <reference types="astro/client" />

import type { WhenOptions } from './lib/islands';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrates the island on the first open of its name, or once a session is stored. */
    'client:when'?: WhenOptions;
  }
}

declare global {
  /** The build variables pages and islands read (README, "Configuration"). */
  interface ImportMetaEnv {
    readonly PUBLIC_SUPABASE_URL?: string;
    readonly PUBLIC_SUPABASE_ANON_KEY?: string;
    readonly PUBLIC_TURNSTILE_SITE_KEY?: string;
    readonly PUBLIC_ANALYTICS?: string;
  }
}
