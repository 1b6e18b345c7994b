/**
 * Files a route hands to the build to write after the pages, instead of being rendered as one
 * route per file: the articles' Markdown versions (src/pages/articles/[slug].md.ts). A
 * thousand small routes cost a large archive's build about a second of rendering for what is
 * a string the route already has; src/integrations/build-files.ts writes them once the pages
 * are done, beside the search index and the share images.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** A file of the output: its path from the output folder's root, and its text. */
export interface BuildFile {
  path: string;
  body: string;
}

// Kept on globalThis: routes run from a bundle with its own copy of this module, in the same
// process as the integration.
const PLANNED = Symbol.for('site.build-files');
const registry = globalThis as { [PLANNED]?: BuildFile[] };

/** Adds `files` to those this build writes after the pages. */
export function planFiles(files: BuildFile[]): void {
  (registry[PLANNED] ??= []).push(...files);
}

/** The files planned in this build, taken: a second call returns none. */
export function takePlannedFiles(): BuildFile[] {
  const files = registry[PLANNED] ?? [];
  registry[PLANNED] = [];
  return files;
}

/** Files written at once. */
const WRITE_BATCH = 32;

/** Writes `files` under `outDir`; resolves with how many it wrote. */
export async function writeFiles(files: BuildFile[], outDir: string): Promise<number> {
  const dirs = new Set(files.map((f) => dirname(join(outDir, f.path))));
  await Promise.all([...dirs].map((dir) => mkdir(dir, { recursive: true })));
  for (let i = 0; i < files.length; i += WRITE_BATCH) {
    await Promise.all(
      files.slice(i, i + WRITE_BATCH).map((f) => writeFile(join(outDir, f.path), f.body)),
    );
  }
  return files.length;
}
