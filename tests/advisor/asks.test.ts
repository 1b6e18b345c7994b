/**
 * The questions visitors ask of each section (src/content/advisor-asks.yaml), asked as they are
 * written: the site was written to answer them, so the built-in advisor answers them from their
 * own section. Before a question that is one of them was taken as answered (SAME_ASK in
 * engine/retrieve.ts), 200 of 2,612 were declined. Of the 4,961 asked now, many long and told
 * from the asker's situation and some short as typed, 64 are declined and 4,858 answered from
 * their own section first; the gates sit a little beyond that. Asking them all takes seconds,
 * so the test has a minute.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { answer, prepareAdvisor } from '../../src/features/advisor/engine/advisor';

const advisor = prepareAdvisor(
  JSON.parse(readFileSync(process.env.ADVISOR_INDEX ?? 'dist/advisor-index.json', 'utf8')),
);

it('answers the questions visitors ask of a section, asked as written, from that section', () => {
  let asked = 0;
  let declined = 0;
  let first = 0;
  for (const doc of advisor.index.docs) {
    for (const question of (doc.asks ?? '').split('\n').filter(Boolean)) {
      const reply = answer(advisor, [{ role: 'user', content: question }]);
      asked++;
      if (reply.declined) declined++;
      if (reply.sources[0]?.url === doc.url) first++;
    }
  }
  expect(asked).toBeGreaterThan(2000);
  expect(declined / asked, 'declined').toBeLessThan(0.02);
  expect(first / asked, 'from their own section first').toBeGreaterThan(0.97);
}, 60_000);
