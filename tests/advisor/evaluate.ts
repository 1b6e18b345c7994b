/**
 * Scores the built-in advisor on an evaluation set (development.yaml or heldout.yaml): each
 * conversation is played against the advisor, and the last reply is judged on where it links,
 * what it states, what it must not say and what kind of reply it is.
 */
import { performance } from 'node:perf_hooks';
import { answer, type Advisor } from '../../src/features/advisor/engine/advisor';
import type { ChatMessage } from '../../src/features/advisor/contract';
import type { AdvisorReply } from '../../src/features/advisor/engine/types';
import { leadProblems } from './reading';
import type { EvalCase, EvalGroup } from './types';

export interface CaseResult {
  id: string;
  group: EvalGroup;
  question: string;
  passed: boolean;
  /** Why it failed, one line each. */
  problems: string[];
  reply: AdvisorReply;
  /** Time to answer the last turn, in milliseconds. */
  ms: number;
  /**
   * Useful for a quoting answer: the section that answers is among those the reply quotes or
   * offers as choices (its sources), it says nothing the case forbids, and it declines (or hands
   * off) when it should.
   */
  useful: boolean;
  /**
   * Why the reply misleads, if it does: it states what the case forbids, quotes a wrong section
   * first (or offers choices none of which answers), declines a question the site answers, or
   * answers one it should decline.
   */
  misleading: string[];
  /**
   * For a case with a `section`: the position (1 for the first) of the first of the reply's
   * sources that is one of those sections, or 0 when none is. Undefined without a `section`.
   */
  sectionRank?: number;
}

/** Every link of a reply: its sources and the Markdown links in its text. */
export function replyLinks(reply: Pick<AdvisorReply, 'content' | 'sources'>): string[] {
  const inText = [...reply.content.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]);
  return [...reply.sources.map((s) => s.url), ...inText];
}

/**
 * Where the first of a reply's sources that is one of `sections` comes among its sources (1 for
 * the first), or 0 when none of them is. Sources are compared by their full address, anchor
 * included, so only the exact section counts.
 */
export function sectionRank(
  reply: Pick<AdvisorReply, 'sources'>,
  sections: readonly string[],
): number {
  return reply.sources.findIndex((s) => sections.includes(s.url)) + 1;
}

function linksTo(links: readonly string[], cite: string): boolean {
  if (cite.includes('#')) return links.includes(cite);
  return links.some((l) => l.split('#')[0] === cite);
}

const EMAIL = /[\w.+-]+@[\w-]+\.[\w.]+/;

/** The places that answer a case: its `section`, else its `cite`. */
function answeringPlaces(c: EvalCase): string[] {
  const list = c.section ?? c.cite ?? [];
  return typeof list === 'string' ? [list] : list;
}

/** Whether a quoted source is one of the places that answer (a bare path: any section of it). */
function answers(url: string, places: readonly string[]): boolean {
  return places.some((p) => (p.includes('#') ? url === p : url.split('#')[0] === p));
}

/** The useful and misleading grades of a reply (see CaseResult). */
export function grade(
  c: EvalCase,
  reply: Pick<AdvisorReply, 'content' | 'sources' | 'kind' | 'handoff'>,
): { useful: boolean; misleading: string[] } {
  const forbidden = (c.forbid ?? []).some((f) => new RegExp(f, 'i').test(reply.content));
  const offersPerson = reply.content.includes('/questionnaire') && EMAIL.test(reply.content);
  const places = answeringPlaces(c);
  const quoted = reply.sources.map((s) => s.url);
  const answerable = c.expect === 'answer' || c.expect === 'recommend';
  const declined = reply.kind === 'decline';
  const choices = reply.kind === 'choices';
  const misleading: string[] = [];
  if (forbidden) misleading.push('states what the case forbids');
  if (answerable && declined) misleading.push('false decline');
  if (c.expect === 'decline' && (reply.kind === 'answer' || choices)) {
    misleading.push('missing decline');
  }
  // A reply that quotes names its first section as the answer; one that offers choices names
  // none, and misleads when none of them answers.
  const wrong = () =>
    choices ? !quoted.some((u) => answers(u, places)) : !answers(quoted[0], places);
  if (answerable && !declined && places.length && quoted.length && wrong()) {
    misleading.push(choices ? 'no choice answers' : 'wrong first section');
  }
  let right: boolean;
  if (answerable) {
    right = !declined && (places.length === 0 || quoted.some((u) => answers(u, places)));
  } else if (c.expect === 'decline') {
    right = (declined || reply.kind === 'handoff') && offersPerson;
  } else {
    right = reply.handoff && offersPerson;
  }
  return { useful: right && !forbidden, misleading };
}

