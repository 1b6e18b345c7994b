/**
 * Retrieval quality of the built-in advisor, against the index the build generated from the
 * content collections. `npm test` builds first; in a separate build, point ADVISOR_INDEX at it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  answer,
  dollarAmounts,
  mentionsUnknownPrice,
  namedService,
  prepareAdvisor,
  search,
  terms,
} from '../../src/features/advisor/advisor.server';
import type { AdvisorIndex } from '../../src/features/advisor/index-builder';
import type { ChatMessage } from '../../src/features/advisor/contract';

const INDEX_FILE = process.env.ADVISOR_INDEX ?? 'dist/advisor-index.json';
const index = JSON.parse(readFileSync(INDEX_FILE, 'utf8')) as AdvisorIndex;
const advisor = prepareAdvisor(index);

const ask = (...turns: string[]) => {
  const messages: ChatMessage[] = turns.map((content, i) => ({
    role: i % 2 === 0 ? 'user' : 'assistant',
    content,
  }));
  return answer(advisor, messages);
};

/** [question, a page the answer must cite, a fact the answer must contain] */
const TABLE: [string, string, string | RegExp][] = [
  ['How much is the Discovery Workshop?', '/services/discovery-workshop', '$750'],
  ['Do you help nonprofits?', '/#faq', '20-30%'],
  ['How long until we see results?', '/#faq', '30-60 days'],
  ['What does AI website optimization include?', '/services/ai-website-optimization', '20 pages'],
  [
    'How do I get AI systems to cite my site?',
    '/articles/ai-citation-guide',
    /crawlable and indexed/,
  ],
  ['What does operations consulting cost?', '/services/operations-consulting', '$3,500'],
  ['How much is AI strategy training?', '/services/ai-strategy-training', '$4,500'],
  ['What is the price of the data insights service?', '/services/data-insights', '3-5 dashboards'],
  ['Pricing for AI implementation consulting?', '/services/ai-implementation-consulting', '$5,000'],
  ['Is there a discount for charities?', '/#faq', '20-30%'],
  ['Do you work with government agencies?', '/services/ai-implementation-consulting', /agenc/],
  ['How do you protect our data?', '/#faq', 'AES-256'],
  ['How do you measure success?', '/#faq', 'weekly reports'],
  ['We have no in-house technical staff. Can you still help?', '/#faq', 'plain language'],
  ['What email should I use to talk to sales?', '/#chat', 'consulting@example.com'],
  ['Who are your consultants?', '/consultants', 'Alex Example'],
  ['What is a soft 404?', '/articles/server-errors-guide', /200 OK/],
  ['Should I block GPTBot?', '/articles/ai-citation-guide', /train/],
  ['What is llms.txt?', '/articles/ai-citation-guide', 'llmstxt.org'],
  ['What is answer engine optimization?', '/articles/ai-search-evolution', /AEO/],
  ['How do I get more Google reviews?', '/articles/quick-seo-wins-small-businesses', /review/],
  [
    'What do you need from us for the discovery workshop?',
    '/services/discovery-workshop',
    /hours of uninterrupted time/,
  ],
  [
    'What training formats do you offer?',
    '/services/ai-strategy-training',
    /2-4 hour|4-6 sessions|1-2 days/,
  ],
  ['When do I get the report after the discovery workshop?', '/#faq', '48 hours'],
  ['Are you a veteran-owned business?', '/', 'Michigan'],
  ['Do you do local SEO?', '/services/seo', /Google Business Profile|local/i],
  ['How do you improve business operations?', '/#faq', '2-5 hours'],
];

describe('built-in advisor: retrieval quality', () => {
  it.each(TABLE)('%s', (question, page, fact) => {
    const reply = ask(question);
    expect(reply.sources?.map((s) => s.url)).toContain(page);
    if (typeof fact === 'string') expect(reply.content).toContain(fact);
    else expect(reply.content).toMatch(fact);
  });

  it('never states a price the content does not', () => {
    for (const [question] of TABLE) {
      const reply = ask(question);
      for (const amount of dollarAmounts(reply.content)) {
        expect(advisor.knownAmounts.has(amount), `${amount} in "${question}"`).toBe(true);
      }
    }
    const list = ask('How much do you charge?');
    const priced = index.services.filter((s) => s.startingPrice !== undefined);
    expect(priced).toHaveLength(7);
    for (const s of priced) {
      expect(list.content).toContain(
        `[${s.name}](${s.url}): from $${s.startingPrice!.toLocaleString('en-US')}`,
      );
    }
    // Monthly SEO has no published price, so it is never listed with one.
    expect(list.content).not.toContain('(/services/seo)');
    const seo = ask('How much do your SEO services cost?');
    expect(seo.sources?.[0]?.url).toBe('/services/seo');
    expect(dollarAmounts(seo.content)).toEqual([]);
  });

  it.each([
    'What is the weather in Paris today?',
    'Do you sell pizza?',
    'Can you repair my car transmission?',
  ])('says plainly when nothing relevant is found: %s', (question) => {
    const reply = ask(question);
    expect(reply.content).toContain("I couldn't find an answer to that on our site");
    expect(reply.content).toContain('(/questionnaire)');
    for (const c of index.contacts) expect(reply.content).toContain(`mailto:${c.email}`);
    expect(reply.sources ?? []).toEqual([]);
  });

  it('resolves a follow-up price question to the service named before', () => {
    const reply = ask(
      'Tell me about operations consulting',
      'Operations Consulting ...',
      'How much is it?',
    );
    expect(reply.content).toContain('$3,500');
    expect(reply.sources?.[0]?.url).toBe('/services/operations-consulting');
  });

  it('answers a greeting without searching', () => {
    expect(ask('Hello!').content).toMatch(/^Hello! I can answer questions about/);
  });
});

describe('advisor helpers', () => {
  it('stems and drops stop words, joining hyphenated words', () => {
    expect(terms('How do nonprofits get non-profit pricing?')).toEqual([
      'nonprofit',
      'non',
      'profit',
      'nonprofit',
      'price',
    ]);
  });

  it('recognises a named service only when one stands out', () => {
    expect(namedService(advisor, 'the discovery workshop')?.id).toBe('discovery-workshop');
    expect(namedService(advisor, 'SEO services')?.id).toBe('seo');
    expect(namedService(advisor, 'what services do you have')).toBeUndefined();
  });

  it('reads dollar amounts and flags unknown ones', () => {
    expect(dollarAmounts('From $750 to $2,500, or $3k')).toEqual([750, 2500, 3000]);
    expect(mentionsUnknownPrice(advisor, 'It costs $750.')).toBe(false);
    expect(mentionsUnknownPrice(advisor, 'It costs $999.')).toBe(true);
  });

  it('ranks the passage that answers above the rest', () => {
    const [top] = search(advisor, 'What is a soft 404?');
    expect(top?.passage.url).toBe('/articles/server-errors-guide');
    expect(top?.coverage).toBe(1);
  });
});
