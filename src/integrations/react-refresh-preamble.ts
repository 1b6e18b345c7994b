/**
 * In `astro dev`, puts React Fast Refresh's preamble on every page. @astrojs/react adds it only
 * before Astro's own hydration (`client:*` directives), but this site loads its islands itself
 * (src/scripts/lazy-island.ts), so without it every island fails to load in development with
 * "@vitejs/plugin-react can't detect preamble". Builds are unaffected.
 */
import type { AstroIntegration } from 'astro';
import react from '@vitejs/plugin-react';

export default function reactRefreshPreamble(): AstroIntegration {
  return {
    name: 'react-refresh-preamble',
    hooks: {
      'astro:config:setup': ({ command, injectScript }) => {
        if (command === 'dev') injectScript('page', react.preambleCode.replace('__BASE__', '/'));
      },
    },
  };
}
