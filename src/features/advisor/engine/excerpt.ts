/**
 * Choosing what to quote from a section: the sentence that answers the question first, then
 * the facts that support it, and a list whole when the question asks for one.
 */
import type { AdvisorDoc } from '../index/schema';
import type { AdvisorSearch, QueryWord } from './search';
import { indexTerm, tokenize } from '../index/text';

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

/** The weight of each question word a unit contains, by position in `words` (0 when absent). */
export function wordHits(
  search: AdvisorSearch,
  words: readonly QueryWord[],
  text: string,
): number[] {
  const have = new Set(tokenize(text).map(indexTerm));
  return words.map((w) => {
    const hit = w.terms.find((t) => have.has(t));
    // Squared, so the one rare word that names the subject ("GPTBot") outweighs two common ones.
    return hit ? search.idf(hit) ** 2 * (hit === w.terms[0] ? 1 : 0.6) : 0;
  });
}

/** How well a unit matches the question: the rarity of the question's words it contains. */
export function unitScore(
  search: AdvisorSearch,
  words: readonly QueryWord[],
  text: string,
): number {
  return wordHits(search, words, text).reduce((a, b) => a + b, 0);
}

/** Sentences that give the firm's verdict, which a yes-or-no question is asking for. */
const VERDICT =
  /\b(our position|our advice|we recommend|the short answer|in short|bottom line|in practice)\b/i;

/** A question that asks for a yes or a no ("do I need llms.txt?"). */
function yesNo(_words: readonly QueryWord[], question?: string): boolean {
  return /^(do|does|is|are|should|can|will|would|could|must)\b/i.test(question?.trim() ?? '');
}

/** Words an excerpt runs to, lists aside. */
const EXCERPT_WORDS = 110;
/** List items quoted at most. */
const LIST_ITEMS = 12;

export interface ExcerptOptions {
  /** The question asks for a list: quote the section's list whole. */
  list?: boolean;
  /** The question as typed, to tell a yes-or-no question. */
  question?: string;
}

/**
 * The answer's body from one section: the best sentence first (the section's opening sentence
 * when it answers nearly as well, since sections state their point first) and the sentences
 * that follow it; then, within EXCERPT_WORDS, the units that add the most of the question not
 * yet answered (so "block GPTBot... ChatGPT search?" quotes both robots' rows) and, for a
 * yes-or-no question, the section's verdict; a list whole when asked for or introduced.
 */
export function excerpt(
  search: AdvisorSearch,
  doc: AdvisorDoc,
  words: readonly QueryWord[],
  options: ExcerptOptions = {},
): string {
  const all = units(doc.text);
  if (all.length === 0) return '';
  if (doc.kind === 'faq') return faqAnswer(doc.text);
  const scored = all.map((u, i) => {
    const hits = wordHits(search, words, u.text);
    return { ...u, i, hits, score: hits.reduce((a, b) => a + b, 0) };
  });
  const sentences = scored.filter((u) => !u.item);
  const items = scored.filter((u) => u.item);
  const best = Math.max(0, ...scored.map((u) => u.score));

  let lead = sentences[0] ?? scored[0]!;
  const top = [...sentences].sort((a, b) => b.score - a.score || a.i - b.i)[0];
  if (top && top.score > lead.score * 1.6) lead = top;

  const chosen = new Set<number>([lead.i]);
  let count = wordCount(lead.text);
  // The sentence before the lead, in its paragraph, often names what it speaks of.
  const before = scored[lead.i - 1];
  if (before && !before.item && before.line === lead.line && before.score > 0) {
    chosen.add(before.i);
    count += wordCount(before.text);
  }
  const add = (u: (typeof scored)[number]) => {
    chosen.add(u.i);
    count += wordCount(u.text);
  };
  const fits = (u: (typeof scored)[number]) => count + wordCount(u.text) <= EXCERPT_WORDS;
  const wantList = items.length > 0 && (options.list || lead.text.endsWith(':') || best === 0);
  // Sentences that follow the lead in its paragraph carry its reasoning.
  for (const u of sentences) {
    if (u.line !== lead.line || u.i <= lead.i) continue;
    if (!fits(u)) break;
    add(u);
  }
  if (yesNo(words, options.question)) {
    const verdict = sentences.find((u) => VERDICT.test(u.text) && !chosen.has(u.i));
    if (verdict && fits(verdict)) add(verdict);
  }
  if (!wantList) {
    // Greedy cover: each next unit is the one adding the most of what is not yet answered.
    const answered = words.map((_, k) => [...chosen].some((i) => scored[i]!.hits[k]! > 0));
    for (;;) {
      const gain = (u: (typeof scored)[number]) =>
        u.hits.reduce((sum, h, k) => sum + (answered[k] ? 0 : h), 0);
      const next = scored
        .filter(
          (u) => !chosen.has(u.i) && fits(u) && gain(u) >= Math.min(best / 3, 10) && gain(u) > 0,
        )
        .sort((a, b) => gain(b) - gain(a) || a.i - b.i)[0];
      if (!next) break;
      add(next);
      next.hits.forEach((h, k) => (answered[k] ||= h > 0));
    }
  }
  if (wantList) {
    for (const u of items.slice(0, LIST_ITEMS)) chosen.add(u.i);
  } else {
    // Short items that match (a list of names: "chatgpt.com", "perplexity.ai") come together.
    const short = items.filter((u) => u.score > 0 && wordCount(u.text) <= 6);
    if (short.some((u) => chosen.has(u.i)))
      for (const u of short.slice(0, LIST_ITEMS)) chosen.add(u.i);
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
