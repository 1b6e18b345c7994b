/**
 * The chat advisor's evaluation set, read from cases.yaml: what prospects type into the chat,
 * and what a correct reply must link to, state and avoid. The file is checked against
 * evalCaseSchema and its `${...}` names are put in (patterns.ts); anything wrong stops the run
 * with the case and the field it is in.
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
  return {
    ...c,
    ...(c.cite !== undefined && { cite: many(c.cite) }),
    ...(c.facts && {
      facts: c.facts.map((fact) =>
        typeof fact === 'string' ? expandPatterns(fact) : fact.map(one),
      ),
    }),
    ...(c.forbid && { forbid: c.forbid.map(one) }),
  };
}

/** Every regular expression source of a case, which must compile. */
function patternsOf(c: EvalCase): string[] {
  return [...(c.facts ?? []).flat(), ...(c.forbid ?? [])];
}

/** Reads an evaluation set from YAML text: checks it, and puts in its `${...}` names. */
export function loadCases(text: string, file = 'cases.yaml'): EvalCase[] {
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
    } catch (err) {
      throw new Error(`${where}: ${(err as Error).message}`);
    }
    return c;
  });
}

/** The evaluation set: every group of cases.yaml, in its order. */
export const cases: EvalCase[] = loadCases(
  readFileSync(new URL('./cases.yaml', import.meta.url), 'utf8'),
);
