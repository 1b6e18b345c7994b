/**
 * Composing a reply's quotation: a list whose introduction is the last sentence of a longer
 * paragraph follows that paragraph once, not with the whole paragraph said again; a block about
 * another service than the one before it says which.
 */
import { describe, expect, it } from 'vitest';
import type { PartAnswer } from '../../src/features/advisor/engine/compose';
import { renderRest } from '../../src/features/advisor/engine/render';
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

function section(of: AdvisorDoc = doc): Section {
  const units = cutUnits(of.text).map((u, index) => ({
    ...u,
    index,
    terms: new Set<string>(),
    sequence: [],
  }));
  return { doc: of, units, head: new Set(), all: new Set() };
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

  it("says which service a block is about when the block before it was another service's", () => {
    const service = (id: string, text: string): AdvisorDoc => ({
      id: `/services/${id}#price`,
      kind: 'service',
      url: `/services/${id}#investment-heading`,
      page: id,
      title: `${id} price`,
      text,
      service: id,
    });
    const workshop = section(service('workshop', 'Workshop starts at $750.\nNo obligation.'));
    const data = section(
      service('data', 'The starting price includes:\n- 3-5 dashboards.\n- 60 days of support.'),
    );
    const ranked = [...workshop.units, ...data.units].map((unit, i) => ({
      section: i < workshop.units.length ? workshop : data,
      unit,
      score: 1,
    }));
    const answer: PartAnswer = {
      part: {} as Part,
      sections: [
        { section: workshop, score: 2, coverage: 1 },
        { section: data, score: 1, coverage: 1 },
      ],
      lead: ranked[0],
      paragraph: [ranked[0]],
      units: ranked,
      confidence: 1,
    };
    const names: Record<string, string> = { workshop: 'Discovery Workshop', data: 'Data Insights' };
    expect(renderRest(answer, 'paragraph', (id) => names[id])).toBe(
      [
        'No obligation.',
        'For Data Insights, the starting price includes:',
        '- 3-5 dashboards.\n- 60 days of support.',
      ].join('\n\n'),
    );
  });
});
