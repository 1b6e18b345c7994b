/**
 * The useful and misleading grades on sample replies: a reply that quotes names its first
 * section as the answer; one that offers choices names none, and misleads only when none of
 * its choices answers.
 */
import { describe, expect, it } from 'vitest';
import { grade } from './evaluate';
import type { EvalCase } from './types';

const RIGHT = '/services/seo#investment-heading';
const WRONG = '/services/seo#process-heading';
const asked: EvalCase = {
  id: 'sample',
  ask: 'what does seo cost?',
  expect: 'answer',
  section: RIGHT,
  tags: ['service'],
  source: 'a sample',
};
const reply = (kind: 'answer' | 'choices', ...urls: string[]) => ({
  kind,
  handoff: false,
  content: 'Sample.',
  sources: urls.map((url) => ({ title: url, url })),
});

describe('grade', () => {
  it('counts a quoted reply useful when it quotes the answering section, and misleading when another comes first', () => {
    expect(grade(asked, reply('answer', RIGHT, WRONG))).toEqual({ useful: true, misleading: [] });
    expect(grade(asked, reply('answer', WRONG, RIGHT))).toEqual({
      useful: true,
      misleading: ['wrong first section'],
    });
    expect(grade(asked, reply('answer', WRONG)).useful).toBe(false);
  });

  it('counts choices useful when one of them answers, in any place, and misleading when none does', () => {
    expect(grade(asked, reply('choices', WRONG, RIGHT))).toEqual({ useful: true, misleading: [] });
    expect(grade(asked, reply('choices', WRONG, '/services/seo'))).toEqual({
      useful: false,
      misleading: ['no choice answers'],
    });
  });

  it('counts choices offered for a question the site does not answer as a missing decline', () => {
    const offTopic: EvalCase = { ...asked, expect: 'decline', section: undefined };
    expect(grade(offTopic, reply('choices', WRONG, RIGHT)).misleading).toEqual(['missing decline']);
  });
});
