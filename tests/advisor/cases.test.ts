/**
 * The evaluation sets' loader: a set file's `${...}` names put in as the patterns they stand for,
 * and a clear error, naming the file and the case, for anything the runner could not use.
 */
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { site } from '../../src/site.config';
import { checkDistinctIds, developmentCases, heldoutCases, loadCases } from './cases';

/** One case, as YAML, with `fields` over a valid minimal answer. */
const one = (fields: Record<string, unknown>) =>
  stringify([{ id: 'a-case', ask: 'How much?', expect: 'answer', tags: ['service'], ...fields }]);

describe('loadCases', () => {
  it('puts in names, keys, building blocks and paths with anchors', () => {
    const [c] = loadCases(
      one({
        cite: '${page.data}#investment-heading',
        facts: ['${price.data}', ['${qty(90, days?)}', 'up to ${num(15)} people'], '${region}'],
        forbid: ['${span(3, 5)}'],
      }),
    );
    expect(c).toMatchObject({
      cite: '/services/data-insights#investment-heading',
      facts: [
        '\\$\\s?4,?000(?!,?\\d)',
        ['(?:90|ninety)[\\s-]+days?', 'up to (?:15|fifteen) people'],
        [site.address.region, `\\b${site.address.regionCode}\\b`],
      ],
      forbid: ['(?:3|three)\\s*(?:-|–|—|to)\\s*(?:5|five)'],
    });
  });

  it('puts in names in a lead and a section', () => {
    const [c] = loadCases(
      one({
        section: ['${page.data}#investment-heading', '/#faq-nonprofits'],
        lead: ['${price.data}', ['${qty(60, days?)}', 'sixty']],
      }),
    );
    expect(c).toMatchObject({
      section: ['/services/data-insights#investment-heading', '/#faq-nonprofits'],
      lead: ['\\$\\s?4,?000(?!,?\\d)', ['(?:60|sixty)[\\s-]+days?', 'sixty']],
    });
  });

  it('reads a price before the comma or period that ends its clause, but not a larger number', () => {
    const [c] = loadCases(one({ facts: ['${usd(4000)}'] }));
    const price = new RegExp(c!.facts![0] as string, 'i');
    for (const text of [
      'starts at $4,000, with',
      'from $4000.',
      '$ 4,000 to $12,000',
      '$4,000.00',
    ]) {
      expect(price.test(text), text).toBe(true);
    }
    for (const text of ['$40,000', '$4,000,000', '$4,0001', '$14,000']) {
      expect(price.test(text), text).toBe(false);
    }
  });

  it.each([
    ['an unknown name', { facts: ['${prices.data}'] }, 'unknown name prices'],
    ['an unknown key', { cite: '${page.catering}' }, 'page takes one of the keys'],
    ['a table without its key', { cite: '${page}' }, 'page takes one of the keys'],
    ['a word for a number', { facts: ['${qty(ninety, days)}'] }, 'wants a whole number'],
    ['too few arguments', { facts: ['${span(3)}'] }, 'span() takes number, number, text?'],
    ['a list inside text', { facts: ['by ${consultantName}'] }, 'is a list'],
    ['a list where one pattern goes', { forbid: ['${region}'] }, 'only a fact can be one'],
    ['a pattern that does not compile', { forbid: ['(unclosed'] }, 'Invalid regular expression'],
    ['a lead pattern that does not compile', { lead: ['[a-'] }, 'Invalid regular expression'],
    ['a section that is not a path', { section: 'services/seo' }, 'not a root-relative path'],
    ['a section with two anchors', { section: '/audit#a#b' }, 'not a root-relative path'],
  ])('refuses %s, naming the case', (_, fields, message) => {
    expect(() => loadCases(one(fields))).toThrow(/development\.yaml, case a-case: /);
    expect(() => loadCases(one(fields))).toThrow(message);
  });

  it.each([
    ['an unknown group', { tags: ['pricing'] }, '0.tags.0'],
    ['an unknown field', { answer: 'x' }, 'Unrecognized key'],
    ['an unknown kind of reply', { expect: 'refuse' }, '0.expect'],
    ['an empty conversation', { ask: [] }, '0.ask'],
  ])("refuses %s, with the field's path", (_, fields, message) => {
    expect(() => loadCases(one(fields))).toThrow("does not fit the evaluation set's shape");
    expect(() => loadCases(one(fields))).toThrow(message);
  });

  it('refuses an id used twice', () => {
    const text = one({}) + one({ ask: 'And again?' });
    expect(() => loadCases(text)).toThrow('case a-case: the id is used twice');
  });

  it('reads the whole development set, every id once', () => {
    expect(developmentCases.length).toBeGreaterThan(100);
    expect(new Set(developmentCases.map((c) => c.id)).size).toBe(developmentCases.length);
  });

  it('names the file a case is read from', () => {
    expect(() => loadCases(one({ tags: ['pricing'] }), 'heldout.yaml')).toThrow(
      "heldout.yaml does not fit the evaluation set's shape",
    );
  });

  it('refuses an id used in both sets', () => {
    const [c] = loadCases(one({}));
    expect(() => checkDistinctIds({ 'development.yaml': [c!], 'heldout.yaml': [c!] })).toThrow(
      'heldout.yaml, case a-case: the id is also used in development.yaml',
    );
    const ids = [...developmentCases, ...heldoutCases].map((x) => x.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
