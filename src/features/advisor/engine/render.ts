/**
 * An answer as the visitor reads it: its units as sentences (a list item with the line that
 * introduces its list), the rest of its quotation as paragraphs and lists in the page's order,
 * each block about another service than the one before it saying which, and its sources and
 * links to the exact sections.
 */
import type { ChatSource } from '../contract';
import type { AdvisorDoc } from '../index/schema';
import type { PartAnswer } from './compose';
import type { RankedUnit } from './units';
import type { Section } from './search';

/** A unit as a sentence of its own: a list item with the line that introduces its list. */
export function asSentence(section: Section, unit: RankedUnit['unit']): string {
  if (!unit.item) return unit.text;
  const item = unit.text.replace(/[.;]$/, '');
  if (item.includes(':')) return `${item}.`;
  if (unit.intro) return `${unit.intro.replace(/:$/, '')} ${continued(item)}.`;
  return `${headingOf(section.doc)}: ${item}.`;
}

/**
 * A sentence's opening words continuing another sentence: "Up to 30% nonprofit discount",
 * "Half-day workshop" and "The listed range" go on in lower case; a name ("AI tools", "Google
 * Search Console") does not.
 */
export function continued(text: string): string {
  return /^[A-Z][a-z]*(?:-[a-z]+)*\s+[a-z0-9]/.test(text)
    ? text.replace(/^[A-Z]/, (c) => c.toLowerCase())
    : text;
}

/**
 * Follows which service a reply last spoke of (`first`: what was said before, '' for no service,
 * undefined for nothing yet): a sentence is read as about the service named before it, so a text
 * about another one that does not name it says which ("For Data Insights & Analytics, ...").
 */
export function speaker(
  nameOf: (service: string) => string | undefined,
  first?: string,
): (service: string | undefined, text: string) => string {
  let speaking = first;
  return (service, text) => {
    const name =
      service && speaking !== undefined && service !== speaking ? nameOf(service) : undefined;
    if (service) speaking = service;
    return name && !text.includes(name) ? `For ${name}, ${continued(text)}` : text;
  };
}

/** A section's heading without the service or page name before it. */
function headingOf(doc: AdvisorDoc): string {
  return doc.title.replace(/^[^:]+:\s*/, '');
}

/**
 * A part's quotation after its opening (`opened`: the lead alone, its paragraph, or nothing when
 * a list opens with its introduction): units of one line joined into a paragraph, list items as
 * a list (with the line that introduces them), each section's units in its own order.
 */
export function renderRest(
  answer: PartAnswer,
  opened: 'lead' | 'paragraph' | 'nothing',
  nameOf: (service: string) => string | undefined = () => undefined,
): string {
  const said = opened === 'nothing' ? [] : opened === 'lead' ? [answer.lead!] : answer.paragraph;
  const withLead = opened === 'nothing';
  const rest = answer.units.filter((u) => !said.some((p) => p.unit === u.unit));
  if (rest.length === 0) return '';
  const order = new Map(answer.sections.map((s, i) => [s.section, i]));
  rest.sort(
    (a, b) =>
      (order.get(a.section) ?? 99) - (order.get(b.section) ?? 99) || a.unit.index - b.unit.index,
  );
  const blocks: string[] = [];
  let paragraph: string[] = [];
  let list: string[] = [];
  let last: RankedUnit | undefined;
  // After the lead: what it spoke of, or of no service ('').
  const about = speaker(nameOf, answer.lead?.section.doc.service ?? '');
  const say = (r: RankedUnit, text: string) => about(r.section.doc.service, text);
  const flush = () => {
    if (paragraph.length) blocks.push(paragraph.join(' '));
    if (list.length) blocks.push(list.join('\n'));
    paragraph = [];
    list = [];
  };
  for (const r of rest) {
    if (r.unit.item) {
      const items = rest.filter((x) => x.unit.item && x.section === r.section);
      if (items.length === 1) {
        if (list.length || (last && last.section !== r.section)) flush();
        const sentence = asSentence(r.section, r.unit);
        paragraph.push(paragraph.length ? sentence : say(r, sentence));
        last = r;
        continue;
      }
      if (paragraph.length) flush();
      // The list's introduction, unless the reply has just said it (its last sentence).
      const introduced = said.some((p) => r.unit.intro?.endsWith(p.unit.text));
      if (list.length === 0 && r.unit.intro && !withLead && !introduced) {
        blocks.push(say(r, r.unit.intro));
      }
      list.push(`- ${r.unit.text}`);
    } else {
      // A list's introduction quoted with its items is said once, before them.
      const introduces = rest.some(
        (x) => x.unit.item && x.section === r.section && x.unit.intro === r.unit.text,
      );
      if (introduces && !withLead) continue;
      const sameLine = last?.section === r.section && last.unit.line === r.unit.line;
      if (list.length || (paragraph.length && !sameLine)) flush();
      paragraph.push(paragraph.length ? r.unit.text : say(r, r.unit.text));
    }
    last = r;
  }
  flush();
  return blocks.join('\n\n');
}

/** How a section is named in a reply's sources. */
export function docSource(doc: AdvisorDoc): ChatSource {
  const title =
    doc.kind === 'faq'
      ? doc.title
      : doc.kind === 'article' && doc.title !== doc.page
        ? `${doc.page}: ${doc.title}`
        : doc.kind === 'page' && doc.context && doc.title !== doc.context
          ? `${doc.context}: ${doc.title}`
          : doc.title;
  return { title, url: doc.url };
}

/** A Markdown link to a section. */
export function sectionLink(doc: AdvisorDoc): string {
  const { title, url } = docSource(doc);
  return `[${title}](${url})`;
}

/**
 * The sources of an answer: each part's answering section, then the other sections quoted,
 * then (to three) the next sections that matched nearly as well.
 */
export function answerSources(answers: readonly PartAnswer[], limit = 3): ChatSource[] {
  const docs: AdvisorDoc[] = [];
  const push = (d: AdvisorDoc) => {
    if (!docs.some((x) => x.url === d.url)) docs.push(d);
  };
  for (const a of answers) if (a.lead) push(a.lead.section.doc);
  for (const a of answers) for (const u of a.units) push(u.section.doc);
  const first = answers[0];
  if (first?.sections[0]) {
    const top = first.sections[0].score;
    for (const s of first.sections.slice(0, 4)) if (s.score >= top * 0.5) push(s.section.doc);
  }
  return docs.slice(0, Math.max(limit, answers.length)).map(docSource);
}
