/**
 * The stems of an English word list (the `word-list` package, 274,000 words), for telling a typo
 * from a real word (spelling.ts). Build time only.
 */
import { readFileSync } from 'node:fs';
import wordListPath from 'word-list';
import { indexTerm } from './text';

/** The stems of the list's words, stop words left out. */
export function englishStems(): Set<string> {
  const words = readFileSync(wordListPath, 'utf8').split('\n');
  return new Set(words.flatMap((w) => indexTerm(w) ?? []));
}