/** The reply a case is judged on: its text and sources, what kind it is, whether it hands off. */
export type JudgedReply = Pick<AdvisorReply, 'content' | 'sources' | 'kind' | 'handoff'>;

/**
 * Judges a case's last reply on where it links, what it states, what it must not say and what
 * kind of reply it is; `sectionRank` as in CaseResult.
 */
export function judgeReply(
  c: EvalCase,
  last: JudgedReply,
): { problems: string[]; sectionRank?: number } {
  const problems: string[] = [];
  const links = replyLinks(last);
  const cites = c.cite === undefined ? [] : typeof c.cite === 'string' ? [c.cite] : c.cite;
  if (cites.length && !cites.some((cite) => linksTo(links, cite))) {
    problems.push(`links ${links.join(' ') || 'nothing'}, not ${cites.join(' or ')}`);
  }
  for (const fact of c.facts ?? []) {
    const options = typeof fact === 'string' ? [fact] : fact;
    if (!options.some((f) => new RegExp(f, 'i').test(last.content))) {
      problems.push(`does not state ${options.join(' | ')}`);
    }
  }
  problems.push(...leadProblems(c.lead ?? [], last.content));
  for (const pattern of c.forbid ?? []) {
    const found = new RegExp(pattern, 'i').exec(last.content);
    if (found) problems.push(`says "${found[0]}"`);
  }
  const offersPerson = last.content.includes('/questionnaire') && EMAIL.test(last.content);
  if (c.expect === 'decline' && !(last.kind === 'decline' && offersPerson)) {
    problems.push(`does not decline with the questionnaire and an address (${last.kind})`);
  }
  if (c.expect === 'handoff' && !(last.handoff && offersPerson)) {
    problems.push(`does not hand off to a person (${last.kind})`);
  }
  if ((c.expect === 'answer' || c.expect === 'recommend') && last.kind === 'decline') {
    problems.push('declines a question the site answers');
  }
  const sections =
    c.section === undefined ? [] : typeof c.section === 'string' ? [c.section] : c.section;
  return {
    problems,
    ...(sections.length > 0 && { sectionRank: sectionRank(last, sections) }),
  };
}

/** Plays one case's conversation and judges the last reply. */
export function evaluateCase(advisor: Advisor, c: EvalCase): CaseResult {
  const turns = typeof c.ask === 'string' ? [c.ask] : c.ask;
  const messages: ChatMessage[] = [];
  let reply: AdvisorReply | undefined;
  let ms = 0;
  turns.forEach((turn, i) => {
    if (turn.startsWith('assistant: ')) {
      messages.push({ role: 'assistant', content: turn.slice('assistant: '.length) });
      return;
    }
    messages.push({ role: 'user', content: turn });
    const started = performance.now();
    reply = answer(advisor, messages);
    if (i === turns.length - 1) ms = performance.now() - started;
    messages.push({ role: 'assistant', content: reply.content });
  });
  const last = reply!;
  const { problems, sectionRank: rank } = judgeReply(c, last);
  return {
    id: c.id,
    group: c.tags[0],
    question: turns[turns.length - 1],
    passed: problems.length === 0,
    problems,
    ...grade(c, last),
    reply: last,
    ms,
    ...(rank !== undefined && { sectionRank: rank }),
  };
}

export interface Evaluation {
  results: CaseResult[];
  passRate: number;
  /** Shares of useful and of misleading replies (see CaseResult). */
  usefulRate: number;
  misleadingRate: number;
  byGroup: Record<string, { passed: number; useful: number; misleading: number; total: number }>;
  /**
   * Declines of questions the site answers (expect answer or recommend, reply declined), and
   * answers to questions it does not (expect decline, reply did not decline).
   */
  falseDeclines: number;
  falseAnswers: number;
  /** Pass rate by the reply's confidence, for seeing whether it means what it says. */
  calibration: { from: number; to: number; total: number; passed: number }[];
  /** Median and 95th percentile time to answer, in milliseconds. */
  latency: { p50: number; p95: number };
  /**
   * Retrieval at section level, over the cases with a `section`: the share whose section is the
   * reply's first source (at1) or among its first three (at3). Zero cases: both 0.
   */
  sectionRecall: { cases: number; at1: number; at3: number };
}

