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
  /** The addresses its links point to, in order. */
  links: string[];
}

type Node = MdastNode & { children?: Node[]; value?: string; depth?: number };

/**
 * What the page shows for what the MDX body does not spell out: a component's text by its name
 * (`<DataController />`), an expression's by its source (`{site.legalName}`).
 */
export interface Rendering {
  components?: Readonly<Record<string, string>>;
  expressions?: Readonly<Record<string, string>>;
}

/**
 * The sections of an MDX body, split at `##` and `###` headings (deeper headings stay inside
 * their section). `headings` are Astro's, in document order; without them, ids are made the way
 * Astro makes them for plain headings.
 */
export function mdxSections(
  mdx: string,
  headings: readonly RenderedHeading[] = [],
  rendering: Rendering = {},
): Section[] {
  const tree = mdxToMdast(mdx, { position: false }) as Node;
  const blockLines = (node: Node) => linesOf(node, rendering);
  const sections: Section[] = [{ heading: '', anchor: '', depth: 1, text: '', links: [] }];
  const lines: string[][] = [[]];
  let parent: string | undefined;
  let headingIndex = 0;
  for (const node of tree.children ?? []) {
    if (node.type === 'heading') {
      const text = inlineText(node, rendering);
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
          links: [],
        });
        lines.push([]);
        continue;
      }
    }
    lines[lines.length - 1].push(...blockLines(node));
    sections[sections.length - 1].links.push(...linksIn(node));
  }
  return sections
    .map((s, i) => ({ ...s, text: lines[i].join('\n') }))
    .filter((s, i) => i > 0 || s.text !== '');
}

/** The addresses of the links in a node, in order. */
function linksIn(node: Node): string[] {
  const url = node.type === 'link' ? (node as { url?: string }).url : undefined;
  return [...(url ? [url] : []), ...(node.children ?? []).flatMap(linksIn)];
}

/** The plain-text lines of one block. */
function linesOf(node: Node, rendering: Rendering): string[] {
  const blockLines = (child: Node) => linesOf(child, rendering);
  switch (node.type) {
    case 'paragraph':
    case 'heading': {
      const text = inlineText(node, rendering);
      return text ? [text] : [];
    }
    case 'list':
      return (node.children ?? []).flatMap((item) => listItemLines(item, rendering));
    case 'blockquote':
      return (node.children ?? []).flatMap(blockLines);
    case 'mdxJsxFlowElement': {
      const name = (node as { name?: string | null }).name;
      const shown = name ? rendering.components?.[name] : undefined;
      if (shown) return shown.split('\n');
      // A component holds blocks, or (written on one line) just inline text.
      const blocks = (node.children ?? []).flatMap(blockLines);
      const inline = blocks.length ? '' : inlineText(node, rendering);
      return inline ? [inline] : blocks;
    }
    case 'table':
      return tableLines(node, rendering);
    default:
      // Code, thematic breaks, HTML, ESM and expressions say nothing a visitor asks about.
      return [];
  }
}

function listItemLines(item: Node, rendering: Rendering): string[] {
  const [first, ...rest] = item.children ?? [];
  const head = first ? linesOf(first, rendering).join(' ') : '';
  const nested = rest
    .flatMap((child) => linesOf(child, rendering))
    .map((l) => (l.startsWith('- ') ? `  ${l}` : l));
  return [`- ${head}`, ...nested];
}

/** A table as one line per row: "- first cell; header: cell; header: cell". */
function tableLines(table: Node, rendering: Rendering): string[] {
  const rows = (table.children ?? []).map((row) =>
    (row.children ?? []).map((cell) => inlineText(cell, rendering)),
  );
  const [header = [], ...body] = rows;
  return body.map(
    (cells) => `- ${cells.map((c, i) => (i === 0 ? c : `${header[i] ?? ''}: ${c}`)).join('; ')}`,
  );
}

/** The text of inline content: link text, code, emphasis, all as plain words. */
export function inlineText(node: Node, rendering: Rendering = {}): string {
  if (typeof node.value === 'string' && node.type !== 'mdxjsEsm') {
    return node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression'
      ? (rendering.expressions?.[node.value.trim()] ?? '')
      : node.value;
  }
  if (node.type === 'break') return ' ';
  return (node.children ?? [])
    .map((child) => inlineText(child, rendering))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}
