/**
 * The chat advisor's evaluation sets: what prospects type into the chat, and what a correct reply
 * must link to, state and avoid. development.yaml is the set the advisor may be tuned on;
 * heldout.yaml was written from the content before the advisor was rebuilt and is never tuned to
 * (README.md). Both files are checked against evalCaseSchema the same way and their `${...}`
 * names are put in (patterns.ts); anything wrong stops the run with the file, the case and the
 * field it is in. Ids are unique across the two sets.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { z } from 'astro/zod';
import { expandPatterns } from './patterns';
import { evalCaseSchema, type EvalCase } from './types';

/** Fields whose entries are patterns or paths written with `${...}` names. */
function expandCase(c: EvalCase): EvalCase {
  const one = (entry: string) => {
    const value = expandPatterns(entry);
    if (typeof value !== 'string') throw new Error(`"${entry}" is a list; only a fact can be one`);
    return value;
  };
  const many = (entry: string | string[]) =>
    typeof entry === 'string' ? one(entry) : entry.map(one);
  const facts = (list: (string | string[])[]) =>
    list.map((fact) => (typeof fact === 'string' ? expandPatterns(fact) : fact.map(one)));
  return {
    ...c,
    ...(c.cite !== undefined && { cite: many(c.cite) }),
    ...(c.section !== undefined && { section: many(c.section) }),
    ...(c.facts && { facts: facts(c.facts) }),
    ...(c.lead && { lead: facts(c.lead) }),
    ...(c.forbid && { forbid: c.forbid.map(one) }),
  };
}

/** Every regular expression source of a case, which must compile. */
function patternsOf(c: EvalCase): string[] {
  return [...(c.facts ?? []).flat(), ...(c.lead ?? []).flat(), ...(c.forbid ?? [])];
}

/** Every place a case names on the site (`cite` and `section`), which must be root-relative. */
export function placesOf(c: Pick<EvalCase, 'cite' | 'section'>): string[] {
  return [c.cite ?? [], c.section ?? []].flat();
}

/** Reads an evaluation set from YAML text: checks it, and puts in its `${...}` names. */
export function loadCases(text: string, file = 'development.yaml'): EvalCase[] {
  const parsed = z.array(evalCaseSchema).safeParse(parse(text));
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`${file} does not fit the evaluation set's shape:\n${issues.join('\n')}`);
  }
  const seen = new Set<string>();
  return parsed.data.map((raw) => {
    const where = `${file}, case ${raw.id}`;
    if (seen.has(raw.id)) throw new Error(`${where}: the id is used twice`);
    seen.add(raw.id);
    let c: EvalCase;
    try {
      c = expandCase(raw);
      for (const pattern of patternsOf(c)) new RegExp(pattern, 'i');
      for (const place of placesOf(c)) {
        if (!/^\/[^\s#]*(?:#[^\s#]+)?$/.test(place)) {
          throw new Error(`"${place}" is not a root-relative path with an optional #anchor`);
        }
      }
    } catch (err) {
      throw new Error(`${where}: ${(err as Error).message}`);
    }
    return c;
  });
}

/** Reads one of the set files beside this module. */
const loadFile = (file: string) =>
  loadCases(readFileSync(new URL(`./${file}`, import.meta.url), 'utf8'), file);

/** Throws if an id is used in more than one set, naming the id and both files. */
export function checkDistinctIds(sets: Record<string, readonly EvalCase[]>): void {
  const seen = new Map<string, string>();
  for (const [file, set] of Object.entries(sets)) {
    for (const c of set) {
      const other = seen.get(c.id);
      if (other) throw new Error(`${file}, case ${c.id}: the id is also used in ${other}`);
      seen.set(c.id, file);
    }
  }
}

/** The development set: every group of development.yaml, in its order. Free to tune on. */
export const developmentCases: EvalCase[] = loadFile('development.yaml');

/**
 * The held-out set: every group of heldout.yaml, in its order. Written from the content before
 * the advisor was rebuilt; never tune the advisor to it, and never edit a case after seeing a
 * reply to it (README.md).
 */
export const heldoutCases: EvalCase[] = loadFile('heldout.yaml');

/**
 * The short set: questions typed fast into the chat box, 2 to 10 words (short.yaml). Measured
 * like the held-out set, never fitted on or tuned to.
 */
export const shortCases: EvalCase[] = loadFile('short.yaml');

/**
 * The later sets: eighty-eight sets of 60 written from the content after the advisor was rebuilt, each
 * by a writer who saw no other set (later.yaml). Measured like the held-out set, never fitted on
 * or tuned to.
 */
export const laterCases: EvalCase[] = loadFile('later.yaml');

checkDistinctIds({
  'development.yaml': developmentCases,
  'heldout.yaml': heldoutCases,
  'short.yaml': shortCases,
  'later.yaml': laterCases,
});

/** The development set under its earlier name, for code written before the split. */
export const cases: EvalCase[] = developmentCases;
