/**
 * Requests for a person in visitors' own words (handoffs.yaml): the built-in advisor hands most of
 * them to a person, and hands off hardly any question that only mentions calls, quotes or
 * people. The gates are what it reaches, a little under; the measured lists are never tuned to.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { answer, prepareAdvisor } from '../../src/features/advisor/engine/advisor';

const advisor = prepareAdvisor(
  JSON.parse(readFileSync(process.env.ADVISOR_INDEX ?? 'dist/advisor-index.json', 'utf8')),
);
type Lists = { handoff: string[]; answer: string[] };
const sets: Record<'development' | 'measured', Lists> = parse(
  readFileSync(new URL('./handoffs.yaml', import.meta.url), 'utf8'),
);
/** Share handed off, and share of the questions wrongly handed off, each set's gates. */
const GATES = {
  development: { handoff: 0.52, answer: 0.05 },
  measured: { handoff: 0.57, answer: 0.05 },
};

const handedOff = (messages: readonly string[]) =>
  messages.filter((m) => answer(advisor, [{ role: 'user', content: m }]).kind === 'handoff')
    .length / messages.length;

describe.each(['development', 'measured'] as const)('requests for a person (%s)', (name) => {
  it('hands most of them to a person, and hardly any question about calls or quotes', () => {
    const { handoff, answer: questions } = sets[name];
    expect(handoff.length).toBeGreaterThanOrEqual(60);
    const caught = handedOff(handoff);
    const wrong = handedOff(questions);
    console.log(
      `Requests for a person (${name}): ${(100 * caught).toFixed(1)}% of ${handoff.length} handed off; questions handed off ${(100 * wrong).toFixed(1)}% of ${questions.length}`,
    );
    expect(caught).toBeGreaterThanOrEqual(GATES[name].handoff);
    expect(wrong).toBeLessThanOrEqual(GATES[name].answer);
  });
});
