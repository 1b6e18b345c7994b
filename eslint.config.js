// ESLint over every file kind the repo ships: TypeScript with typescript-eslint's type-aware
// rules; Astro components (eslint-plugin-astro) and plain JavaScript (.js, .mjs, .cjs) with the
// rules that need no types; and the layers of docs/architecture.md as one import rule
// (scripts/eslint-layers.mjs), so the map of what may import what stays true. `npm run lint`
// runs it (part of `npm run check` and the pull-request workflow).
import { defineConfig } from 'eslint/config';
import astro from 'eslint-plugin-astro';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import layers from './scripts/eslint-layers.mjs';

/** Code that runs in the Worker: it logs only through src/server/log.ts. */
const WORKER = ['functions/**', 'src/server/**', 'src/features/**'];
/** Browser code inside features, which may use the console. */
const FEATURE_BROWSER = ['src/features/*/ui/**', 'src/features/**/client.ts'];

export default defineConfig(
  {
    ignores: [
      'dist/',
      'node_modules/',
      '.wrangler/',
      '.astro/',
      'bench-results/',
      'test-results/',
      'playwright-report/',
      'tests/fixtures/lint-boundaries/',
    ],
  },
  ...tseslint.configs.recommendedTypeChecked,
  ...astro.configs['flat/recommended'],
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { layers },
    rules: {
      'layers/imports': ['error', { root: import.meta.dirname }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // No types here (plain JavaScript; Astro components, which the type service cannot open):
    // the rules that need none still apply.
    files: ['**/*.{js,mjs,cjs,astro}', '**/*.astro/*.{js,ts}'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ignores: ['src/browser/**'],
    languageOptions: { globals: globals.node },
    rules: { 'no-undef': 'error' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Scripts inlined into pages run in the browser.
    files: ['src/browser/**/*.js'],
    languageOptions: { globals: globals.browser },
    rules: { 'no-undef': 'error' },
  },
  {
    // The Worker logs only through src/server/log.ts: one JSON line with a level, an event and
    // the request's id, never personal data.
    files: WORKER,
    ignores: FEATURE_BROWSER,
    rules: { 'no-console': 'error' },
  },
  {
    // Tests read JSON answers and drive fakes, so values typed `any` are part of their job;
    // the promise and exhaustiveness rules still hold there.
    files: ['tests/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // Fakes implement async interfaces without awaiting; messages print what they got.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
    },
  },
);
