/**
 * The lead check: a reply read as a prospect sees it, split into sentences, and a case's `lead`
 * facts looked for in the first two. Sample replies stand in for the advisor's.
 */
import { describe, expect, it } from 'vitest';
import { expandPatterns } from './patterns';
import { leadProblems, opening, readerText, sentences } from './reading';

/** A case's lead facts, written as in a set file. */
const lead = (...facts: (string | string[])[]) =>
  facts.map((f) =>
    typeof f === 'string'
      ? (expandPatterns(f) as string)
      : f.map((x) => expandPatterns(x) as string),
  );

describe('readerText', () => {
  it('reduces links to their text and drops emphasis, code and line markers', () => {
    expect(
      readerText(
        '## Price\n**The [Discovery Workshop](/services/discovery-workshop#investment-heading)** starts at *$750*.\n- `2-3` hour session\n1. Report within _48 hours_\n> Quoted note',
      ),
    ).toBe(
      'Price\nThe Discovery Workshop starts at $750.\n2-3 hour session\nReport within 48 hours\nQuoted note',
    );
  });

  it('leaves underscores and asterisks inside words and sums alone', () => {
    expect(readerText('Set max_snippet on page_one; 3 * 4 = 12.')).toBe(
      'Set max_snippet on page_one; 3 * 4 = 12.',
    );
  });
});

describe('sentences', () => {
  it('splits on . ! ? before whitespace or the end, and on line breaks', () => {
    expect(sentences('Yes! We do. Want details?\nEmail us\n\nThanks.')).toEqual([
      'Yes!',
      'We do.',
      'Want details?',
      'Email us',
      'Thanks.',
    ]);
  });

  it('does not end a sentence at an abbreviation, a price or an address', () => {
    expect(
      sentences(
        'Most clients, e.g. a 10-person shop, start with the workshop (approx. 2-3 hours). It is $1,500.00 for nonprofits vs. $750 list at example.com. Then we report.',
      ),
    ).toEqual([
      'Most clients, e.g. a 10-person shop, start with the workshop (approx. 2-3 hours).',
      'It is $1,500.00 for nonprofits vs. $750 list at example.com.',
      'Then we report.',
    ]);
  });

  it('ends a sentence at "etc." only when a capital follows', () => {
    expect(sentences('Forms, emails etc. are mapped. Reports, etc. Then a call.')).toEqual([
      'Forms, emails etc. are mapped.',
      'Reports, etc.',
      'Then a call.',
    ]);
  });

  it('treats a bold "No." and each list item as a sentence of its own', () => {
    expect(
      sentences('**No.** The site does not list one.\n- 3-5 dashboards\n* 60 days of support'),
    ).toEqual(['No.', 'The site does not list one.', '3-5 dashboards', '60 days of support']);
  });

  it('keeps closing quotes and brackets with their sentence and skips empty lines', () => {
    expect(sentences('It says "use 503." Then (a Retry-After.)\n---\n')).toEqual([
      'It says "use 503."',
      'Then (a Retry-After.)',
    ]);
  });
});

describe('leadProblems', () => {
  const price = lead('${price.workshop}');

  it('passes a reply that gives the answer first', () => {
    const reply =
      'The [Discovery Workshop](/services/discovery-workshop#investment-heading) starts at **$750**. It is a 2-3 hour session, in person or by video.\n\n- Written report within 48 hours\n- Follow-up call';
    expect(opening(reply)).toBe(
      'The Discovery Workshop starts at $750. It is a 2-3 hour session, in person or by video.',
    );
    expect(leadProblems(price, reply)).toEqual([]);
  });

  it('accepts the answer in the second sentence', () => {
    expect(leadProblems(price, 'Good question! It starts at $750.')).toEqual([]);
  });

  it('fails a reply whose answer comes in the third sentence', () => {
    const reply =
      'Thanks for asking. We offer eight services. The Discovery Workshop starts at $750.';
    expect(leadProblems(price, reply)).toEqual([
      `does not state ${String(price[0])} in its first two sentences`,
    ]);
  });

  it('counts a list item as a sentence, so an answer after an intro line and one item is third', () => {
    const reply = 'Here is what is included:\n- 3-5 dashboards\n- 60 days of support';
    expect(leadProblems(lead('${qty(60, days?)}'), reply)).toHaveLength(1);
    expect(leadProblems(lead('${span(3, 5, dashboards?)}'), reply)).toEqual([]);
  });

  it('is not fooled by "e.g." or "$1,500.00" into counting extra sentences', () => {
    const reply =
      'For nonprofits, e.g. a food bank, the package starts at $1,500.00 before the discount. The discount is generally 20-30% off standard rates.';
    expect(leadProblems(lead('${percentRange(20, 30)}', '${price.nonprofit}'), reply)).toEqual([]);
  });

  it('does not read a fact from a link address the reader never sees', () => {
    const reply = 'See [this page](/services/seo#how-it-is-priced). It is quoted after a review.';
    expect(leadProblems(lead('how-it-is-priced'), reply)).toHaveLength(1);
    expect(leadProblems(lead(['monthly', 'quoted']), reply)).toEqual([]);
  });

  it('reports every lead fact that is missing', () => {
    expect(leadProblems(lead('a', 'b'), 'Nothing here. Or here. a b')).toHaveLength(2);
  });
});
