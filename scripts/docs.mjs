// `npm run docs`: writes the tables of content fields in docs/editing.md from the collections'
// schemas and their `.describe()` texts in src/content.config.ts, formatted like the rest of
// the repository. `--check` writes nothing and exits 1 when the guide is out of date (a unit
// test runs it, so the guide cannot drift from the schema).
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { collectionSchema, loadCollections, toJsonSchema } from './lib/content-schema.mjs';
import { fieldsTable, replaceGenerated } from './lib/field-docs.mjs';

const root = process.env.SITE_ROOT ?? join(dirname(fileURLToPath(import.meta.url)), '..');
const guidePath = join(root, 'docs', 'editing.md');
const check = process.argv.includes('--check');

/** The guide as `npm run docs` would write it. */
async function renderGuide() {
  const collections = await loadCollections(root);
  const sections = Object.fromEntries(
    Object.entries(collections).map(([name, collection]) => [
      `fields:${name}`,
      fieldsTable(toJsonSchema(collectionSchema(collection))),
    ]),
  );
  const current = readFileSync(guidePath, 'utf8');
  const options = (await prettier.resolveConfig(guidePath)) ?? {};
  return {
    current,
    next: await prettier.format(replaceGenerated(current, sections), {
      ...options,
      filepath: guidePath,
    }),
  };
}

const { current, next } = await renderGuide();
if (check) {
  if (current !== next) {
    console.error('docs/editing.md is out of date with src/content.config.ts: run `npm run docs`.');
    process.exit(1);
  }
  console.log('docs/editing.md matches the content schemas.');
} else if (current !== next) {
  writeFileSync(guidePath, next);
  console.log('docs/editing.md: field tables updated from src/content.config.ts.');
} else {
  console.log('docs/editing.md is up to date.');
}
