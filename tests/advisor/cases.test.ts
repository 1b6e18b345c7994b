/**
 * The evaluation sets' loader: a set file's `${...}` names put in as the patterns they stand for,
 * and a clear error, naming the file and the case, for anything the runner could not use.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { site } from '../../src/site.config';
import {
  checkDistinctIds,
  developmentCases,
  heldoutCases,
  loadCases,
  placesOf,
  shortCases,
  laterCases,
} from './cases';

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
    const price = new RegExp(c.facts![0] as string, 'i');
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
    expect(() => checkDistinctIds({ 'development.yaml': [c], 'heldout.yaml': [c] })).toThrow(
      'heldout.yaml, case a-case: the id is also used in development.yaml',
    );
    const ids = [...developmentCases, ...heldoutCases, ...shortCases, ...laterCases].map(
      (x) => x.id,
    );
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('the held-out set', () => {
  const ofGroup = (group: string) => heldoutCases.filter((c) => c.tags[0] === group);
  const tagged = (tag: string) =>
    heldoutCases.filter((c) => c.tags.slice(1).includes(tag as never));

  it('has at least 110 cases, with the conversations, multi-part questions and declines it promises', () => {
    expect(heldoutCases.length).toBeGreaterThanOrEqual(110);
    const followUps = ofGroup('follow-up');
    expect(followUps.length).toBeGreaterThanOrEqual(20);
    for (const c of followUps) expect(Array.isArray(c.ask), c.id).toBe(true);
    expect(ofGroup('multi-part').length).toBeGreaterThanOrEqual(12);
    const cannotAnswer = tagged('cannot-answer').filter((c) => c.expect === 'decline');
    expect(cannotAnswer.length).toBeGreaterThanOrEqual(12);
  });

  it('names its source, and the section and a link for every case it expects answered', () => {
    const answered = heldoutCases.filter((c) => c.expect === 'answer' || c.expect === 'recommend');
    expect(answered.filter((c) => !c.section || !c.cite).map((c) => c.id)).toEqual([]);
    expect(heldoutCases.filter((c) => !c.source).map((c) => c.id)).toEqual([]);
  });
});

describe('the later sets', () => {
  it('hold eighty-eight sets of 60, each answered case with its section and every case with its source', () => {
    expect(laterCases.length).toBe(5280);
    const answered = laterCases.filter((c) => c.expect === 'answer' || c.expect === 'recommend');
    expect(answered.filter((c) => !c.section).map((c) => c.id)).toEqual([]);
    expect(laterCases.filter((c) => !c.source).map((c) => c.id)).toEqual([]);
  });
});

/** The built site, when `npx astro build` has run. */
const dist = new URL('../../dist/', import.meta.url);

/** The element ids of a built page, by its path ('/', '/services/seo'); undefined if none. */
const builtIds = (() => {
  const cache = new Map<string, Set<string> | undefined>();
  return (path: string) => {
    if (!cache.has(path)) {
      const base = path === '/' ? 'index' : path.replace(/^\/|\/$/g, '');
      const file = [`${base}.html`, `${base}/index.html`]
        .map((name) => new URL(name, dist))
        .find((url) => existsSync(url));
      const html = file && readFileSync(file, 'utf8');
      cache.set(
        path,
        html ? new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1])) : undefined,
      );
    }
    return cache.get(path);
  };
})();

describe('the places the sets name', () => {
  it.skipIf(!existsSync(dist))('exist in the built site, anchors included', () => {
    const missing: string[] = [];
    for (const c of [...developmentCases, ...heldoutCases, ...shortCases, ...laterCases]) {
      for (const place of placesOf(c)) {
        const [path, anchor] = place.split('#') as [string, string | undefined];
        const ids = builtIds(path);
        if (!ids) missing.push(`${c.id}: no page ${path}`);
        else if (anchor && !ids.has(anchor)) missing.push(`${c.id}: no #${anchor} on ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
