// Reads the content collections' zod schemas from src/content.config.ts in plain Node, so the
// editor tools (the article scaffold, the writing guide) follow the schema the build enforces
// instead of a copy of it. Node strips the file's TypeScript types itself; a module hook
// answers `astro:content` with a small stub and lets extensionless relative imports find .ts.
import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { registerHooks } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'astro/zod';
import { parse } from 'yaml';

const stubUrl = new URL('./astro-content-stub.mjs', import.meta.url).href;
let hooked = false;

function hookImports() {
  if (hooked) return;
  if (typeof registerHooks !== 'function' || !process.features.typescript) {
    throw new Error(
      `Reading src/content.config.ts needs Node 22.18 or newer (this is ${process.version}); ` +
        'use the version in .nvmrc.',
    );
  }
  registerHooks({
    resolve(specifier, context, nextResolve) {
      if (specifier === 'astro:content') return { url: stubUrl, shortCircuit: true };
      try {
        return nextResolve(specifier, context);
      } catch (err) {
        const relative = specifier.startsWith('./') || specifier.startsWith('../');
        if (!relative || /\.[cm]?[jt]sx?$/.test(specifier)) throw err;
        return nextResolve(`${specifier}.ts`, context);
      }
    },
  });
  hooked = true;
}

/** Imports a TypeScript module of the site (e.g. src/site.config.ts) outside Astro. */
export async function importSiteModule(root, path) {
  hookImports();
  return import(pathToFileURL(join(root, path)).href);
}

/** The `collections` export of `<root>/src/content.config.ts`. */
export async function loadCollections(root) {
  const { collections } = await importSiteModule(root, 'src/content.config.ts');
  return collections;
}

/** Marks the fields Astro's `image()` helper validates (in the JSON Schema: `"image": true`). */
export const imageMarker = () => z.string().meta({ image: true });

/**
 * A collection's zod schema. Astro passes schema functions an `image()` helper that resolves
 * the file; `image` here stands in for it (by default a string marked as an image).
 */
export function collectionSchema(collection, image = imageMarker) {
  return typeof collection.schema === 'function' ? collection.schema({ image }) : collection.schema;
}

/**
 * The schema as JSON Schema, as an editor writes the data (`io: 'input'`: fields with defaults
 * are optional). Dates become `{type:'string', format:'date'}`; descriptions, bounds, enums,
 * defaults and the `image`/`reference` markers are kept.
 */
export function toJsonSchema(schema) {
  return z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    override(ctx) {
      if (ctx.zodSchema._zod.def.type === 'date') {
        ctx.jsonSchema.type = 'string';
        ctx.jsonSchema.format = 'date';
      }
    },
  });
}

/**
 * Entry ids of a collection, in file order, from its data file (`src/content/<name>.yaml` or
 * `.json`, a list of objects with `id`) or its folder (`src/content/<name>/<id>.md(x)`).
 */
export async function collectionIds(root, name) {
  const base = join(root, 'src', 'content');
  for (const ext of ['yaml', 'yml', 'json']) {
    const file = join(base, `${name}.${ext}`);
    if (!existsSync(file)) continue;
    // JSON is YAML too.
    const entries = parse(await readFile(file, 'utf8'));
    return Array.isArray(entries) ? entries.map((entry) => String(entry.id)) : Object.keys(entries);
  }
  const dir = join(base, name);
  if (!existsSync(dir)) return [];
  return (await readdir(dir))
    .filter((file) => /\.mdx?$/.test(file))
    .map((file) => file.replace(/\.mdx?$/, ''))
    .sort();
}
