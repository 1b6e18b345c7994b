// @ts-check
import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { loadEnv } from 'vite';
import pagefind from './src/integrations/pagefind.ts';
import islands from './src/integrations/islands.ts';
import placeholderGuard from './src/integrations/placeholder-guard.ts';
import buildTimings from './src/integrations/build-timings.ts';
import shareImages from './src/integrations/share-images.ts';
import advisorStems from './src/integrations/advisor-stems.ts';
import buildFiles from './src/integrations/build-files.ts';
import { pageCspDirectives } from './src/lib/csp.ts';

/** Canonical origin. Set SITE_URL at build time; the default is the example domain a firm replaces. */
const site = process.env.SITE_URL || 'https://www.example.com';

export default defineConfig({
  site,
  // Pages are built as /articles.html and served by Cloudflare Pages at /articles with no redirect,
  // four at a time, so a page renders while others wait on their file writes. Each page carries
  // its kind's stylesheet in a <style> (its hash is in the CSP), so no stylesheet request holds up
  // the first render.
  build: { format: 'file', concurrency: 4, inlineStylesheets: 'always' },
  trailingSlash: 'never',
  // A per-page CSP meta tag: hashes of every inline and island script and style, and the
  // directives of src/lib/csp.ts.
  security: {
    csp: {
      directives: pageCspDirectives(loadEnv('', process.cwd(), 'PUBLIC_').PUBLIC_SUPABASE_URL),
    },
  },
  // Code samples in articles are plain text; highlighting would add inline styles the CSP blocks.
  markdown: { syntaxHighlight: false },
  integrations: [
    // Refuses the production build while example facts remain; other builds only warn.
    placeholderGuard(),
    mdx(),
    react(),
    // `client:when`: islands that load on first open or for a stored session.
    islands(),
    sitemap({ filter: (page) => !/\/(404|offline|auth)$/.test(new URL(page).pathname) }),
    // Draws the share images the cache lacks in a worker thread while the build bundles.
    shareImages(),
    // Stems the English word list for the advisor index in a worker thread while the build bundles.
    advisorStems(),
    // Files routes hand over, written while the pages render: the articles' Markdown versions.
    buildFiles(),
    // Search index for /search: each page goes to Pagefind as it renders; written after the pages.
    pagefind(),
    // The build's phases and steps in one log line (and a file for the benchmark); last, so it
    // times the others' work after the pages.
    buildTimings(),
  ],
  // Prefetching is done with speculation rules in BaseLayout (no script); Astro's prefetch is off.
  vite: {
    plugins: [tailwindcss()],
    server: {
      // `npm run dev` (scripts/dev.mjs) runs the functions in wrangler and names them here, so
      // /api requests reach them on the dev server's own origin.
      proxy: process.env.DEV_FUNCTIONS_URL ? { '/api': process.env.DEV_FUNCTIONS_URL } : {},
    },
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                // The state page scripts share with the islands (nanostores, the ui and toast
                // stores, the chat's conversation, the island-open event) and Vite's preload
                // helper travel as one file, so home fetches its script, this and web-vitals
                // before a visitor acts.
                groups: [
                  {
                    name: 'state',
                    test: /\/src\/stores\/(ui|toast)\.ts|\/src\/features\/advisor\/(index|ui\/chat-store)\.ts|\/src\/lib\/islands\.ts|\/node_modules\/nanostores\/|vite\/preload-helper/,
                  },
                ],
              },
            },
          },
        },
      },
    },
  },
});
