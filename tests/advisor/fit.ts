/**
 * Fits the two linear models of the built-in advisor's retrieval (engine/retrieve.ts) on the
 * development set: ORDER, which puts a question's sections in order (a softmax over each
 * question's candidates, so that the section that answers comes first), and SURE, its
 * confidence (a logistic regression telling questions the site answers from those it does not).
 * Both are plain gradient descent from a fixed start, so a fit always gives the same weights;
 * the held-out set is never used. `npm run advisor:fit` prints them with their cross-validated
 * accuracy, to be copied into retrieve.ts.
 */
import type { ChatMessage } from '../../src/features/advisor/contract';
import { answer, type Advisor } from '../../src/features/advisor/engine/advisor';
import { readQuestions, visitorTerms } from '../../src/features/advisor/engine/read';
import { candidates, KEEP, ORDER, weigh } from '../../src/features/advisor/engine/retrieve';
import type { EvalCase } from './types';

/** One question: each candidate's features, and which of them answer it. */
export interface Sample {
  id: string;
  order: number[][];
  answers: boolean[];
  /** Whether the case names the sections that answer it. */
  placed: boolean;
  /** The best candidate's sureness features, and whether the site answers the question. */
  sure: number[];
  /** Each candidate's sureness features. */
  sures: number[][];
  answerable: boolean;
}

/** The conversation before a case's last turn, played against the advisor, and that turn. */
function conversation(advisor: Advisor, c: EvalCase): ChatMessage[] {
  const turns = typeof c.ask === 'string' ? [c.ask] : c.ask;
  const messages: ChatMessage[] = [];
  turns.forEach((turn, i) => {
    if (turn.startsWith('assistant: ')) {
      messages.push({ role: 'assistant', content: turn.slice('assistant: '.length) });
      return;
    }
    messages.push({ role: 'user', content: turn });
    if (i < turns.length - 1) {
      messages.push({ role: 'assistant', content: answer(advisor, messages).content });
    }
  });
  return messages;
}

/** The samples of the cases whose last message is one question (hand-offs left out). */
export function samples(advisor: Advisor, cases: readonly EvalCase[]): Sample[] {
  return cases.flatMap((c): Sample[] => {
    if (c.expect === 'handoff') return [];
    const messages = conversation(advisor, c);
    const { questions } = readQuestions(advisor, messages);
    if (questions.length !== 1) return [];
    const found = candidates(advisor, questions[0], visitorTerms(advisor, messages));
    if (found.length === 0) return [];
    // The sections that answer, as the evaluation grades them: its `section`, else its `cite`.
    const places = [c.section ?? c.cite ?? []].flat();
    const answers = found.map((m) =>
      places.some((p) =>
        p.includes('#') ? m.section.doc.url === p : m.section.doc.url.split('#')[0] === p,
      ),
    );
    // The confidence is learned from the section the ordering puts first: the one a reply quotes.
    const first = found.reduce((a, b) => (weigh(b.order, ORDER) > weigh(a.order, ORDER) ? b : a));
    return [
      {
        id: c.id,
        order: found.map((m) => m.order.map(clip)),
        answers,
        placed: c.expect !== 'decline' && places.length > 0,
        sure: first.sure.map(clip),
        sures: found.map((m) => m.sure.map(clip)),
        answerable: c.expect !== 'decline',
      },
    ];
  });
}

const clip = (v: number) => Math.max(-8, Math.min(8, v));
const dot = (x: readonly number[], w: readonly number[]) => x.reduce((n, v, j) => n + v * w[j], 0);

/** ORDER: a softmax over each question's candidates, held near the hand-set score (1, zeros). */
export function fitOrder(all: readonly Sample[], lambda = 0.001, steps = 600, rate = 0.5) {
  const list = all.filter((s) => s.placed);
  const size = list[0].order[0].length;
  const start = Array.from({ length: size }, (_, j) => (j === 0 ? 1 : 0));
  const w = [...start];
  const usable = list.filter((s) => s.answers.some(Boolean));
  for (let step = 0; step < steps; step++) {
    const gradient = w.map((v, j) => lambda * (v - start[j]) * list.length);
    for (const s of usable) {
      const scores = s.order.map((x) => dot(x, w));
      const top = Math.max(...scores);
      const p = scores.map((v) => Math.exp(v - top));
      const all = p.reduce((a, b) => a + b, 0);
      const right = p.reduce((a, v, i) => a + (s.answers[i] ? v : 0), 0);
      s.order.forEach((x, i) => {
        const g = p[i] / all - (s.answers[i] ? p[i] / right : 0);
        x.forEach((v, j) => (gradient[j] += g * v));
      });
    }
    gradient.forEach((g, j) => (w[j] -= (rate * g) / list.length));
  }
  return w;
}

/** SURE: a logistic regression, then its bias moved by `shift`. */
export function fitSure(
  list: readonly Sample[],
  shift = 0,
  lambda = 0.01,
  steps = 3000,
  rate = 0.1,
) {
  const w = list[0].sure.map(() => 0);
  for (let step = 0; step < steps; step++) {
    const gradient = w.map((v) => lambda * v);
    for (const s of list) {
      const p = 1 / (1 + Math.exp(-dot(s.sure, w)));
      s.sure.forEach((v, j) => (gradient[j] += ((p - +s.answerable) * v) / list.length));
    }
    gradient.forEach((g, j) => (w[j] -= rate * g));
  }
  w[w.length - 1] += shift;
  return w;
}

/** The share of questions whose first section, by the weights, is one that answers. */
export function firstRight(all: readonly Sample[], w: readonly number[]): number {
  const list = all.filter((s) => s.placed);
  const right = list.filter((s) => {
    const scores = s.order.map((x) => dot(x, w));
    return s.answers[scores.indexOf(Math.max(...scores))];
  });
  return right.length / Math.max(1, list.length);
}

/**
 * The share of questions the confidence tells right (answered when the site answers them), as
 * the engine decides: answered when one of the sections it keeps (the KEEP best by `order`) is
 * sure enough.
 */
export function sureRight(
  list: readonly Sample[],
  w: readonly number[],
  order: readonly number[] = ORDER,
): number {
  const answered = (s: Sample) => {
    const scores = s.order.map((x) => dot(x, order));
    const kept = scores.map((_, i) => i).sort((a, b) => scores[b] - scores[a]);
    return kept.slice(0, KEEP).some((i) => dot(s.sures[i], w) >= 0);
  };
  return list.filter((s) => answered(s) === s.answerable).length / Math.max(1, list.length);
}
