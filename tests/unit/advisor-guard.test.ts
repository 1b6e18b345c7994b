/**
 * The guard on language-model replies: what the firm claims (its amounts in every currency form,
 * other currencies next to an amount, percentages, durations, quantities of what the content
 * counts, dates and promises) must be stated by the grounding or the firm's facts, whatever
 * characters it hides behind; what the visitor wrote may be given back to them; a bare number
 * names rather than states. Each row of a table is one form; each can fail on its own.
 */
import { describe, expect, it } from 'vitest';
import {
  replyGuard,
  statedFacts,
  unstatedClaim,
  visitorFacts,
} from '../../src/features/advisor/engine/guard';
import { claimsOf, plainFigures, wordsToNumber } from '../../src/features/advisor/engine/figures';
import type { ServiceFacts } from '../../src/features/advisor/corpus/schema';

const services: ServiceFacts[] = [
  {
    id: 'discovery-workshop',
    url: '/services/discovery-workshop',
    name: 'Discovery Workshop',
    aliases: ['Foundation Service'],
    description: '',
    startingPrice: 750,
    range: [2000, 6000],
  },
  {
    id: 'data-insights',
    url: '/services/data-insights',
    name: 'Data Insights & Analytics',
    aliases: ['Data Insights'],
    description: '',
    startingPrice: 4000,
    range: [4000, 12000],
  },
];

/** What the grounding sections say, as the chat route passes them to the guard. */
const grounding = [
  {
    service: 'discovery-workshop',
    text: 'Discovery Workshop starts at $750. A 2-3 hour session, with a written report within 48 hours.',
  },
  { text: 'Our nonprofit discount is generally 20-30% off standard rates.' },
  { text: 'It covers up to 20 pages and includes 3 months of monitoring.' },
  { text: 'Most clients see first results within 30-60 days.' },
  { text: 'Google follows up to 10 redirects. In May 2024 Google rolled out AI Overviews.' },
  { text: 'Nobody can promise a number one position.' },
  { text: 'The website audit is free, with no sign-up and results in under a minute.' },
  { text: 'Quick SEO wins\nWin 9: fix your title tags\nEvery title names the page.' },
  { text: 'Weeks 1-2: Assess. For each of the 3-5 processes in scope we map the steps.' },
  { text: 'Weeks 9-12 and beyond: Roll out and support.' },
  { text: 'Teams can book an offsite (2-3 days) after the workshop.' },
  {
    text: 'Page changes need to be recrawled first, so expect a month or two before you judge them.',
  },
  { text: 'The vendor runs 2 agents.' },
  { text: 'The list names 6 crawlers.' },
];

const stated = statedFacts(grounding, services);

describe('reading figures', () => {
  it.each([
    ['two thousand five hundred dollars', '2500 dollars'],
    ['five grand', '$5000'],
    ['$1.5k', '$1500'],
    ['1.5k per week', '$1500 per week'],
    ['about two grand', 'about $2000'],
    ['２０００ dollars', '2000 dollars'],
    ['＄750', '$750'],
    ['$1\u200b500', '$1500'],
    ['$1,500', '$1500'],
    ['ninety percent', '90 percent'],
    ['one hour', '1 hour'],
    ['one business day', 'one business day'],
  ])('reads %j as %j', (text, plain) => {
    expect(plainFigures(text)).toBe(plain);
  });

  it('reads number words, and leaves words that are not a number', () => {
    expect(wordsToNumber('seven hundred and fifty')).toBe(750);
    expect(wordsToNumber('a hundred')).toBe(100);
    expect(wordsToNumber('plenty')).toBeNull();
  });

  it('reads both ends of a range', () => {
    expect(claimsOf('It takes 30-60 days.')).toMatchObject([
      { kind: 'duration', value: 30, to: 60 },
    ]);
  });
});

