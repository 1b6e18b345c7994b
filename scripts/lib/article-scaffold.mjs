// Writes a new article (src/content/articles/<slug>.mdx) whose frontmatter is derived from the
// articles schema in src/content.config.ts: every required field gets a value that passes the
// schema, optional fields are listed in a comment, and the body is a skeleton of sections with
// guidance for the writer. Used by scripts/new-article.mjs (`npm run new:article`).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { z } from 'astro/zod';
import {
  collectionIds,
  collectionSchema,
  loadCollections,
  toJsonSchema,
} from './content-schema.mjs';
import { previewUrl } from './dev-defaults.mjs';

/** A refusal the command reports as a plain message with exit code 1. */
export class ScaffoldError extends Error {}

const ARTICLES_DIR = join('src', 'content', 'articles');
/** Longest slug; longer titles are cut at a word boundary. */
const MAX_SLUG = 80;

/** The address part for a title: lower-case ASCII words joined by hyphens. */
export function slugify(title) {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > MAX_SLUG) break;
    slug = next;
  }
  return slug || words[0]?.slice(0, MAX_SLUG) || '';
}

/** YYYY-MM-DD of a date in local time. */
export function isoDate(date) {
  const pad = (n) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The category options of the articles schema, in order. */
export async function articleCategories(root) {
  const json = toJsonSchema(collectionSchema((await loadCollections(root)).articles));
  return json.properties.category?.enum ?? [];
}

/** Text shown to the writer in place of content still to be written. */
const GUIDANCE = {
  description:
    'Say in one or two sentences what the reader will learn; this shows in search results and the feed.',
  excerpt:
    'Two or three sentences for the article cards: the problem the reader has and what this article gives them.',
};

const BODY = `Open with two or three sentences that answer the question in the title directly. Readers
skim, and search engines and AI assistants quote the opening, so put the answer first.

## Why it matters

Describe the problem in the reader's terms: what it costs them, who it affects and how they
notice it. Use your own figures; when you use anyone else's, add the page to \`sources\`.

## What to do

Give the steps in the order the reader takes them. Use a numbered list when order matters and
short paragraphs with one idea each.

## How to check it worked

Say what the reader can measure, where to find it and how long a change takes to show.

## The bottom line

Sum up in a few sentences and say what to do first.
`;

/** A deterministic abstract hero (gradient, circles and curves) in the site's palette. */
export function placeholderHero(seed) {
  let state = [...seed].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 2166136261);
  const rand = (max) => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state % max;
  };
  const circles = Array.from({ length: 12 }, (_, i) => {
    const fill = i % 3 === 0 ? '#f0c14b' : '#1d5fd1';
    const opacity = (15 + rand(30)) / 100;
    return `<circle cx="${rand(1200)}" cy="${rand(630)}" r="${20 + rand(70)}" fill="${fill}" opacity="${opacity}"/>`;
  }).join('');
  const curves = Array.from({ length: 5 }, (_, i) => {
    const y = 110 + i * 80;
    return `<path d="M0 ${y} C 300 ${rand(630)}, 900 ${rand(630)}, 1200 ${y + 20}" stroke="#f0c14b" stroke-opacity="0.35" stroke-width="2" fill="none"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0b2240"/><stop offset="1" stop-color="#1d5fd1"/></linearGradient></defs>
  <rect width="1200" height="630" fill="url(#g)"/>
  ${circles}
  ${curves}
</svg>
`;
}
const PLACEHOLDER_ALT = 'An abstract pattern of circles and curves on a dark blue gradient';

/** Stretches or trims guidance text to a string field's length bounds. */
function fitLength(text, { minLength = 0, maxLength = Infinity }) {
  let fitted = text;
  while (fitted.length < minLength) fitted += ' Replace this text.';
  if (fitted.length > maxLength) fitted = `${fitted.slice(0, maxLength - 1).trimEnd()}…`;
  return fitted;
}

function humanName(path) {
  return path.replace(/[[\].]+/g, ' ').trim();
}

/**
 * A value for a required field from its JSON Schema: purpose-made for the article fields the
 * scaffold knows, and from the type and bounds for any other, so a new required field in the
 * schema still scaffolds (the result is checked against the real schema before it is written).
 */
function valueFor(path, schema, ctx) {
  const name = path.split('.').at(-1);
  if (schema.reference) {
    const id = ctx.references[schema.reference]?.[0];
    if (!id) throw new ScaffoldError(`${path}: the ${schema.reference} collection has no entries.`);
    return id;
  }
  if (schema.image) {
    ctx.heroImage = true;
    return `./images/${ctx.slug}.svg`;
  }
  if (schema.enum) return path === 'category' ? ctx.category : schema.enum[0];
  if (schema.format === 'date') return ctx.date;
  switch (schema.type) {
    case 'object': {
      const required = new Set(schema.required ?? []);
      return Object.fromEntries(
        Object.entries(schema.properties ?? {})
          .filter(([key]) => required.has(key))
          .map(([key, sub]) => [key, valueFor(path ? `${path}.${key}` : key, sub, ctx)]),
      );
    }
    case 'array': {
      if (name === 'keywords') return [ctx.title.toLowerCase()];
      const count = Math.max(1, schema.minItems ?? 1);
      return Array.from({ length: count }, () => valueFor(`${path}[]`, schema.items ?? {}, ctx));
    }
    case 'integer':
    case 'number':
      if (name === 'readTime') return Math.max(1, Math.round(ctx.words / 230));
      return Math.max(schema.minimum ?? 1, (schema.exclusiveMinimum ?? 0) + 1);
    case 'boolean':
      return false;
    case 'string': {
      if (path === 'title') return ctx.title;
      if (path === 'hero.alt' || (name === 'alt' && path.startsWith('hero'))) {
        return PLACEHOLDER_ALT;
      }
      const guidance =
        GUIDANCE[path] ??
        `Write the ${humanName(path)}.${schema.description ? ` ${schema.description}` : ''}`;
      return fitLength(guidance, schema);
    }
    default:
      throw new ScaffoldError(`${path}: the scaffold cannot fill a field of this kind.`);
  }
}

/** Collections referenced by `reference()` fields anywhere in the schema. */
function referencedCollections(schema, found = new Set()) {
  if (schema && typeof schema === 'object') {
    if (typeof schema.reference === 'string') found.add(schema.reference);
    for (const value of Object.values(schema)) referencedCollections(value, found);
  }
  return found;
}

/** YAML for the frontmatter, in the style of the existing articles (single-quoted strings). */
export function toYaml(data, indent = '') {
  const scalar = (value) => {
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
    return `'${String(value).replace(/'/g, "''")}'`;
  };
  return Object.entries(data)
    .map(([key, value]) => {
      if (Array.isArray(value)) {
        if (value.length === 0) return `${indent}${key}: []`;
        const items = value.map((item) =>
          item && typeof item === 'object'
            ? `${indent}  - ${toYaml(item, `${indent}    `).trimStart()}`
            : `${indent}  - ${scalar(item)}`,
        );
        return `${indent}${key}:\n${items.join('\n')}`;
      }
      if (value && typeof value === 'object') {
        return `${indent}${key}:\n${toYaml(value, `${indent}  `)}`;
      }
      return `${indent}${key}: ${scalar(value)}`;
    })
    .join('\n');
}

/** The optional fields, listed for the writer in a YAML comment. */
function optionalFieldsComment(json) {
  const required = new Set(json.required ?? []);
  const optional = Object.entries(json.properties).filter(([key]) => !required.has(key));
  if (optional.length === 0) return '';
  const width = Math.max(...optional.map(([key]) => key.length));
  const lines = optional.map(([key, schema]) =>
    `#   ${key.padEnd(width)}  ${schema.description ?? ''}`.trimEnd(),
  );
  return `# Optional fields (docs/editing.md explains each):\n${lines.join('\n')}\n`;
}

function zodIssues(error) {
  return error.issues.map(
    (issue) => `${issue.path.join('.') || '(frontmatter)'}: ${issue.message}`,
  );
}

/**
 * Writes `src/content/articles/<slug>.mdx` (and a placeholder hero image) under `root`.
 * Refuses an empty slug, an existing article and frontmatter the schema would reject.
 *
 * @param {object} options
 * @param {string} options.root the site's folder (the one holding src/content.config.ts)
 * @param {string} options.title the headline
 * @param {string} [options.category] one of the schema's categories; the first by default
 * @param {string} [options.slug] the address part; derived from the title by default
 * @param {Date} [options.today] the publish date; today by default
 * @returns {Promise<{file: string, image: string | null, slug: string, url: string, data: object}>}
 */
export async function scaffoldArticle({ root, title, category, slug, today = new Date() }) {
  const cleanTitle = String(title ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!cleanTitle)
    throw new ScaffoldError('Give the article a title: npm run new:article -- "Title"');
  const articleSlug = slug ? slugify(slug) : slugify(cleanTitle);
  if (!articleSlug) {
    throw new ScaffoldError(
      `"${cleanTitle}" gives an empty address: use letters or digits in the title, or pass --slug.`,
    );
  }
  const file = join(root, ARTICLES_DIR, `${articleSlug}.mdx`);
  const rel = relative(root, file);
  if (existsSync(file) || existsSync(file.replace(/\.mdx$/, '.md'))) {
    throw new ScaffoldError(
      `An article with the address /articles/${articleSlug} already exists (${rel}). Choose another title or pass --slug.`,
    );
  }

  const collections = await loadCollections(root);
  const json = toJsonSchema(collectionSchema(collections.articles));
  const categories = json.properties.category?.enum ?? [];
  const chosen = category ?? categories[0];
  if (categories.length && !categories.includes(chosen)) {
    throw new ScaffoldError(
      `"${chosen}" is not a category. Choose one of: ${categories.map((c) => `"${c}"`).join(', ')}.`,
    );
  }
  const references = {};
  for (const name of referencedCollections(json)) {
    references[name] = await collectionIds(root, name);
  }
  const ctx = {
    title: cleanTitle,
    slug: articleSlug,
    category: chosen,
    date: isoDate(today),
    words: BODY.split(/\s+/).length,
    references,
    heroImage: false,
  };
  const data = valueFor('', { ...json, required: json.required ?? [] }, ctx);

  // The real schema, with Astro's image() replaced by a check for a relative image path.
  const image = () =>
    z.string().regex(/^\.\.?\//, 'must be a relative path such as ./images/x.svg');
  const parsed = collectionSchema(collections.articles, image).safeParse(data);
  if (!parsed.success) {
    throw new ScaffoldError(
      `The new article would not pass the articles schema:\n  ${zodIssues(parsed.error).join('\n  ')}`,
    );
  }

  let imageFile = null;
  if (ctx.heroImage) {
    imageFile = join(root, ARTICLES_DIR, 'images', `${articleSlug}.svg`);
    mkdirSync(join(root, ARTICLES_DIR, 'images'), { recursive: true });
    if (!existsSync(imageFile)) writeFileSync(imageFile, placeholderHero(articleSlug));
  }
  const frontmatter = `${toYaml(data)}\n${optionalFieldsComment(json)}`;
  writeFileSync(file, `---\n${frontmatter}---\n\n${BODY}`, { flag: 'wx' });
  return {
    file,
    image: imageFile,
    slug: articleSlug,
    url: previewUrl(`/articles/${articleSlug}`),
    data,
  };
}
