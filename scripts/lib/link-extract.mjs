// Finds the outside (http/https) addresses in content files with their line numbers: every
// URL-valued string in YAML (frontmatter of .md/.mdx files and the data files: sources, FAQ
// links, consultants' links) and every address in the body of .md/.mdx files outside code.
import { LineCounter, isScalar, parseDocument, visit } from 'yaml';

/** @typedef {{ url: string, file: string, line: number }} LinkLocation */

const URL_PATTERN = /https?:\/\/[^\s<>"'`\\\]{}|^]+/g;

/**
 * Hosts kept for documentation and tests (RFC 2606): placeholders, never requested. (A link to
 * localhost is checked: published, it would be broken for every reader.)
 */
export function isReservedHost(url) {
  let host;
  try {
    host = new URL(url).hostname;
  } catch {
    return false;
  }
  return /(^|\.)example\.(com|net|org)$/.test(host) || /\.(example|test|invalid)$/.test(host);
}

/** An address as written in prose: without trailing punctuation or an unmatched `)`. */
export function trimUrl(raw) {
  let url = raw.replace(/[.,;:!?*_~]+$/, '');
  while (url.endsWith(')') && count(url, '(') < count(url, ')')) {
    url = url.slice(0, -1).replace(/[.,;:!?*_~]+$/, '');
  }
  return url;
}

const count = (text, char) => text.split(char).length - 1;

/** Replaces every character but newlines, so offsets and line numbers stay as they were. */
const blank = (text) => text.replace(/[^\n]/g, ' ');

/**
 * The body with code (fenced blocks and inline spans) and comments blanked out: addresses in
 * code samples are examples, not links.
 */
export function blankCode(body) {
  let fence = null;
  const lines = body.split('\n').map((line) => {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = null;
      return blank(line);
    }
    if (marker) {
      fence = marker;
      return blank(line);
    }
    return line;
  });
  return lines
    .join('\n')
    .replace(/(`+)[^`][\s\S]*?\1/g, blank)
    .replace(/<!--[\s\S]*?-->/g, blank)
    .replace(/\{\/\*[\s\S]*?\*\/\}/g, blank);
}

/** URL-valued strings of a YAML text, with lines counted from `firstLine`. */
export function linksInYaml(text, file, firstLine = 1) {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, keepSourceTokens: false });
  if (doc.errors.length) {
    const { message } = doc.errors[0];
    throw new Error(`${file}: YAML does not parse: ${message}`);
  }
  /** @type {LinkLocation[]} */
  const found = [];
  visit(doc, {
    Scalar(_key, node) {
      if (!isScalar(node) || typeof node.value !== 'string' || !node.range) return;
      if (!/^https?:\/\//.test(node.value.trim())) return;
      const { line } = lineCounter.linePos(node.range[0]);
      found.push({ url: node.value.trim(), file, line: firstLine + line - 1 });
    },
  });
  return found;
}

/** Addresses in a markdown or MDX body, with lines counted from `firstLine`. */
export function linksInBody(body, file, firstLine = 1) {
  const text = blankCode(body);
  /** @type {LinkLocation[]} */
  const found = [];
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') lineStarts.push(i + 1);
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = trimUrl(match[0]);
    if (!URL.canParse(url)) continue;
    let line = lineStarts.length - 1;
    while (lineStarts[line] > match.index) line--;
    found.push({ url, file, line: firstLine + line });
  }
  return found;
}

/**
 * Every outside address of one content file: frontmatter and body for .md/.mdx, the whole file
 * for .yaml/.yml/.json. `file` is the path reported with each address.
 *
 * @returns {LinkLocation[]}
 */
export function extractLinks(text, file) {
  if (/\.(ya?ml|json)$/.test(file)) return linksInYaml(text, file);
  const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(text);
  if (!frontmatter) return linksInBody(text, file);
  const bodyStart = frontmatter[0].length;
  const bodyFirstLine = count(frontmatter[0], '\n') + 1;
  return [
    ...linksInYaml(frontmatter[1], file, 2),
    ...linksInBody(text.slice(bodyStart), file, bodyFirstLine),
  ];
}
