/**
 * Telling a typo of a word the site uses from a real word it does not use (index/spelling.ts),
 * on small made-up vocabularies and on the index the build wrote from the site's content.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { prepareAdvisor } from '../../src/features/advisor/engine/advisor';
import {
  realWordStems,
  swaps,
  typoEdits,
  withinEdits,
} from '../../src/features/advisor/corpus/spelling';

describe('typos and real words', () => {
  it.each([
    ['search', 'serch', 1, true],
    ['search', 'seearch', 1, true],
    ['search', 'saerch', 1, false],
    ['search', 'saerch', 2, true],
    ['launch', 'lunch', 1, true],
    ['launch', 'lunches', 1, false],
    ['', 'ab', 2, true],
  ])('%s and %s are within %i edits: %s', (a, b, k, expected) => {
    expect(withinEdits(a, b, k)).toBe(expected);
    expect(withinEdits(b, a, k)).toBe(expected);
  });

  it('allows no letter off a short stem or one with a digit, one from five letters, two from eleven', () => {
    expect(typoEdits('tech')).toBe(0);
    expect(typoEdits('404s')).toBe(0);
    expect(typoEdits('serch')).toBe(1);
    expect(typoEdits('dashboard')).toBe(1);
    expect(typoEdits('implementat')).toBe(2);
  });

  it('keeps the real words a letter off a site word, and only those', () => {
    const site = ['launch', 'search', 'patienc', 'dashboard'];
    const english = ['lunch', 'patient', 'perch', 'launch', 'dashboards', 'sunlight', 'hunch'];
    // "lunch" and "patient" are one letter off a site stem; "dashboards" too, though it is a
    // form the site would stem itself; "perch" is two off "search", "hunch" starts otherwise,
    // and "launch" is the site's own.
    expect(realWordStems(site, english)).toEqual(['dashboards', 'lunch', 'patient']);
  });

  it('swaps each pair of neighboring letters of a stem of four letters or more', () => {
    expect(swaps('buis')).toEqual(['ubis', 'bius', 'busi']);
    expect(swaps('bus')).toEqual([]);
    expect(swaps('40x4')).toEqual([]);
  });

  it('keeps the real words with two letters of a site word swapped', () => {
    // "trial" is "trail" with two letters swapped; "tiral" is no English word, so not kept.
    expect(realWordStems(['trail'], ['trial', 'tiral', 'rail'])).toEqual(['trial']);
  });

  it("never reads the site's near-miss real words as typos, and still reads misspellings", () => {
    const advisor = prepareAdvisor(
      JSON.parse(readFileSync(process.env.ADVISOR_INDEX ?? 'dist/advisor-index.json', 'utf8')),
    );
    expect(advisor.index.realWords).toContain('patient');
    expect(advisor.search.correct('patient')).toBeUndefined();
    expect(advisor.search.correct('lunch')).toBeUndefined();
    expect(advisor.search.correct('serch')).toBe('search');
    expect(advisor.search.correct('discovri')).toBe('discoveri');
    // Two neighboring letters swapped, an edit distance of two, even in a short stem or the first two.
    expect(advisor.search.correct('dashbaord')).toBe('dashboard');
    expect(advisor.search.correct('buis')).toBe('busi');
    expect(advisor.search.correct('ifnorm')).toBe('inform');
  });
});
