import { readFileSync } from 'node:fs';
import { it } from 'vitest';
import { prepareAdvisor } from '../../src/features/advisor/advisor';
import { questionWords } from '../../src/features/advisor/search';
import { cases } from './cases';

const advisor = prepareAdvisor(JSON.parse(readFileSync('dist/advisor-index.json', 'utf8')));
it('stats', () => {
  const rows: string[] = [];
  for (const c of cases) {
    const q = typeof c.ask === 'string' ? c.ask : c.ask[c.ask.length - 1]!;
    const words = questionWords(q);
    const hits = advisor.search.search(words, { limit: 5 });
    const [a, b] = hits;
    const cites = c.cite === undefined ? [] : typeof c.cite === 'string' ? [c.cite] : c.cite;
    const ok = a && cites.some((x) => (x.includes('#') ? a.doc.url === x : a.doc.url.split('#')[0] === x));
    rows.push(`${c.expect.padEnd(9)} ${ok ? 'HIT ' : 'miss'} cov=${(a?.coverage ?? 0).toFixed(2)} ratio=${a && b ? (a.score / b.score).toFixed(2) : '-'} unk=${advisor.search.unknownShare(words).toFixed(2)} ${c.id}`);
  }
  console.log(rows.sort().join('\n'));
});
