/**
 * Composing a reply's quotation: a list whose introduction is the last sentence of a longer
 * paragraph follows that paragraph once, not with the whole paragraph said again.
 */
import { describe, expect, it } from 'vitest';
import { renderRest, type PartAnswer } from '../../src/features/advisor/engine/compose';
import { cutUnits, type Section } from '../../src/features/advisor/engine/search';
import type { AdvisorDoc } from '../../src/features/advisor/index/schema';
import type { Part } from '../../src/features/advisor/engine/dialogue';

const doc: AdvisorDoc = {
  id: '/articles/speed#vitals',
  kind: 'article',
  url: '/articles/speed#vitals',
  page: 'Speed',
  title: 'Core Web Vitals',
  text: [
    'People leave slow pages. The documentation publishes thresholds for a good experience:',
    '- Largest Contentful Paint: 2.5 seconds or less',
    '- Interaction to Next Paint: 200 milliseconds or less',
  ].join('\n'),
};

function section(): Section {
  const units = cutUnits(doc.text).map((u, index) => ({
    ...u,
    index,
    terms: new Set<string>(),
    sequence: [],
  }));
  return { doc, units, head: new Set(), all: new Set() };
}

describe('renderRest', () => {
  it('quotes a list after the paragraph that introduces it without repeating the paragraph', () => {
    const s = section();
    const ranked = s.units.map((unit) => ({ section: s, unit, score: 1 }));
    const answer: PartAnswer = {
      part: {} as Part,
      sections: [{ section: s, score: 1, coverage: 1 }],
      lead: ranked[0],
      paragraph: ranked.slice(0, 2),
      units: ranked,
      confidence: 1,
    };
    const rest = renderRest(answer, 'paragraph');
    expect(rest).not.toContain('People leave slow pages');
    expect(rest).toBe(
      [
        '- Largest Contentful Paint: 2.5 seconds or less',
        '- Interaction to Next Paint: 200 milliseconds or less',
      ].join('\n'),
    );
  });
});