export function evaluate(advisor: Advisor, cases: readonly EvalCase[]): Evaluation {
  const results = cases.map((c) => evaluateCase(advisor, c));
  const byGroup: Evaluation['byGroup'] = {};
  for (const r of results) {
    const g = (byGroup[r.group] ??= { passed: 0, useful: 0, misleading: 0, total: 0 });
    g.total++;
    if (r.passed) g.passed++;
    if (r.useful) g.useful++;
    if (r.misleading.length) g.misleading++;
  }
  const times = results.map((r) => r.ms).sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  const ranks = results.flatMap((r) => (r.sectionRank === undefined ? [] : [r.sectionRank]));
  const within = (k: number) =>
    ranks.filter((rank) => rank > 0 && rank <= k).length / Math.max(1, ranks.length);
  const expected = new Map(cases.map((c) => [c.id, c.expect]));
  const answerable = (r: CaseResult) => ['answer', 'recommend'].includes(expected.get(r.id)!);
  const bins = [0, 0.3, 0.5, 0.7, 0.9, 1.01];
  const calibration = bins.slice(0, -1).map((from, i) => {
    const inBin = results.filter(
      (r) => r.reply.confidence >= from && r.reply.confidence < bins[i + 1],
    );
    return {
      from,
      to: Math.min(1, bins[i + 1]),
      total: inBin.length,
      passed: inBin.filter((r) => r.passed).length,
    };
  });
  return {
    results,
    passRate: results.filter((r) => r.passed).length / Math.max(1, results.length),
    usefulRate: results.filter((r) => r.useful).length / Math.max(1, results.length),
    misleadingRate: results.filter((r) => r.misleading.length).length / Math.max(1, results.length),
    byGroup,
    falseDeclines: results.filter((r) => answerable(r) && r.reply.kind === 'decline').length,
    falseAnswers: results.filter(
      (r) => expected.get(r.id) === 'decline' && r.reply.kind !== 'decline',
    ).length,
    calibration,
    latency: { p50: at(0.5), p95: at(0.95) },
    sectionRecall: { cases: ranks.length, at1: within(1), at3: within(3) },
  };
}

/**
 * A Markdown report of one set: the pass rate by group, section recall, false declines and
 * answers, calibration, and (unless `failures` is false) every failure with its reasons.
 */
export function report(e: Evaluation, name = 'Advisor evaluation', failures = true): string {
  const pct = (n: number) => `${(n * 100).toFixed(1)}%`;
  const lines = [
    `${name}: ${e.results.length} cases; useful ${pct(e.usefulRate)}, misleading ${pct(e.misleadingRate)}, strict pass ${pct(e.passRate)}; answer time p50 ${e.latency.p50.toFixed(2)} ms, p95 ${e.latency.p95.toFixed(2)} ms`,
    '',
    '| group | cases | useful | misleading | strict pass |',
    '| --- | --- | --- | --- | --- |',
    ...Object.entries(e.byGroup).map(
      ([g, { passed, useful, misleading, total }]) =>
        `| ${g} | ${total} | ${pct(useful / total)} | ${pct(misleading / total)} | ${pct(passed / total)} |`,
    ),
  ];
  const { cases, at1, at3 } = e.sectionRecall;
  if (cases > 0) {
    lines.push('', `Section recall over ${cases} cases: @1 ${pct(at1)}, @3 ${pct(at3)}`);
  }
  lines.push(
    '',
    `False declines (a question the site answers, declined): ${e.falseDeclines}; false answers (a question it does not answer, answered): ${e.falseAnswers}`,
    '',
    '| confidence | cases | passed |',
    '| --- | --- | --- |',
    ...e.calibration
      .filter((b) => b.total > 0)
      .map(
        (b) =>
          `| ${b.from.toFixed(1)}-${b.to.toFixed(1)} | ${b.total} | ${pct(b.passed / b.total)} |`,
      ),
  );
  if (!failures) return lines.join('\n');
  const failed = e.results.filter((r) => !r.passed || !r.useful || r.misleading.length);
  if (failed.length) {
    lines.push('', 'Failures:');
    for (const r of failed) {
      const grades = [r.useful ? 'useful' : 'not useful', ...r.misleading].join(', ');
      lines.push(`- ${r.id} ("${r.question}") [${grades}]: ${r.problems.join('; ')}`);
    }
  }
  return lines.join('\n');
}