describe('unstatedClaim: what passes', () => {
  it.each([
    ['a stated price with its service', 'The Discovery Workshop starts at $750.'],
    ['a stated price by pronoun', 'The Discovery Workshop is a good start. It costs $750.'],
    ['a stated range', 'Data Insights runs from $4,000 to $12,000.'],
    ['a stated discount', 'Nonprofits get a 20-30% discount.'],
    ['the published discount, restated', 'Your nonprofit discount shows in the proposal.'],
    ['both ends of a stated discount', 'The nonprofit discount is 20% to 30% off.'],
    ['a stated duration', 'You get the report within 48 hours, after a 2-3 hour session.'],
    ['a stated duration in words', 'Expect first results within thirty to sixty days.'],
    ['a stated duration in another unit', 'You get the written report within two days.'],
    ['a stated quantity', 'It covers up to 20 of your pages.'],
    ['a stated number', 'Google follows up to 10 redirects in a row.'],
    ['a stated date', 'AI Overviews reached everyone in May 2024.'],
    ['a guarantee refused', 'Nobody can guarantee you a number one position.'],
    ['a refund refused', "We don't offer refunds on the workshop."],
    ['no figures at all', 'Happy to help: tell me about your business.'],
    ['a number from a heading', 'Win 9 is about title tags: every title names the page.'],
    ['a status code', 'Use a 301 redirect, and fix any 504 gateway timeout at the server.'],
    ['two status codes offered', 'For a page moved for good, use a 301 or 308 redirect.'],
    ['two status codes named together', 'Temporary 302 and 307 redirects are a weak signal.'],
    ['two status codes offered, then what they go to', 'Serve 503 or 429 to crawlers for now.'],
    ['a count of something the content never counts', 'There are two options here.'],
    ['"try" as a word', 'Try the free audit first, then try again next week.'],
    ['what the site says is free', 'Run our free website audit: no sign-up needed.'],
    ['"feel free" and "free up"', 'Feel free to ask; automation can free up hours each week.'],
    ['a price said to fit', 'That starting price matches what you describe.'],
    ['a cost said to be nearly nothing', 'On most platforms the setting is close to free.'],
    ['a frequency with "a"', 'We meet once a week, and reports come twice a month.'],
    ['two digits after a price word', 'An A starts at 90, a B at 80.'],
    ['a small count of our own', 'We have 2 options for you.'],
    ['a count a guide gives', 'Our guide lists 11 quick wins.'],
    ['the published price after a price word', 'The Discovery Workshop starts at 750.'],
    ['the upper end of a range', 'The session runs up to 3 hours.'],
    ['a span named unit first, said otherwise', 'In weeks 1 and 2 we assess how the work is done.'],
    ['the length of a span', 'It opens with a two-week assessment.'],
    ['the end of a timeline', 'Roll-out finishes by about 12 weeks in.'],
    ['numbered items named, not counted', 'Steps 4-7 cover reviews; Win 9 covers titles.'],
    ['some of what the content counts', 'We could start with two of the processes you named.'],
    ['a figure denied', 'There is no 50% discount.'],
    ['a promise refused with a contraction', "You shouldn't expect a guarantee of rankings."],
    ['a promise given as advice', 'Ask any vendor for their refund policy in writing.'],
    ['a list of promises refused', "We don't offer guarantees, refunds or risk-free trials."],
    ['a promise refused after it', 'Refunds are not something the site mentions.'],
    ['a discount rejected after it', 'A 90% discount for every client never appears on the site.'],
    ['a list counted in its lead-in', 'Here are the four pages to fix first:'],
    [
      'a list counted in a lead-in with a link',
      'The crawler list names six agents ([Known crawlers](/articles/ai-citation-guide#known-crawlers)):',
    ],
    [
      'a promise word in a contrast',
      'Treat the 30-60 days as a typical range rather than a promise.',
    ],
    [
      'a discount in a list one negation covers',
      "The site doesn't list the code SAVE-NOW-2025 you mentioned or any 90% discount for it.",
    ],
    [
      'a discount after "or a" in a list one negation covers',
      "We don't publish a coupon like SPRING40 or a 40% discount for the dashboards.",
    ],
    ['"grand" in a place name', 'Several of our clients are a Grand Junction drive away.'],
    ['"grand" as an adjective', 'That is a grand total of 20 pages.'],
    ['a range before its noun, its unit singular', 'Teams can add a 2-3 day offsite later.'],
    [
      'a promise word in a practice the sentence faults',
      "Trading a discount for a testimonial breaks the directory's rules.",
    ],
    [
      'a promise word a rule rules out, with nobody of ours before it',
      "Google's review guidance rules out discounts, gifts or other incentives for reviews.",
    ],
    [
      'a discount a rule forbids after the words that name it',
      'So a discount in exchange for a review is not allowed.',
    ],
    [
      'a promise called a red flag',
      'A promise of guaranteed rankings is one of the red flags we warn clients about.',
    ],
    [
      'a promise a guide warns against',
      'Our own guide warns against anyone who promises guaranteed rankings.',
    ],
    [
      'a promise the visitor is told to be careful of',
      'The same goes for AI answers: be careful with anyone who promises a guaranteed spot.',
    ],
    ['a price before any discount', 'The Discovery Workshop starts at $750 before any discount.'],
    [
      'discounts left to what the site states',
      'I can only give you prices and discounts as the site states them.',
    ],
    [
      'a promise a guide advises against',
      'Our guide advises against offering discounts or gifts in exchange for reviews.',
    ],
    [
      'a promise called a waste of money',
      'Our guide lists guaranteed rankings first among the things not to waste money on.',
    ],
    ['"a month or two", as the site says it', 'Page changes usually take a month or two to judge.'],
    [
      'a person being free',
      "Include your phone number and the times you're free, and they can arrange a call.",
    ],
    [
      'a promise refused, then "the same goes for" another',
      "We won't guarantee a number one spot. The same goes for a guaranteed place in an AI answer.",
    ],
  ])('passes %s', (_, text) => {
    expect(unstatedClaim(text, stated)).toBeNull();
  });
});

