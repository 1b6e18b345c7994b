import { readFileSync } from 'node:fs';
import { it } from 'vitest';
import { prepareAdvisor } from '../../src/features/advisor/advisor';
import { questionWords } from '../../src/features/advisor/search';
import { namedService } from '../../src/features/advisor/subject';
import * as I from '../../src/features/advisor/intents';
import { cases } from './cases';
import { evaluateCase } from './evaluate';

const advisor = prepareAdvisor(JSON.parse(readFileSync('dist/advisor-index.json', 'utf8')));
it('debug', () => {
  for (const id of (process.env.IDS ?? '').split(',')) {
    const c = cases.find((x) => x.id === id)!;
    const q = typeof c.ask === 'string' ? c.ask : c.ask[c.ask.length - 1]!;
    const words = questionWords(q);
    const out = [`\n## ${id}: ${q}`];
    out.push(words.map((w) => `${w.word}${w.added ? '+' : ''}[${w.terms.join(',')}]=${advisor.search.wordWeight(w).toFixed(1)}`).join(' '));
    out.push(`unknown=${advisor.search.unknownShare(words).toFixed(2)} named=${namedService(advisor.names, q)?.service.id} facet=${I.askedFacet(q)} price=${I.asksPrice(q)} rec=${I.asksRecommendation(q)} follow=${I.isFollowUp(q)} scope=${I.outOfScope(q)}`);
    for (const h of advisor.search.search(words, { limit: 6 })) out.push(`  ${h.score.toFixed(1)} cov=${h.coverage.toFixed(2)} ${h.doc.url}`);
    const r = evaluateCase(advisor, c);
    out.push(`=> ${r.reply.kind} ${r.passed ? 'PASS' : 'FAIL ' + r.problems.join('; ')}`);
    out.push(r.reply.content.slice(0, Number(process.env.LEN ?? 500)));
    console.log(out.join('\n'));
  }
});
