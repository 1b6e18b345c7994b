/**
 * The sources of a language model's reply: the sections it used, not the ones it was sent. First
 * the sections it links, in the order it links them, then those it quotes (a run of
 * QUOTED_WORDS words of the section's text in the reply), in the order it quotes them. A reply
 * that links and quotes nothing it was sent, a decline or an off-topic answer, has none. Links
 * that offer a person (the questionnaire) are not sources.
 */
import type { ChatSource } from '../contract';
import { QUESTIONNAIRE_URL } from '../corpus/schema';
import { tokenize } from '../corpus/text';
import { docSource } from './render';
import type { Section } from './search';

/** How many words in a row make a quotation. */
export const QUOTED_WORDS = 6;

/** The root-relative address a Markdown link in a reply points to, or null for another site. */
function linkPath(href: string): string | null {
  return href.startsWith('/') && !href.startsWith('//') ? href : null;
}

/** The runs of QUOTED_WORDS words of a text, as keys. */
function runs(words: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i + QUOTED_WORDS <= words.length; i++) {
    out.push(words.slice(i, i + QUOTED_WORDS).join(' '));
  }
  return out;
}

export function citedSources(reply: string, sections: readonly Section[]): ChatSource[] {
  const out: ChatSource[] = [];
  const seen = new Set<string>();
  const add = (source: ChatSource) => {
    if (seen.has(source.url)) return;
    seen.add(source.url);
    out.push(source);
  };
  for (const m of reply.matchAll(/\]\(\s*<?([^)\s>]+)>?\s*\)/g)) {
    const path = linkPath(m[1]);
    if (!path || path.split('#')[0] === QUESTIONNAIRE_URL) continue;
    const exact = sections.find((s) => s.doc.url === path);
    if (exact) add(docSource(exact.doc));
    else {
      const onPage = sections.find((s) => s.doc.url.split('#')[0] === path);
      if (onPage) add({ title: onPage.doc.page, url: path });
    }
  }
  const replyRuns = runs(tokenize(reply));
  const firstQuote = sections
    .map((section) => {
      const own = new Set(runs(tokenize(section.doc.text)));
      return { section, at: replyRuns.findIndex((r) => own.has(r)) };
    })
    .filter((q) => q.at >= 0)
    .sort((a, b) => a.at - b.at);
  for (const { section } of firstQuote) add(docSource(section.doc));
  return out;
}

/** Whether a reply offers the visitor a person: it links the questionnaire or names an address. */
export function offersPerson(reply: string): boolean {
  return reply.includes(`](${QUESTIONNAIRE_URL}`) || /[\w.+-]+@[\w-]+\.[\w.]+/.test(reply);
}
