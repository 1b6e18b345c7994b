/// <reference types="astro/client" />

import type { WhenOptions } from './lib/islands';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrates the island on the first open of its name, or once a session is stored. */
    'client:when'?: WhenOptions;
  }
}
