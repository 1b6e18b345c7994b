/**
 * The stems of an English word list (the `word-list` package, 274,000 words), for telling a typo
 * from a real word (spelling.ts). Build time only. Stemming the list takes about a second, so the
 * build does it in a worker thread while it bundles (src/integrations/advisor-stems.ts) and the
 * advisor index takes the result; this module and text.ts import only packages, so Node runs
 * them as they are.
 */
import { readFileSync } from 'node:fs';
import wordListPath from 'word-list';
import { indexTerm } from './text.ts';

/**
 * The stems of the list's words, stop words left out. They are not kept in the stem cache,
 * which would otherwise fill with the list's first words and miss the site's.
 */
export function englishStems(): Set<string> {
  const words = readFileSync(wordListPath, 'utf8').split('\n');
  return new Set(words.flatMap((w) => indexTerm(w, { remember: false }) ?? []));
}

// The stems made ahead by the build's worker, on globalThis: the pages render from a bundle with
// its own copy of this module, in the same process.
const AHEAD = Symbol.for('site.english-stems-ahead');
type Ahead = { [AHEAD]?: Promise<string[] | undefined> };

/** Marks the stems as being made ahead; `stems` resolves with them, or undefined if it failed. */
export function stemmingAhead(stems: Promise<string[] | undefined>): void {
  (globalThis as Ahead)[AHEAD] = stems;
}

/** The stems made ahead when the build made them, else made here. */
export async function englishStemsAhead(): Promise<Set<string>> {
  const ahead = await (globalThis as Ahead)[AHEAD];
  return ahead ? new Set(ahead) : englishStems();
}
