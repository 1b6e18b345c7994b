/**
 * The built-in advisor against both evaluation sets, on the index the build generated from the
 * content (`npm test` builds first; ADVISOR_INDEX points at another build). The held-out set
 * (heldout.yaml, never tuned to) is gated at what the engine reaches today, well below the
 * issue's targets (85% of cases, recall 90% and 80%): at least HELDOUT_TARGET of its cases must pass, and
 * the section that answers must be among the reply's first three sources (first) for
 * RECALL_AT_3 (RECALL_AT_1) of its answerable cases. The development set is reported, and gated
 * at what it reaches. ADVISOR_EVAL_REPORT names a file for both reports as JSON (the benchmark
 * reads it); the failures of the held-out set are not printed, so nobody tunes to them by
 * accident: a new kind of failure becomes development cases (README.md).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { prepareAdvisor } from '../../src/features/advisor/engine/advisor';
import { developmentCases, heldoutCases } from './cases';
import { evaluate, report, type Evaluation } from './evaluate';

/**
 * The share of held-out cases that must pass: what the engine honestly reaches (43.8%), less a
 * little for noise. The target is 85%; this gate only keeps the engine from slipping
 * further below it.
 */
const HELDOUT_TARGET = 0.42;
/**
 * Section recall over the held-out set's answerable cases, at what the engine reaches (68.7% and
 * 53.7%) less a little. The targets are 90% among the first three sources and 80% first.
 */
const RECALL_AT_3 = 0.67;
const RECALL_AT_1 = 0.52;
/**
 * The development set's gate: what it honestly reaches (59.6% of 453 cases, since batches of
 * new prospects' questions, written before the advisor ran on them, joined it), less a little for
 * noise.
 */
const DEVELOPMENT_TARGET = 0.58;
/**
 * Cases whose reply states what the case forbids, still open: a development case, so the
 * engine is changed until it passes and it leaves this list. Any other case that does so fails.
 * - svc-data-weeks-until-dashboards: "dashboards" does not name Data Insights, and the reply
 *   quotes the Discovery Workshop's report turnaround (48 hours).
 */
const KNOWN_BREACHES = ['svc-data-weeks-until-dashboards'];

const json = readFileSync(process.env.ADVISOR_INDEX ?? 'dist/advisor-index.json', 'utf8');
// What a cold function pays before its first answer: parsing the index and loading the search.
const loading = performance.now();
const advisor = prepareAdvisor(JSON.parse(json));
const loadMs = performance.now() - loading;
const development = evaluate(advisor, developmentCases);
const heldout = evaluate(advisor, heldoutCases);
const developmentReport = report(development, 'Development set');
const heldoutReport = report(heldout, 'Held-out set', false);

/** An evaluation without its per-case replies, for the benchmark's JSON. */
const summary = (e: Evaluation) => ({ ...e, results: undefined });

if (process.env.ADVISOR_EVAL_REPORT) {
  writeFileSync(
    process.env.ADVISOR_EVAL_REPORT,
    JSON.stringify(
      {
        development: summary(development),
        heldout: summary(heldout),
        indexBytes: json.length,
        loadMs,
        report: `${heldoutReport}\n\n${developmentReport}`,
      },
      null,
      2,
    ),
  );
}

describe('advisor evaluation', () => {
  it(`answers at least ${HELDOUT_TARGET * 100}% of the held-out questions correctly`, () => {
    console.log(`${heldoutReport}\n\n${developmentReport}`);
    expect(heldout.passRate, heldoutReport).toBeGreaterThanOrEqual(HELDOUT_TARGET);
  });

  it(`finds the answering section among the first three sources for ${RECALL_AT_3 * 100}% of held-out cases, first for ${RECALL_AT_1 * 100}%`, () => {
    expect(heldout.sectionRecall.at3).toBeGreaterThanOrEqual(RECALL_AT_3);
    expect(heldout.sectionRecall.at1).toBeGreaterThanOrEqual(RECALL_AT_1);
  });

  it(`answers at least ${DEVELOPMENT_TARGET * 100}% of the development questions correctly`, () => {
    expect(development.passRate, developmentReport).toBeGreaterThanOrEqual(DEVELOPMENT_TARGET);
  });

  it('never states what a case forbids (every case of both sets), bar the known open ones', () => {
    const breaches = [...development.results, ...heldout.results].filter((r) =>
      r.problems.some((p) => p.startsWith('says')),
    );
    expect(breaches.map((r) => r.id)).toEqual(KNOWN_BREACHES);
  });
});
