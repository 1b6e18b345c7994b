/**
 * docs/editing.md: its field tables are generated from the content schemas, and this test fails
 * while the committed guide and src/content.config.ts disagree (`npm run docs` fixes it).
 */
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fieldRows,
  fieldsTable,
  replaceGenerated,
  valueKind,
} from '../../scripts/lib/field-docs.mjs';
import { copySite, repoRoot, runScriptAsync } from './helpers';

describe('docs/editing.md', () => {
  it('matches the content schemas (run `npm run docs` after changing them)', async () => {
    const run = await runScriptAsync('scripts/docs.mjs', ['--check']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
  });

  it('documents every article field with its description', () => {
    const guide = readFileSync(join(repoRoot, 'docs/editing.md'), 'utf8');
    expect(guide).toMatch(
      /\| `description` +\| yes +\| text, 50-170 characters +\| Meta description/,
    );
    expect(guide).toMatch(/\| `hero.alt` +\| yes +\|/);
    expect(guide).toMatch(/\| `faq\[\]\.question` +\| yes +\|/);
  });

  it('is linked from the README', () => {
    expect(readFileSync(join(repoRoot, 'README.md'), 'utf8')).toContain('(docs/editing.md)');
  });
});

describe('the guide drifting from the schema', () => {
  let site: ReturnType<typeof copySite>;
  beforeAll(() => {
    site = copySite();
    const docs = join(site.root, 'docs');
    mkdirSync(docs);
    cpSync(join(repoRoot, 'docs/editing.md'), join(docs, 'editing.md'));
    cpSync(join(repoRoot, '.prettierrc.json'), join(site.root, '.prettierrc.json'));
  });
  afterAll(() => site.remove());

  it('is caught by --check and fixed by npm run docs', async () => {
    const config = join(site.root, 'src/content.config.ts');
    writeFileSync(
      config,
      readFileSync(config, 'utf8').replace(
        "describe('Reading time in minutes.')",
        "describe('Minutes a reader needs, rounded up.')",
      ),
    );
    const env = { SITE_ROOT: site.root };
    const stale = await runScriptAsync('scripts/docs.mjs', ['--check'], env);
    expect(stale.code).toBe(1);
    expect(stale.stderr).toContain('npm run docs');

    expect((await runScriptAsync('scripts/docs.mjs', [], env)).code).toBe(0);
    const guide = readFileSync(join(site.root, 'docs/editing.md'), 'utf8');
    expect(guide).toContain('Minutes a reader needs, rounded up.');
    expect(guide).not.toContain('Reading time in minutes.');
    expect((await runScriptAsync('scripts/docs.mjs', ['--check'], env)).code).toBe(0);
  }, 30_000);
});

describe('field tables', () => {
  const schema = {
    type: 'object',
    required: ['title', 'hero', 'author'],
    properties: {
      title: { type: 'string', minLength: 10, description: 'Headline with a | pipe and <title>.' },
      author: { type: 'string', reference: 'consultants', description: 'Who wrote it.' },
      tag: { type: 'string', enum: ['New', 'Popular'] },
      hero: {
        type: 'object',
        required: ['image'],
        properties: { image: { type: 'string', image: true }, alt: { type: 'string' } },
      },
      faq: {
        type: 'array',
        items: {
          type: 'object',
          required: ['q'],
          properties: { q: { type: 'string', description: 'Question.' } },
        },
      },
      range: { type: 'array', prefixItems: [{ type: 'integer' }, { type: 'integer' }] },
      backLink: { type: 'string', enum: ['articles', 'home'], default: 'articles' },
    },
  };

  it('lists nested fields after their parent, with required relative to it', () => {
    expect(fieldRows(schema).map((r: any) => [r.path, r.required])).toEqual([
      ['title', true],
      ['author', true],
      ['tag', false],
      ['hero', true],
      ['hero.image', true],
      ['hero.alt', false],
      ['faq', false],
      ['faq[].q', true],
      ['range', false],
      ['backLink', false],
    ]);
  });

  it('says what to write for each kind of field', () => {
    expect(valueKind({ type: 'string', minLength: 50, maxLength: 170 })).toBe(
      'text, 50-170 characters',
    );
    expect(valueKind({ type: 'string', format: 'date' })).toBe('date, `YYYY-MM-DD`');
    expect(
      valueKind({ type: 'integer', exclusiveMinimum: 0, maximum: Number.MAX_SAFE_INTEGER }),
    ).toBe('whole number, above 0');
    expect(valueKind({ type: 'string', enum: ['a', 'b', 'c'] })).toBe('`a`, `b` or `c`');
    expect(valueKind({ type: 'array', items: { type: 'string' }, minItems: 1 })).toBe(
      'list of text, at least 1',
    );
    expect(valueKind(schema.properties.author)).toBe('id of a `consultants` entry');
  });

  it('escapes table cells and notes defaults', () => {
    const table = fieldsTable(schema);
    expect(table).toContain('Headline with a \\| pipe and &lt;title&gt;.');
    expect(table).toContain('Default: `"articles"`.');
  });

  it('replaces only the text between a section’s markers, and wants the markers', () => {
    const guide = 'a\n<!-- generated:x (npm run docs) -->\nold\n<!-- end generated:x -->\nb';
    expect(replaceGenerated(guide, { x: 'new' })).toBe(
      'a\n<!-- generated:x (npm run docs) -->\n\nnew\n\n<!-- end generated:x -->\nb',
    );
    expect(() => replaceGenerated('no markers', { x: 'new' })).toThrow(/generated:x/);
  });
});
