import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { answer, prepareAdvisor } from '../../src/features/advisor/engine/advisor';
import { STARTER_CONFIDENCE, starterQuestions } from '../../src/features/advisor/starters';
import { rateAnswer } from '../../src/features/advisor/ui/rating';
import { readReply } from '../../src/features/advisor/ui/conversation';

const advisor = prepareAdvisor(
  JSON.parse(readFileSync(process.env.ADVISOR_INDEX ?? 'dist/advisor-index.json', 'utf8')),
);

describe('the questions the empty chat offers', () => {
  const candidates = [
    'What is a Discovery Workshop and what does it cost?',
    'How much is the Discovery Workshop?',
    'What will the weather be like in Detroit next Tuesday?',
    'How are the audit scores calculated?',
  ];

  it('keeps only questions the advisor answers confidently, one per page', () => {
    const picked = starterQuestions(advisor, candidates);
    expect(picked).not.toContain('What will the weather be like in Detroit next Tuesday?');
    const pages = picked.map(
      (q) => answer(advisor, [{ role: 'user', content: q }]).sources[0].url.split('#')[0],
    );
    expect(new Set(pages).size).toBe(picked.length);
    for (const q of picked) {
      expect(answer(advisor, [{ role: 'user', content: q }]).confidence).toBeGreaterThanOrEqual(
        STARTER_CONFIDENCE,
      );
    }
    expect(starterQuestions(advisor, candidates, 1)).toHaveLength(1);
  });
});

describe('rating an answer from the chat', () => {
  it('reads the signed reply id the server sends, and drops a malformed one', () => {
    const signed = `0123456789abcdef.1764230400000.${'a'.repeat(43)}`;
    expect(readReply({ content: 'x', answerId: signed })?.answerId).toBe(signed);
    expect(readReply({ content: 'x', answerId: '0123456789abcdef' })?.answerId).toBeUndefined();
    expect(readReply({ content: 'x', answerId: '<script>' })?.answerId).toBeUndefined();
  });

  it('posts the rating with the reply id, and a comment only when there is one', async () => {
    const sent: { url: string; body: unknown }[] = [];
    const fetcher = (async (url: string, init: RequestInit) => {
      sent.push({ url, body: JSON.parse(String(init.body)) });
      return new Response(null, { status: 204 });
    }) as unknown as typeof fetch;
    expect(await rateAnswer('answer-1234', 'helpful', '  ', fetcher)).toBe(true);
    expect(await rateAnswer('answer-1234', 'not_helpful', ' Too vague ', fetcher)).toBe(true);
    expect(sent).toEqual([
      { url: '/api/chat/rating', body: { answerId: 'answer-1234', rating: 'helpful' } },
      {
        url: '/api/chat/rating',
        body: { answerId: 'answer-1234', rating: 'not_helpful', comment: 'Too vague' },
      },
    ]);
    const failing = (async () => new Response(null, { status: 429 })) as unknown as typeof fetch;
    expect(await rateAnswer('answer-1234', 'helpful', '', failing)).toBe(false);
  });
});
