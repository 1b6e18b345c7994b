/**
 * The built-in advisor against its evaluation sets, on the index the build generated from the
 * content (`npm test` builds first; ADVISOR_INDEX points at another build). A quoting answer is
 * graded useful (the section that answers is among those quoted, nothing the case forbids,
 * declines right) and misleading (a forbidden statement, a wrong first section, a false decline
 * or a missing one), beside the strict pass rate. Each set is gated at what the engine reaches
 * today, a little under, so a change that makes it worse fails; the aims are useful 85% or more
 * and misleading 10% or less on the held-out set (heldout.yaml, never tuned to).
 * ADVISOR_EVAL_REPORT names a file for the reports as JSON (the benchmark reads it); the held-out,
 * short and later sets are reported by group only, never case by case, so nobody tunes to them
 * by accident: a new kind of failure becomes development cases (README.md).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { prepareAdvisor } from '../../src/features/advisor/engine/advisor';
import { developmentCases, heldoutCases, laterCases, shortCases } from './cases';
import { evaluate, report, type Evaluation } from './evaluate';

/** The held-out set's gates: what the engine reaches, a little under (misleading: over). */
const HELDOUT = {
  useful: 0.85,
  misleading: 0.15,
  strict: 0.48,
  recallAt3: 0.86,
  recallAt1: 0.8,
};
/** The development set's gates, the same way. */
const DEVELOPMENT = { useful: 0.885, misleading: 0.12, strict: 0.54 };
/** The short set's gates (short.yaml, questions typed fast; measured like the held-out set). */
const SHORT = { useful: 0.8, misleading: 0.205 };
/** The later sets' gates (later.yaml, 5,280 questions written after the rebuild; measured only). */
const LATER = { useful: 0.92, misleading: 0.095 };
/**
 * Development cases whose reply states what the case forbids, still open: the engine is
 * changed until they pass and leave this list. Any other development case that does so fails.
 * None is open.
 */
const KNOWN_BREACHES: string[] = [];
/**
 * Held-out replies that state what their case forbids, at most (counted, never named). Two
 * since a second section is quoted more often and fewer questions are declined.
 */
const HELDOUT_BREACHES = 2;

const json = readFileSync(process.env.ADVISOR_INDEX ?? 'dist/advisor-index.json', 'utf8');
// What a cold function pays before its first answer: parsing the index and loading the search.
const loading = performance.now();
const advisor = prepareAdvisor(JSON.parse(json));
const loadMs = performance.now() - loading;
const development = evaluate(advisor, developmentCases);
const heldout = evaluate(advisor, heldoutCases);
const short = evaluate(advisor, shortCases);
const later = evaluate(advisor, laterCases);
const developmentReport = report(development, 'Development set');
const heldoutReport = report(heldout, 'Held-out set', false);
const shortReport = report(short, 'Short set', false);
const laterReport = report(later, 'Later sets', false);

/** An evaluation without its per-case replies, for the benchmark's JSON. */
const summary = (e: Evaluation) => ({ ...e, results: undefined });

if (process.env.ADVISOR_EVAL_REPORT) {
  writeFileSync(
    process.env.ADVISOR_EVAL_REPORT,
    JSON.stringify(
      {
        development: summary(development),
        heldout: summary(heldout),
        short: summary(short),
        later: summary(later),
        indexBytes: json.length,
        loadMs,
        report: `${heldoutReport}\n\n${shortReport}\n\n${laterReport}\n\n${developmentReport}`,
      },
      null,
      2,
    ),
  );
}

const pct = (n: number) => `${(n * 100).toFixed(1)}%`;
const breaches = (e: Evaluation) =>
  e.results.filter((r) => r.problems.some((p) => p.startsWith('says')));

describe('advisor evaluation', () => {
  it(`held-out: useful at least ${pct(HELDOUT.useful)}, misleading at most ${pct(HELDOUT.misleading)}, strict pass at least ${pct(HELDOUT.strict)}`, () => {
    console.log(`${heldoutReport}\n\n${shortReport}\n\n${laterReport}\n\n${developmentReport}`);
    expect(heldout.usefulRate, 'held-out useful').toBeGreaterThanOrEqual(HELDOUT.useful);
    expect(heldout.misleadingRate, 'held-out misleading').toBeLessThanOrEqual(HELDOUT.misleading);
    expect(heldout.passRate, 'held-out strict pass').toBeGreaterThanOrEqual(HELDOUT.strict);
  });

  it(`held-out: the answering section among the first three sources for ${pct(HELDOUT.recallAt3)} of cases, first for ${pct(HELDOUT.recallAt1)}`, () => {
    expect(heldout.sectionRecall.at3).toBeGreaterThanOrEqual(HELDOUT.recallAt3);
    expect(heldout.sectionRecall.at1).toBeGreaterThanOrEqual(HELDOUT.recallAt1);
  });

  it(`development: useful at least ${pct(DEVELOPMENT.useful)}, misleading at most ${pct(DEVELOPMENT.misleading)}, strict pass at least ${pct(DEVELOPMENT.strict)}`, () => {
    expect(development.usefulRate, developmentReport).toBeGreaterThanOrEqual(DEVELOPMENT.useful);
    expect(development.misleadingRate, developmentReport).toBeLessThanOrEqual(
      DEVELOPMENT.misleading,
    );
    expect(development.passRate, developmentReport).toBeGreaterThanOrEqual(DEVELOPMENT.strict);
  });

  it(`short questions: useful at least ${pct(SHORT.useful)}, misleading at most ${pct(SHORT.misleading)}`, () => {
    expect(short.usefulRate, 'short set useful').toBeGreaterThanOrEqual(SHORT.useful);
    expect(short.misleadingRate, 'short set misleading').toBeLessThanOrEqual(SHORT.misleading);
  });

  it(`later sets: useful at least ${pct(LATER.useful)}, misleading at most ${pct(LATER.misleading)}`, () => {
    expect(later.usefulRate, 'later sets useful').toBeGreaterThanOrEqual(LATER.useful);
    expect(later.misleadingRate, 'later sets misleading').toBeLessThanOrEqual(LATER.misleading);
  });

  it('never states what a case forbids, bar the known open development cases', () => {
    expect(breaches(development).map((r) => r.id)).toEqual(KNOWN_BREACHES);
    expect(
      breaches(heldout).length,
      'held-out replies stating what the case forbids',
    ).toBeLessThanOrEqual(HELDOUT_BREACHES);
  });
});
