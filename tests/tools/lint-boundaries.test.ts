/**
 * The layers of docs/architecture.md, as `npm run lint` enforces them: ESLint's Node API lints
 * the files of tests/fixtures/lint-boundaries as if they lived where each says, and every import
 * marked `// refused` must be refused, relative or aliased, while every one marked `// allowed`
 * passes; and the console is refused in Worker code, where src/server/log.ts writes the log.
 * Type-aware rules are off here: the fixture paths are not on disk.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './helpers';

const FIXTURES = join(repoRoot, 'tests/fixtures/lint-boundaries');

const eslint = new ESLint({
  cwd: repoRoot,
  overrideConfig: [tseslint.configs.disableTypeChecked],
});

/** Each fixture and the paths it is linted as (a component's frontmatter and its script). */
const CASES: [fixture: string, as: string, wrap?: (code: string) => string][] = [
  ['browser.ts', 'src/pages/breaches.ts'],
  ['browser.ts', 'src/components/Breaches.astro', (code) => `---\n${code}---\n<p>Breaches</p>\n`],
  [
    'browser.ts',
    'src/layouts/Breaches.astro',
    (code) => `<p>Breaches</p>\n<script>\n${code}</script>\n`,
  ],
  ['browser.ts', 'src/browser/breaches.ts'],
  ['feature-ui.ts', 'src/features/leads/ui/breaches.ts'],
  ['feature-ui.ts', 'src/features/leads/ui/Breaches.tsx'],
  ['feature.ts', 'src/features/leads/breaches.ts'],
  ['lower-layer.ts', 'src/lib/breaches.ts'],
  ['lower-layer.ts', 'src/stores/breaches.ts'],
  ['server.ts', 'src/server/breaches.ts'],
];

/** The line numbers of the imports marked `marker`, counted in the linted text. */
function marked(code: string, marker: 'refused' | 'allowed', offset: number): number[] {
  return code
    .split('\n')
    .flatMap((line, i) => (line.trimEnd().endsWith(`// ${marker}`) ? [i + 1 + offset] : []));
}

describe('the layer rules', () => {
  it('has a fixture for each case, and every fixture is used', () => {
    const used = new Set(CASES.map(([fixture]) => fixture));
    expect(readdirSync(FIXTURES).sort()).toEqual([...used].sort());
  });

  it.each(CASES)('%s, linted as %s', async (fixture, as, wrap) => {
    const code = readFileSync(join(FIXTURES, fixture), 'utf8');
    const text = wrap ? wrap(code) : code;
    const offset =
      text.indexOf(code) === 0 ? 0 : text.slice(0, text.indexOf(code)).split('\n').length - 1;
    const [result] = await eslint.lintText(text, { filePath: join(repoRoot, as) });
    const fatal = result.messages.filter((m) => m.fatal);
    expect(fatal).toEqual([]);
    // The fixtures hold nothing but imports, so any finding on a line is a layer rule's.
    const flagged = new Set(result.messages.map((m) => m.line));
    const refused = marked(code, 'refused', offset);
    const allowed = marked(code, 'allowed', offset);
    expect(refused.length).toBeGreaterThan(0);
    expect(allowed.length).toBeGreaterThan(0);
    expect(
      refused.filter((line) => !flagged.has(line)),
      'breaches let through',
    ).toEqual([]);
    expect(
      allowed.filter((line) => flagged.has(line)),
      'allowed imports refused',
    ).toEqual([]);
  });
});

describe("the Worker's log rule", () => {
  const code = "console.error('lead failed');\n";
  const consoleFindings = async (as: string) => {
    const [result] = await eslint.lintText(code, { filePath: join(repoRoot, as) });
    return result.messages.filter((m) => m.ruleId === 'no-console').length;
  };

  it.each([
    'functions/router.ts',
    'src/server/http.ts',
    'src/features/leads/leads.server.ts',
    'src/features/advisor/server/chat.server.ts',
    'src/features/leads/lead.ts',
  ])('refuses the console in Worker code (%s)', async (as) => {
    expect(await consoleFindings(as)).toBe(1);
  });

  // src/server/log.ts, the one Worker file that writes to the console, says so where it does.
  it.each([
    'src/features/leads/ui/QuestionnaireWizard.tsx',
    'src/features/audit/client.ts',
    'src/browser/site-search.ts',
    'scripts/bench.mjs',
  ])('allows it in browser code and Node tools (%s)', async (as) => {
    expect(await consoleFindings(as)).toBe(0);
  });
});
