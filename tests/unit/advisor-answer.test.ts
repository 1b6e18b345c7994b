/**
 * The built-in advisor on the site's own content (the index the build wrote), one behaviour per
 * test: how a question is read decides which section answers and what the reply opens with.
 * The evaluation sets (tests/advisor) measure the whole; these pin the rules one by one.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { answer, prepareAdvisor } from '../../src/features/advisor/engine/advisor';
import type { ChatMessage } from '../../src/features/advisor/contract';
import { formatUsdRange } from '../../src/lib/services';

const advisor = prepareAdvisor(
  JSON.parse(readFileSync(process.env.ADVISOR_INDEX ?? 'dist/advisor-index.json', 'utf8')),
);

/** The reply to the last of `turns`, the advisor answering each earlier one live. */
function ask(...turns: string[]) {
  const messages: ChatMessage[] = [];
  let reply = answer(advisor, [{ role: 'user', content: turns[0] }]);
  for (const turn of turns) {
    messages.push({ role: 'user', content: turn });
    reply = answer(advisor, messages);
    messages.push({ role: 'assistant', content: reply.content });
  }
  return reply;
}

describe('the built-in advisor', () => {
  it('answers "how long does it take?" about the service in discussion with its schedule, in order', () => {
    const reply = ask(
      'what is your operations consulting service?',
      'how long does it take start to finish?',
    );
    expect(reply.sources[0].url).toBe(
      '/services/operations-consulting#what-the-engagement-looks-like',
    );
    expect(reply.content.startsWith('Weeks 1-2')).toBe(true);
    expect(reply.content.indexOf('Weeks 3-4')).toBeLessThan(reply.content.indexOf('Weeks 9-12'));
  });

  it('answers what the work would cost after a situation with the service that fits and its range', () => {
    const reply = ask(
      'We run a small dental office. Our site has about 15 pages and never shows up on Google, and ChatGPT lists every dentist in town but us. How much would it cost to get the site fixed?',
    );
    expect(reply.kind).toBe('recommend');
    expect(reply.content).toContain('[AI Website Optimization & SEO Guidance]');
    expect(reply.content).toContain(
      'The listed range for AI Website Optimization & SEO Guidance is $2,500-$8,000.',
    );
  });

  it('knows a service by what only its description says it does ("the dashboard package")', () => {
    const reply = ask('how much is the dashboard package?');
    expect(reply.content.startsWith('Data Insights & Analytics starts at $4,000')).toBe(true);
  });

  it('answers each of the questions a message lists with commas', () => {
    const reply = ask(
      'Three quick ones about the dashboard service: how much is it, how many dashboards do we get, and how long do you stick around after it is built?',
    );
    const opening = reply.content.split('\n\n')[0];
    expect(opening).toContain('$4,000');
    expect(opening).toMatch(/3-5 dashboards|three to five dashboards/i);
    expect(reply.content).toContain('60 days of support');
  });

  it("answers a named service's price from its price section, with what the price includes", () => {
    const reply = ask('what do you charge per month for SEO? landscaping company, 2 locations');
    expect(reply.sources[0].url).toBe('/services/seo#how-it-is-priced');
    const nonprofit = ask('what does the nonprofit package cost?');
    expect(nonprofit.content).toMatch(/The starting price includes:\n\n- 2-3 automations\./);
  });

  it('does not answer a question about the firm with a guide’s advice to readers', () => {
    const reply = ask("What's your hourly rate?");
    expect(reply.sources.some((s) => s.url.startsWith('/articles/'))).toBe(false);
    const capability = ask('Do you help with Google Business Profile?');
    expect(capability.sources[0].url.startsWith('/services/seo')).toBe(true);
  });

  it('opens the answer to "what does it mean?" with the sentence that says what it is', () => {
    const reply = ask(
      "search console says a bunch of our pages are 'soft 404'. what does that even mean??",
    );
    expect(reply.content.startsWith('A soft 404 is a page that returns 200 OK')).toBe(true);
  });

  it('does not answer "what does it include?" with what it does not include', () => {
    const reply = ask('what does the AI website optimization project include?');
    expect(reply.sources[0].url).not.toContain('does-not-include');
  });

  it('quotes a short section whole: its sentences and list answer together', () => {
    const reply = ask('How much is the half-day AI class for our staff?');
    expect(reply.sources[0].url).toBe('/services/ai-strategy-training#investment-heading');
    expect(reply.content).toContain('AI Strategy & Training starts at $4,500');
    expect(reply.content).toContain('- 30 days of email support.');
    expect(reply.content).toContain('We quote once we know the format and group size.');
  });

  it("says a list's introduction once, before its items", () => {
    const reply = ask(
      'For the website optimization project, is the price fixed up front or do you bill hours as you go?',
    );
    expect(reply.content).toContain('- Up to 20 pages.');
    expect(reply.content.split('The starting price includes:').length - 1).toBe(1);
  });

  it('does not take a year for a count: "how big was the boost?" opens with the figure', () => {
    const reply = ask(
      'that GEO research everyone quotes, how big was the visibility boost they actually found?',
    );
    expect(reply.content.split('. ')[0]).toContain('40 percent');
  });

  it("names the service of every price range it quotes, so none is read as another's", () => {
    const reply = ask(
      'Which of your services has the lowest starting price, and what is the most any of them can run going by your listed price ranges?',
    );
    const ranges = reply.content.split(/(?<=\.)\s+/).filter((s) => s.includes('listed range'));
    expect(ranges.length).toBeGreaterThan(0);
    for (const sentence of ranges) {
      const named = advisor.services.filter((s) => sentence.includes(s.name));
      expect(named, sentence).toHaveLength(1);
      expect(sentence).toContain(formatUsdRange(named[0].range!));
    }
  });

  it('says which service an answer is about when the one before it spoke of another', () => {
    const reply = ask(
      'How much is the discovery workshop, and how long is the support after the data insights project?',
    );
    const opening = reply.content.split('\n\n')[0];
    expect(opening.startsWith('Discovery Workshop starts at $750')).toBe(true);
    expect(opening).toContain('For Data Insights & Analytics, ');
    // And so do the quotations below it: the 60 days are Data Insights', not the workshop's.
    expect(reply.content).toContain('For Data Insights & Analytics, the starting price includes');
  });
});
