/**
 * docs/decisions: every record has a date and a status, docs/architecture.md lists each one, and
 * no source file points the reader to a document outside the repository.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './helpers';

const DECISIONS = join(repoRoot, 'docs/decisions');
const records = readdirSync(DECISIONS).filter((name) => name.endsWith('.md'));

/** Every file under `dir` (relative to the repository) with one of `extensions`. */
function filesUnder(dir: string, extensions: RegExp): string[] {
  return readdirSync(join(repoRoot, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => extensions.test(name))
    .map((name) => relative(repoRoot, join(repoRoot, dir, name)));
}

describe('decision records', () => {
  it.each(records)('%s has a date and a status', (name) => {
    const text = readFileSync(join(DECISIONS, name), 'utf8');
    expect(text).toMatch(/^# \d{3}: .+\n\n- Date: \d{4}-\d{2}-\d{2}\n- Status: /);
    const status = /^- Status: (.+)$/m.exec(text)?.[1];
    expect(status).toMatch(
      /^(Proposed|Accepted|Superseded by \[\d{3}: [^\]]+\]\(\d{3}-[\w-]+\.md\))$/,
    );
  });

  it('are each listed in docs/architecture.md', () => {
    const architecture = readFileSync(join(repoRoot, 'docs/architecture.md'), 'utf8');
    for (const name of records) expect(architecture).toContain(`(decisions/${name})`);
  });
});

describe('source comments', () => {
  it('point to no document outside the repository', () => {
    const sources = ['src', 'functions', 'scripts', 'tests'].flatMap((dir) =>
      filesUnder(dir, /\.(ts|tsx|astro|js|mjs|cjs)$/),
    );
    const outside = /\b(SPEC(\.md)?|ARCHITECTURE\.md|STYLE\.md)\b|\.\.\/shared\//;
    const pointing = sources.filter(
      (file) =>
        file !== 'tests/tools/decisions.test.ts' &&
        outside.test(readFileSync(join(repoRoot, file), 'utf8')),
    );
    expect(pointing).toEqual([]);
  });
});
