/**
 * `npm run new:article`: the scaffold writes an article whose frontmatter passes the real
 * articles schema (zod, and Astro's own content sync, which also resolves the author reference),
 * and refuses an existing address and a title without letters or digits.
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'astro/zod';
import { parse } from 'yaml';
import { collections } from '../../src/content.config';
import { slugify } from '../../scripts/lib/article-scaffold.mjs';
import { copySite, runScript, shellEnv } from './helpers';

const newArticle = (root: string, ...args: string[]) =>
  runScript('scripts/new-article.mjs', args, { SITE_ROOT: root });

function frontmatterOf(file: string) {
  const text = readFileSync(file, 'utf8');
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
  if (!match) throw new Error(`no frontmatter in ${file}`);
  return { data: parse(match[1]) as Record<string, unknown>, body: match[2] };
}

/** Astro's own content sync on a site folder: validates every entry against its schema. */
function astroSync(root: string) {
  const result = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'sync'], {
    cwd: root,
    env: shellEnv(),
    encoding: 'utf8',
  });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('slugify', () => {
  it('makes lower-case ASCII words joined by hyphens', () => {
    expect(slugify('How to Get AI Systems to Cite Your Website')).toBe(
      'how-to-get-ai-systems-to-cite-your-website',
    );
    expect(slugify("  Café Owners' Guide: SEO & Ads (2026)  ")).toBe(
      'cafe-owners-guide-seo-and-ads-2026',
    );
    expect(slugify('!!! ???')).toBe('');
    expect(slugify('word '.repeat(40)).length).toBeLessThanOrEqual(80);
  });
});

describe('new:article', () => {
  let site: ReturnType<typeof copySite>;
  const articles = () => join(site.root, 'src/content/articles');

  beforeAll(() => {
    site = copySite();
  });
  afterAll(() => site.remove());

  it('writes an article that passes the articles schema and prints its preview address', () => {
    const run = newArticle(
      site.root,
      'Test Title for Checking the Scaffold',
      '--category',
      'technical seo',
      '--date',
      '2026-03-04',
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('src/content/articles/test-title-for-checking-the-scaffold.mdx');
    expect(run.stdout).toContain(
      'http://localhost:4321/articles/test-title-for-checking-the-scaffold',
    );

    const file = join(articles(), 'test-title-for-checking-the-scaffold.mdx');
    const { data, body } = frontmatterOf(file);
    expect(data).toMatchObject({
      title: 'Test Title for Checking the Scaffold',
      category: 'Technical SEO',
      publishDate: '2026-03-04',
      hero: { image: './images/test-title-for-checking-the-scaffold.svg' },
    });
    expect(existsSync(join(articles(), 'images/test-title-for-checking-the-scaffold.svg'))).toBe(
      true,
    );
    // The body is a skeleton of sections, enough for a table of contents.
    expect(body.match(/^## /gm)?.length).toBeGreaterThanOrEqual(4);

    // The real schema, with Astro's image() standing in as a string.
    const schema = (collections.articles as any).schema({ image: () => z.string() });
    const parsed = schema.safeParse(data);
    expect(parsed.error?.issues ?? []).toEqual([]);
  });

  it('names the first consultant as the author the schema requires', () => {
    const run = newArticle(site.root, 'An Article With an Author', '--date', '2026-03-04');
    expect(run.code).toBe(0);
    const { data } = frontmatterOf(join(articles(), 'an-article-with-an-author.mdx'));
    const consultants = parse(
      readFileSync(join(site.root, 'src/content/consultants.yaml'), 'utf8'),
    ) as { id: string }[];
    expect(data.author).toBe(consultants[0].id);
  });

  it('defaults to the first category when not asked', () => {
    const run = newArticle(site.root, 'Another Title That Takes the Default');
    expect(run.code).toBe(0);
    const { data } = frontmatterOf(join(articles(), 'another-title-that-takes-the-default.mdx'));
    const categories = (collections.articles as any).schema({ image: () => z.string() }).shape
      .category.options;
    expect(data.category).toBe(categories[0]);
  });

  it('passes Astro content sync, which fails on a broken field', () => {
    expect(astroSync(site.root)).toMatchObject({ code: 0 });
    const file = join(articles(), 'another-title-that-takes-the-default.mdx');
    const good = readFileSync(file, 'utf8');
    writeFileSync(file, good.replace(/^readTime: .*$/m, "readTime: 'soon'"));
    const broken = astroSync(site.root);
    expect(broken.code).not.toBe(0);
    expect(broken.output).toContain('readTime');
    writeFileSync(file, good);
  }, 60_000);

  it('refuses an address that exists, and writes nothing', () => {
    const before = readFileSync(join(articles(), 'ai-citation-guide.mdx'), 'utf8');
    const run = newArticle(site.root, 'AI Citation Guide');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('/articles/ai-citation-guide already exists');
    expect(readFileSync(join(articles(), 'ai-citation-guide.mdx'), 'utf8')).toBe(before);
  });

  it('refuses a title that gives an empty address, a missing title and an unknown category', () => {
    const count = readdirSync(articles()).length;
    const empty = newArticle(site.root, '¿¡ !!! ?');
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain('gives an empty address');
    const none = newArticle(site.root);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('Give the article a title');
    const category = newArticle(site.root, 'A Title Long Enough', '--category', 'Cooking');
    expect(category.code).toBe(1);
    expect(category.stderr).toContain('"Cooking" is not a category');
    const short = newArticle(site.root, 'Too short');
    expect(short.code).toBe(1);
    expect(short.stderr).toMatch(/title: .*10/);
    expect(readdirSync(articles()).length).toBe(count);
  });
});
