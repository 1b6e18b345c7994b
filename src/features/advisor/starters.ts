/**
 * The questions the empty chat offers to start with: questions the site's own content asks (its
 * FAQs), kept only when the advisor answers them well (not declined, confident), no two about
 * the same page. Picked at build time, so they follow the content.
 */
import { answer, type Advisor } from './engine/advisor';

/** The least confidence a starter's answer may have. */
export const STARTER_CONFIDENCE = 0.6;

/** Up to `count` of `candidates` the advisor answers well, the surest first. */
export function starterQuestions(advisor: Advisor, candidates: readonly string[], count = 4) {
  const answered = candidates
    .map((question) => ({
      question,
      reply: answer(advisor, [{ role: 'user', content: question }]),
    }))
    .filter(({ reply }) => reply.kind === 'answer' && !reply.declined)
    .filter(({ reply }) => reply.confidence >= STARTER_CONFIDENCE)
    .sort((a, b) => b.reply.confidence - a.reply.confidence);
  const pages = new Set<string>();
  const picked: string[] = [];
  for (const { question, reply } of answered) {
    const page = reply.sources[0].url.split('#')[0];
    if (!pages.has(page) && picked.length < count) picked.push(question);
    pages.add(page);
  }
  return picked;
}
