/**
 * Choosing what to quote from a section: the sentence that answers the question first, then
 * the facts that support it, and a list whole when the question asks for one.
 */
import type { AdvisorDoc } from './knowledge';
import type { AdvisorSearch, QueryWord } from './search';
import { indexTerm, tokenize } from './vocabulary';

/** A sentence of a paragraph, or one list item. */
export interface Unit {
  text: string;
  item: boolean;
  /** Which line of the section's text it came from. */
  line: number;
}

/** The sentences and list items of a section's text, in order. */
export function units(text: string): Unit[] {
  return text.split('\n').flatMap((raw, line): Unit[] => {
    const item = raw.startsWith('- ');
    if (item) return [{ text: raw.slice(2).trim(), item, line }];
    return raw
      .split(/(?<=[.!?])\s+(?=["'(]?[A-Z0-9$])/)
      .map((s) => ({ text: s.trim(), item, line }))
      .filter((u) => u.text);
  });
}

/** How well a unit matches the question: the rarity of the question's words it contains. */
export function unitScore(
  search: AdvisorSearch,
  words: readonly QueryWord[],
  text: string,
): number {
  const have = new Set(tokenize(text).map(indexTerm));
  return words.reduce((sum, w) => {
    const hit = w.terms.find((t) => have.has(t));
    // Squared, so the one rare word that names the subject ("GPTBot") outweighs two common ones.
    return hit ? sum + search.idf(hit) ** 2 * (hit === w.terms[0] ? 1 : 0.6) : sum;
  }, 0);
}

/** Words an excerpt runs to, lists aside. */
const EXCERPT_WORDS = 110;
/** List items quoted at most. */
const LIST_ITEMS = 12;

export interface ExcerptOptions {
  /** The question asks for a list: quote the section's list whole. */
  list?: boolean;
}

/**
 * The answer's body from one section: the best sentence first (the section's opening sentence
 * when it answers nearly as well, since sections state their point first), then the sentences
 * that follow it, then other well-matching units, within EXCERPT_WORDS; a list whole when asked
 * for or when the chosen sentence introduces it.
 */
export function excerpt(
  search: AdvisorSearch,
  doc: AdvisorDoc,
  words: readonly QueryWord[],
  options: ExcerptOptions = {},
): string {
  const all = units(doc.text);
  if (all.length === 0) return '';
  const scored = all.map((u, i) => ({ ...u, i, score: unitScore(search, words, u.text) }));
  const sentences = scored.filter((u) => !u.item);
  const items = scored.filter((u) => u.item);
  const best = Math.max(0, ...scored.map((u) => u.score));

  if (doc.kind === 'faq') return faqAnswer(doc.text);

  let lead = sentences[0] ?? scored[0]!;
  const top = [...sentences].sort((a, b) => b.score - a.score || a.i - b.i)[0];
  if (top && top.score > lead.score * 1.6) lead = top;

  const chosen = new Set<number>([lead.i]);
  let count = wordCount(lead.text);
  const wantList = items.length > 0 && (options.list || lead.text.endsWith(':') || best === 0);
  // Sentences that follow the lead in its paragraph carry its reasoning.
  for (const u of sentences) {
    if (u.line !== lead.line || u.i <= lead.i) continue;
    if (count + wordCount(u.text) > EXCERPT_WORDS) break;
    chosen.add(u.i);
    count += wordCount(u.text);
  }
  if (!wantList) {
    const rest = scored
      .filter((u) => !chosen.has(u.i) && u.score > 0 && u.score >= best / 2)
      .sort((a, b) => b.score - a.score || a.i - b.i);
    for (const u of rest) {
      if (count + wordCount(u.text) > EXCERPT_WORDS) break;
      chosen.add(u.i);
      count += wordCount(u.text);
    }
  }
  if (wantList) {
    for (const u of items.slice(0, LIST_ITEMS)) chosen.add(u.i);
  }
  // A lead-in such as "In practice it looks like this:" means nothing without the list after it.
  for (const u of scored.filter((c) => chosen.has(c.i) && c.text.endsWith(':'))) {
    const list = [];
    for (let k = u.i + 1; scored[k]?.item; k++) list.push(scored[k]!);
    if (list.length === 0) chosen.delete(u.i);
    for (const item of list.slice(0, LIST_ITEMS)) chosen.add(item.i);
  }
  if (chosen.size === 0) chosen.add(lead.i);
  return joinUnits(scored.filter((u) => chosen.has(u.i)));
}

/** An FAQ answer: the whole answer when short, else its opening sentences. */
export function faqAnswer(text: string): string {
  const sentences = units(text);
  const out: Unit[] = [];
  let count = 0;
  for (const u of sentences) {
    if (out.length > 0 && count + wordCount(u.text) > EXCERPT_WORDS) break;
    out.push(u);
    count += wordCount(u.text);
  }
  return joinUnits(out);
}

/** Units back into text: sentences of a line joined by spaces, lines and items by breaks. */
function joinUnits(list: readonly Unit[]): string {
  let out = '';
  list.forEach((u, k) => {
    const prev = list[k - 1];
    const text = u.item ? `- ${u.text}` : u.text;
    if (!prev) out = text;
    else if (u.item) out += `${prev.item ? '\n' : '\n\n'}${text}`;
    else out += prev.item || prev.line !== u.line ? `\n\n${text}` : ` ${text}`;
  });
  return out;
}

function wordCount(text: string): number {
  return text.split(/\s+/).length;
}