describe('unstatedClaim: what is refused', () => {
  it.each([
    ['an unstated dollar amount', 'The workshop is only $199 this week.'],
    ['a dollar sign after the number', 'The workshop is 99$ today.'],
    ['a full-width dollar sign', 'The workshop is ＄99 today.'],
    ['US dollars as a code before', 'It is USD 99.'],
    ['US dollars as a code after', 'It is 99 USD.'],
    ['dollars in words', 'It is just two hundred dollars.'],
    ['an amount without a symbol, per month', 'Support is 99 per month.'],
    ['an amount with k', 'The full project is 1.5k.'],
    ['grand', 'It comes to five grand.'],
    ['"a year or two", which the site never says', 'Page changes take a year or two to judge.'],
    ['a duration in another unit the site does not state', 'The report arrives within three days.'],
    ['a free offer of our own', 'The workshop is free for new clients.'],
    [
      'a promise in a clause after one that warns',
      'Our guide warns against paying full price, so the fee is waived for you.',
    ],
    [
      'a promise after a warning and a comma',
      'Experts advise against waiting, and the workshop is free.',
    ],
    [
      'a promise a warning is said to be the reason for',
      'Nobody should waste money, which is why the audit comes with a money-back guarantee.',
    ],
    [
      '"the same goes for" a promise with none refused before it',
      'Rankings take time. The same goes for a guaranteed place in an AI answer.',
    ],
    [
      'a promise in a clause after "the same goes for"',
      "We can't promise rankings. The same goes for AI answers, but refunds are guaranteed.",
    ],
    [
      'a promise after one refused, said on its own',
      "We won't guarantee a number one spot. We guarantee a place in AI answers.",
    ],
    [
      'a promise after the words that fault a practice',
      'Offering discounts breaks the rules and the workshop is free.',
    ],
    [
      'a promise in a practice, beside another clause that faults something else',
      'Offering a free workshop is our way to say thanks, and buying reviews is not allowed.',
    ],
    [
      'a zero-width space inside a figure',
      'The workshop costs $7\u200b50 only for you: $1\u200b99.',
    ],
    ['the euro sign', 'The Discovery Workshop costs €750.'],
    ['the pound sign', 'The Discovery Workshop costs £750.'],
    ['the won sign', 'The Discovery Workshop costs ₩750.'],
    ['the bitcoin sign', 'The Discovery Workshop costs ₿1.'],
    ['a currency code (MXN)', 'That is 750 MXN.'],
    ['a crypto code (BTC)', 'That is 0.05 BTC.'],
    ['a currency by name', 'That comes to 750 euros.'],
    ['a known price on the wrong service', 'Data Insights starts at $750.'],
    ['a known price on the wrong service, by pronoun', 'Data Insights is popular. It is $750.'],
    ['an unstated discount', 'You qualify for a 90% discount.'],
    ['a discount in words', 'We can take fifty percent off the price.'],
    ['a percentage that is not a discount', 'Clients see 300% more traffic.'],
    ['a currency code next to an amount', 'It is 750 TRY.'],
    ['an unstated duration', 'The report arrives within 24 hours.'],
    ['one end of a range as the whole', 'The written report arrives within 2 hours.'],
    ['a rate per week', 'The Discovery Workshop is 1.5k per week.'],
    ['grand', 'Data Insights runs about two grand.'],
    ['a refund', 'You get a full refund if you are not satisfied.'],
    ['a bound stated as a negation', 'The workshop costs no more than $99.'],
    ['a discount with a clause after it', 'We offer a 90% discount that never expires.'],
    ['more than what the content counts', 'We could take on six of the processes at once.'],
    ['money back', "It's money-back if you're unhappy."],
    ['an invented discount', 'Startups get a discount on the workshop.'],
    ['full-width digits', 'The Discovery Workshop costs $２００.'],
    ['a date the site does not give', 'We can start on March 15.'],
    ['an unstated duration in words', 'The whole project takes five weeks.'],
    ['an unstated quantity', 'It covers up to 50 pages.'],
    ['an unstated number', 'Google follows up to 5 redirects.'],
    ['an unstated count given as two choices', 'Google follows 15 or 20 redirects.'],
    ['an unstated count after a status code', 'Fix the 404 and 150 redirects we found.'],
    ['an unstated year', 'AI Overviews launched in 2019.'],
    ['a guarantee', 'We guarantee first-page rankings.'],
    ['a promise', 'We promise you will rank first.'],
    ['a risk-free offer', 'Every project is risk-free.'],
    ['a range before its noun, not stated', 'Teams can add a 4-5 day offsite later.'],
    ['a count of what the content counts, not a lead-in', 'The vendor runs six agents.'],
    ['an offer made with a gerund subject', 'Signing up this month gets you a discount.'],
    [
      'a wrong price before a negation of something else in the next clause',
      'The Discovery Workshop costs $9,999, and discounts are not offered.',
    ],
    ['an amount a price word leads to, with no sign', 'The Discovery Workshop starts at 1,250.'],
    ['a rate a price word leads to, with no sign', 'It runs about 1250 a month.'],
    ['a count of our own the content never gives', 'We have served 500 clients.'],
    ['a count of our own work the content never gives', "We've run 40 workshops this year."],
    ['a duration said with "a"', 'The written report takes a week.'],
    ['a duration said with "within a"', 'The report arrives within a day.'],
    ['something free the site does not offer', 'You get the second workshop free.'],
    ['something complimentary', 'The workshop is complimentary for nonprofits.'],
    ['a fee waived', "We'll waive the fee for you."],
    ['a price match', 'We offer a price match.'],
    ['a price match of our own', 'Our price matches any competitor quote.'],
    ['two for one', "There's a 2-for-1 deal on workshops."],
    ['half price', 'Nonprofits pay half price.'],
    ['an amount in the answer to an "if"', 'If you book now it costs $1,250.'],
    ['a discount in the answer to an "if"', 'If you book this week, you get 40% off.'],
    ['an amount after "not only"', 'Not only is it $1,250, it includes lunch.'],
    ['a bound with a word between', 'You will not pay more than $1,250.'],
    ['a bound after "no ... beyond"', 'There are no hidden fees beyond the $1,250 total.'],
    [
      'a wrong duration before "and" and a negation',
      'The workshop takes 9 days and travel is not included.',
    ],
    [
      'our own promise beside a rule that faults others',
      'We guarantee first-page rankings, unlike the agencies Google warns against.',
    ],
    ['a promise "against" something', 'Every project is guaranteed against delays.'],
    [
      'a discount that shares words with the published one but not whom it is for',
      'Standard rates come with a discount when you book this month.',
    ],
    ['two counts offered that could be status codes', 'The list names 200 or 300 crawlers.'],
    [
      'an unstated figure at the start of a long reply with no sentence break',
      `It is $1 ${'and it is a very good deal for a small business that wants to grow '.repeat(12)}`,
    ],
  ])('refuses %s', (_, text) => {
    expect(unstatedClaim(text, stated)).not.toBeNull();
  });
});

