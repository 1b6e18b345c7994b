/**
 * The pull-request check's job summary, from real outputs of deliberately broken runs
 * (tests/fixtures/ci: an article with a wrong category, a string read time, a misspelled key and
 * no alt text; a type error; unformatted code; British and unknown words; a failing and an
 * unloadable Vitest file; a failing Playwright test).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  contentErrors,
  playwrightFailures,
  spellingIssues,
  summarize,
  typeErrors,
  unformattedFiles,
  vitestFailures,
} from '../../scripts/lib/ci-summary.mjs';
import { repoRoot, runScriptAsync } from './helpers';

const dir = join(repoRoot, 'tests/fixtures/ci');
const fixture = (name: string) => readFileSync(join(dir, name), 'utf8');
const json = (name: string) => JSON.parse(fixture(name));
/** Where GitHub's runner checks the repository out; the fixtures' paths start there. */
const root = '/home/runner/work/consulting-site/consulting-site';

describe('job summary', () => {
  it('names the article and each rejected field from the build output', () => {
    expect(contentErrors(fixture('astro-build-content.log'), root)).toEqual([
      {
        error: 'InvalidContentEntryDataError',
        summary: 'articles → server-errors-guide data does not match collection schema.',
        file: 'src/content/articles/server-errors-guide.mdx',
        fields: [
          {
            field: 'category',
            message:
              'Invalid option: expected one of "AI Optimization"|"SEO Strategy"|"Technical SEO"',
          },
          { field: 'readTime', message: 'Expected type `"number"`, received `"string"`' },
        ],
      },
    ]);
    const fields = contentErrors(fixture('astro-build-content2.log'), root)[0].fields;
    expect(fields.map((f) => f.field)).toEqual(['category', 'hero.alt', '(frontmatter)']);
    expect(fields[2].message).toBe('Unrecognized key: "catgory"');
  });

  it('lists type errors from astro check, not its warnings', () => {
    expect(typeErrors(fixture('astro-check.log'), root)).toEqual([
      {
        file: 'src/lib/format.ts',
        line: 19,
        column: 14,
        code: 'ts(2322)',
        message: "Type 'string' is not assignable to type 'number'.",
      },
    ]);
  });

  it('lists the files prettier --check found unformatted', () => {
    expect(unformattedFiles(fixture('prettier.log'))).toEqual(['src/lib/zz-fmt.ts']);
  });

  it('lists the words the spelling check does not know, with its suggestions', () => {
    const issues = spellingIssues(fixture('cspell.log'), root);
    expect(issues.slice(0, 2)).toEqual([
      {
        file: 'src/content/articles/zz-spell.mdx',
        line: 5,
        column: 4,
        word: 'optimise',
        suggestions: ['optimism', 'optimist', 'optimize'],
      },
      {
        file: 'src/content/articles/zz-spell.mdx',
        line: 5,
        column: 17,
        word: 'colour',
        suggestions: ['color'],
      },
    ]);
    expect(issues.map((i) => i.word)).toContain('qwzxly');
    expect(summarize({ log: fixture('cspell.log') })).toContain(
      '- `src/content/articles/zz-spell.mdx:5:17`: `colour` (perhaps `color`)',
    );
  });

  it('lists failed Vitest tests with file and line, and files that did not load', () => {
    expect(vitestFailures(json('vitest.json'), root)).toEqual([
      {
        file: 'tests/unit/zz-broken.test.ts',
        line: 5,
        test: 'formatUsd formats thousands with a comma',
        message: "AssertionError: expected '$2,500' to be '$2.500' // Object.is equality",
      },
      {
        file: 'tests/unit/zz-broken2.test.ts',
        line: null,
        test: null,
        message: expect.stringContaining("Cannot find module '../../src/lib/does-not-exist'"),
      },
    ]);
  });

  it('lists failed Playwright tests with file, line and the expectation', () => {
    const [failure, ...rest] = playwrightFailures(json('playwright.json'), root);
    expect(rest).toEqual([]);
    expect(failure).toMatchObject({
      file: 'tests/e2e/zz-broken.spec.ts',
      line: 4,
      test: 'home › shows the hero heading',
    });
    expect(failure.message).toContain('toHaveText');
    expect(failure.message).toContain('A heading the page does not have');
    expect(failure.message).not.toMatch(/\u001b/);
  });

  it('writes one markdown section per kind of failure', () => {
    const markdown = summarize({
      log: fixture('astro-build-content.log') + fixture('astro-check.log'),
      vitest: json('vitest.json'),
      playwright: json('playwright.json'),
      root,
    });
    expect(markdown).toContain('### Content the build rejected');
    expect(markdown).toContain(
      '- `src/content/articles/server-errors-guide.mdx`: `readTime`: Expected type',
    );
    expect(markdown).toContain('- `src/lib/format.ts:19:14`: Type');
    expect(markdown).toContain('- `tests/unit/zz-broken.test.ts:5` › formatUsd formats');
    expect(markdown).toContain('- `tests/e2e/zz-broken.spec.ts:4` › home › shows the hero heading');
    expect(summarize({ log: 'all fine' })).toContain('No failing file was found');
  });

  it('runs as a script on report files, skipping missing ones', async () => {
    const run = await runScriptAsync('scripts/ci-summary.mjs', [
      '--log',
      join(dir, 'prettier.log'),
      '--log',
      join(dir, 'astro-build-content2.log'),
      '--vitest',
      join(dir, 'missing.json'),
      '--playwright',
      join(dir, 'playwright.json'),
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('`hero.alt`: Required');
    expect(run.stdout).toContain('`src/lib/zz-fmt.ts`: not formatted');
    expect(run.stdout).toContain('zz-broken.spec.ts');
  });
});
