import { describe, expect, it } from 'vitest';
import {
  groupByTopic,
  parseQuestions,
  questionsCsv,
  searchTopics,
  type AskedQuestion,
} from '../../src/features/insights';

let n = 0;
const asked = (question: string, over: Partial<AskedQuestion> = {}): AskedQuestion => ({
  id: `q${n++}`,
  askedAt: '2026-11-20T10:00:00Z',
  question,
  reply: 'A reply.',
  sections: [],
  confidence: 0.8,
  declined: false,
  handedOff: false,
  rating: null,
  comment: null,
  coveredAt: null,
  ...over,
});

const price = '/services/discovery-workshop#investment-heading';

describe('what prospects ask, by topic', () => {
  it('groups answered questions by the section their answer cited first', () => {
    const topics = groupByTopic([
      asked('how much is the workshop', { sections: [price, '/#faq-x'] }),
      asked('workshop price?', { sections: [price] }),
      asked('what do you do for nonprofits', { sections: ['/services/nonprofit-support'] }),
    ]);
    expect(topics.map((t) => [t.label, t.questions.length])).toEqual([
      ['discovery workshop: investment', 2],
      ['nonprofit support', 1],
    ]);
    expect(topics[0].section).toBe(price);
  });

  it('groups declined questions by the word they share, and puts declines and "not helpful" first', () => {
    const topics = groupByTopic([
      asked('how much is the workshop', { sections: [price] }),
      asked('workshop cost', { sections: [price] }),
      asked('workshop length', { sections: [price] }),
      asked('Can you send a certificate of insurance?', { declined: true }),
      asked('do you carry liability insurance', { declined: true, sections: ['/#contact'] }),
      asked('what about data retention', { sections: ['/privacy'], rating: 'not_helpful' }),
    ]);
    expect(topics.map((t) => t.label)).toEqual([
      '“insurance”',
      'privacy',
      'discovery workshop: investment',
    ]);
    expect(topics[0]).toMatchObject({ declined: 2, notHelpful: 0 });
    expect(topics[1]).toMatchObject({ declined: 0, notHelpful: 1 });
  });

  it('puts topics marked covered last, and finds topics by any of their words', () => {
    const topics = groupByTopic([
      asked('insurance?', { declined: true, coveredAt: '2026-11-21T00:00:00Z' }),
      asked('workshop price', { sections: [price] }),
    ]);
    expect(topics.map((t) => [t.label, t.covered])).toEqual([
      ['discovery workshop: investment', false],
      ['“insurance”', true],
    ]);
    expect(searchTopics(topics, 'INSUR').map((t) => t.label)).toEqual(['“insurance”']);
    expect(searchTopics(topics, '  ')).toHaveLength(2);
  });

  it('exports one CSV row per question, with formulas defused', () => {
    const csv = questionsCsv(groupByTopic([asked('=HYPERLINK("x")', { declined: true })]));
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFF"Asked at","Topic","Question","Reply","Sections","Confidence","Declined","Offered a person","Rating","Comment","Covered"',
    );
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
  });

  it('reads rows as the database sends them, leaving out what does not fit', () => {
    const rows = parseQuestions([
      {
        id: 'a',
        created_at: 't',
        question: 'q',
        reply: 'r',
        sections: ['/x', 3],
        confidence: 0.5,
        declined: true,
        handed_off: false,
        rating: 'bogus',
        comment: '',
        covered_at: null,
      },
      { id: 1 },
    ]);
    expect(rows).toEqual([
      {
        id: 'a',
        askedAt: 't',
        question: 'q',
        reply: 'r',
        sections: ['/x'],
        confidence: 0.5,
        declined: true,
        handedOff: false,
        rating: null,
        comment: null,
        coveredAt: null,
      },
    ]);
  });
});