describe('what the visitor wrote', () => {
  const visitor = visitorFacts([
    'We are a 14-person firm, site built in 2017, and we keep getting a 504. Our budget is $3,000 and we need it live in 7 weeks. Can we get 50% off?',
  ]);
  it.each([
    ['their team size', 'For a 14-person firm like yours, start small.'],
    ['their year', 'A site built in 2017 likely needs a review.'],
    ['their budget, given back', 'Your $3,000 budget covers the Discovery Workshop.'],
    ['their budget, weighed', 'Yes, $3,000 is within reach of the Discovery Workshop.'],
    ['their deadline, asked about', 'Can we have it live in your 7 weeks?'],
    [
      'their deadline, given back',
      'The site does not say whether it fits the 7 weeks you mentioned.',
    ],
    ['their discount, refused', "We can't offer 50% off."],
    [
      'their discount, faulted in its clause',
      "Google rules out incentives, so a 50% discount in exchange for a review isn't allowed.",
    ],
    [
      'their discount, in a practice the sentence faults',
      'Google rules out incentives, so offering 50% off for a review could put the profile at risk.',
    ],
    ['their figure, quoted', 'The "$3,000" you saw is not a price the site lists.'],
    ['their budget as a yardstick', 'Two services have starting prices within $3,000.'],
    ['their budget as a yardstick, above', 'The other services start above $3,000.'],
    ['their budget beside a service it holds for', 'The Discovery Workshop fits under $3,000.'],
    [
      'their budget covering a service it holds for',
      'Your $3,000 budget covers the Discovery Workshop.',
    ],
    [
      'their discount, as their own promotion to run',
      "You're welcome to run a 50% promotion, as long as it isn't tied to a review.",
    ],
    [
      'their figure, refuted',
      "That note says the workshop costs $3,000, which isn't what the site states.",
    ],
    [
      'their figure, asked about',
      "The guides don't cover it, so I can't tell you from what the site says whether that plan is worth $3,000.",
    ],
  ])('gives back %s', (_, text) => {
    expect(unstatedClaim(text, stated, visitor)).toBeNull();
  });
  it.each([
    ['their discount, confirmed', "Yes, you'll get 50% off."],
    ['their discount, as something they can get', 'You can get 50% off the workshop.'],
    ['their discount, given by us', 'We can give you 50% off.'],
    [
      'their budget, as what they could run a project for',
      'You could run Data Insights for $3,000.',
    ],
    [
      'their budget, stated and not refuted',
      'The Data Insights project is $3,000, which is what we charge.',
    ],
    ['their deadline, promised', 'We will have it live in 7 weeks.'],
    ['their deadline, given back as our promise', 'We can have it live in the 7 weeks you need.'],
    ['their budget as our price', 'The Data Insights project costs $3,000.'],
    ['their budget beside a service it does not hold for', 'Data Insights fits under $3,000.'],
    [
      'their budget said to fit a service it does not hold for',
      'Data Insights fits your $3,000 budget.',
    ],
    [
      'their budget said to cover a service it does not hold for',
      'Your $3,000 covers Data Insights.',
    ],
    [
      'their budget as our price, in a sentence that faults something far from it',
      'The Data Insights project costs $3,000, and buying reviews is not allowed.',
    ],
    [
      'their discount, offered by us in a sentence that faults a practice',
      "We're flexible, offering 50% off to anyone who books, which goes against the norm.",
    ],
  ])('never confirms %s as ours', (_, text) => {
    expect(unstatedClaim(text, stated, visitor)).not.toBeNull();
  });
});

