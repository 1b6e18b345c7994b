/**
 * Cuts an MDX body into sections under its headings, as plain text the advisor can search and
 * quote. The body is parsed by the same Markdown parser Astro renders it with (Sätteri's mdast),
 * and headings take the ids Astro gave them, so a section's link lands on its heading.
 */
import { mdxToMdast, type MdastNode } from 'satteri';
import { slugify } from '../../../lib/paths';

/** A heading as Astro reports it from `render(entry)`. */
export interface RenderedHeading {
  depth: number;
  slug: string;
  text: string;
}

export interface Section {
  /** The heading's text; '' for the text before the first heading. */
  heading: string;
  /** The `##` heading above a `###` one. */
  parent?: string;
  /** The heading's id on the page; '' for the opening text. */
  anchor: string;
  depth: number;
  /** One paragraph per line; list items and table rows start with "- ". */
  text: string;
}

type Node = MdastNode & { children?: Node[]; value?: string; depth?: number };

/**
 * The sections of an MDX body, split at `##` and `###` headings (deeper headings stay inside
 * their section). `headings` are Astro's, in document order; without them, ids are made the way
 * Astro makes them for plain headings.
 */
export function mdxSections(mdx: string, headings: readonly RenderedHeading[] = []): Section[] {
  const tree = mdxToMdast(mdx, { position: false }) as Node;
  const sections: Section[] = [{ heading: '', anchor: '', depth: 1, text: '' }];
  const lines: string[][] = [[]];
  let parent: string | undefined;
  let headingIndex = 0;
  for (const node of tree.children ?? []) {
    if (node.type === 'heading') {
      const text = inlineText(node);
      const rendered = headings[headingIndex++];
      const anchor = rendered && rendered.text === text ? rendered.slug : slugify(text);
      if ((node.depth ?? 0) <= 3) {
        if (node.depth === 2) parent = text;
        sections.push({
          heading: text,
          ...(node.depth === 3 && parent ? { parent } : {}),
          anchor,
          depth: node.depth ?? 2,
          text: '',
        });
        lines.push([]);
        continue;
      }
    }
    lines[lines.length - 1]!.push(...blockLines(node));
  }
  return sections
    .map((s, i) => ({ ...s, text: lines[i]!.join('\n') }))
    .filter((s, i) => i > 0 || s.text !== '');
}

/** The plain-text lines of one block. */
function blockLines(node: Node): string[] {
  switch (node.type) {
    case 'paragraph':
    case 'heading': {
      const text = inlineText(node);
      return text ? [text] : [];
    }
    case 'list':
      return (node.children ?? []).flatMap((item) => listItemLines(item));
    case 'blockquote':
      return (node.children ?? []).flatMap(blockLines);
    case 'mdxJsxFlowElement': {
      // A component holds blocks, or (written on one line) just inline text.
      const blocks = (node.children ?? []).flatMap(blockLines);
      const inline = blocks.length ? '' : inlineText(node);
      return inline ? [inline] : blocks;
    }
    case 'table':
      return tableLines(node);
    default:
      // Code, thematic breaks, HTML, ESM and expressions say nothing a visitor asks about.
      return [];
  }
}

function listItemLines(item: Node): string[] {
  const [first, ...rest] = item.children ?? [];
  const head = first ? blockLines(first).join(' ') : '';
  const nested = rest.flatMap(blockLines).map((l) => (l.startsWith('- ') ? `  ${l}` : l));
  return [`- ${head}`, ...nested];
}

/** A table as one line per row: "- first cell; header: cell; header: cell". */
function tableLines(table: Node): string[] {
  const rows = (table.children ?? []).map((row) => (row.children ?? []).map(inlineText));
  const [header = [], ...body] = rows;
  return body.map(
    (cells) => `- ${cells.map((c, i) => (i === 0 ? c : `${header[i] ?? ''}: ${c}`)).join('; ')}`,
  );
}

/** The text of inline content: link text, code, emphasis, all as plain words. */
export function inlineText(node: Node): string {
  if (typeof node.value === 'string' && node.type !== 'mdxjsEsm') {
    return node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression' ? '' : node.value;
  }
  if (node.type === 'break') return ' ';
  return (node.children ?? []).map(inlineText).join('').replace(/\s+/g, ' ').trim();
}
