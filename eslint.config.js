// ESLint: typescript-eslint's type-aware rules, and the layers of docs/architecture.md as import
// rules, so the map of what may import what stays true. `npm run lint` runs it (part of
// `npm run check` and the pull-request workflow).
import { readdirSync } from 'node:fs';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

const features = readdirSync('src/features', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** An import of the Worker's own folder, which nothing in src/ may use. */
const functionsImport = { regex: '(^|/)functions/', message: 'src/ never imports functions/.' };
/** An import of any feature. */
const featureImport = {
  regex: '(^#features/|(^|/)features/)',
  message: 'Lower layers (lib, server, stores, schemas) never import features.',
};
/** An import of code that runs only in the Worker. */
const serverImport = {
  regex: '(\\.server$|^#server/)',
  message: 'Browser code never imports server code (*.server.ts, src/server).',
};

/** A feature's public files: its contracts and its index files. */
const PUBLIC = '(contract|[\\w-]+-contract|index|index\\.server)$';

/** Imports of another feature's private files, from inside feature `name`. */
function otherFeaturePrivate(name) {
  const others = features.filter((f) => f !== name).join('|');
  return {
    regex: `^((\\.\\./)+|#features/|.*/features/)(${others})/(?!${PUBLIC})`,
    message: `Use another feature only through its public files (contract, index, index.server).`,
  };
}

const restrict = (...patterns) => ['error', { patterns }];

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
      '**/*.cjs',
      '**/*.mjs',
      '**/*.js',
    ],
  },
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
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
  { files: ['src/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': restrict(functionsImport) } },
  {
    files: ['src/{lib,server,stores,schemas}/**/*.ts'],
    rules: { 'no-restricted-imports': restrict(functionsImport, featureImport) },
  },
  ...features.map((name) => ({
    files: [`src/features/${name}/**/*.{ts,tsx}`],
    ignores: [`src/features/${name}/ui/**`],
    rules: { 'no-restricted-imports': restrict(functionsImport, otherFeaturePrivate(name)) },
  })),
  ...features.map((name) => ({
    files: [`src/features/${name}/ui/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': restrict(functionsImport, serverImport, otherFeaturePrivate(name)),
    },
  })),
);