describe('replyGuard: corrects or drops a sentence, never the reply', () => {
  it('reads "It\'s free" as said of what the sentence before named', () => {
    const check = replyGuard(stated, visitorFacts([]));
    expect(check('Start with the website audit on your home page. ').problem).toBeUndefined();
    expect(check("It's free, and you get results quickly.").problem).toBeUndefined();
    const other = replyGuard(stated, visitorFacts([]));
    expect(other('Start with the Discovery Workshop and its report. ').problem).toBeUndefined();
    expect(other("It's free, and you get results quickly.").problem).toMatch(/promise/);
  });

  it('holds a duration opening on "it" to the service named just before it', () => {
    const check = replyGuard(stated, visitorFacts([]));
    expect(check('Data Insights & Analytics starts at $4,000. ').problem).toBeUndefined();
    // The Discovery Workshop's 48 hours are not Data Insights'.
    expect(check('It includes a written report within 48 hours.').problem).toMatch(/duration/);
    // What belongs to no service may still be said of it.
    expect(check('It covers up to 20 pages.').problem).toBeUndefined();
  });

  it("corrects a wrong price to the service's published one", () => {
    const check = replyGuard(stated, visitorFacts([]));
    expect(check('The Discovery Workshop is a good start. ').text).toBe(
      'The Discovery Workshop is a good start. ',
    );
    const v = check('It costs $1,200.\n');
    expect(v.problem).toMatch(/amount/);
    expect(v.text).toBe(
      'Discovery Workshop starts at $750, and its listed range is $2,000-$6,000.\n',
    );
    // Said once: a second wrong price of the same service is dropped.
    expect(check('- It is $900. ').text).toBe('');
  });
  it('reads a sentence that names no service as speaking of any service named just before', () => {
    const check = replyGuard(stated, visitorFacts([]));
    check('The Discovery Workshop comes first; Data Insights builds the dashboards later. ');
    expect(check('It starts at $750.').problem).toBeUndefined();
    expect(check('It starts at $1,500.').problem).toMatch(/amount/);
    const single = replyGuard(stated, visitorFacts([]));
    single('Data Insights builds the dashboards. ');
    expect(single('It starts at $750.').problem).toMatch(/another service/);
  });
  it('lets "your discount" refer back to the published discount once the reply stated it', () => {
    const check = replyGuard(stated, visitorFacts([]));
    expect(check('Your discount shows in the written proposal.').problem).toMatch(/promise/);
    expect(check('Nonprofits get a 20-30% discount. ').problem).toBeUndefined();
    expect(check('Your discount shows in the written proposal.').problem).toBeUndefined();
    expect(check('That discount is 20-30% off standard rates.').problem).toBeUndefined();
    expect(check('It is usually 20-30% off our standard rates.').problem).toBeUndefined();
    expect(check("It's 90% off for anyone who books today.").problem).toMatch(/percentage/);
    expect(check('You also get a discount for paying upfront.').problem).toMatch(/promise/);
  });
  it('corrects a price only in a sentence about the service; drops it in any other', () => {
    const check = replyGuard(stated, visitorFacts([]));
    check('- The Discovery Workshop, from $750. ');
    expect(check('Everything else starts at $9,999.')).toEqual({
      problem: expect.stringMatching(/amount/),
      text: '',
    });
    expect(check('It costs $1,200.').text).toMatch(/^Discovery Workshop starts at \$750/);
  });
  it('drops a refused sentence that belongs to no service', () => {
    const check = replyGuard(stated, visitorFacts([]));
    expect(check('We guarantee first-page rankings. ')).toEqual({
      problem: expect.stringMatching(/promise/),
      text: '',
    });
  });
});
