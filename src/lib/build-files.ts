/**
 * Files a route hands to the build to write, instead of being rendered as one route per file:
 * the articles' Markdown versions (src/pages/articles/[slug].md.ts). A thousand small routes
 * cost a large archive's build about a second of rendering for what is a string the route
 * already has. The route's list of pages hands them over before the pages render, and they are
 * written into the output meanwhile (src/integrations/build-files.ts).
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
const KEY = Symbol.for('site.build-files');
interface Writes {
  outDir: string;
  writing: Promise<number>[];
}
const registry = globalThis as { [KEY]?: Writes };

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

/** Makes this build write the files routes hand over into `outDir`, as they are handed over. */
export function writeFilesTo(outDir: string): void {
  registry[KEY] = { outDir, writing: [] };
}

/** Starts writing `files` into the build's output. Throws outside a build. */
export function planFiles(files: BuildFile[]): void {
  const writes = registry[KEY];
  if (!writes) throw new Error('Files are handed over only during a build (writeFilesTo)');
  const written = writeFiles(files, writes.outDir);
  // Awaited (and its failure thrown) by filesWritten().
  written.catch(() => {});
  writes.writing.push(written);
}

/** Waits for every file handed over in this build; resolves with how many were written. */
export async function filesWritten(): Promise<number> {
  const counts = await Promise.all(registry[KEY]?.writing ?? []);
  return counts.reduce((sum, n) => sum + n, 0);
}
