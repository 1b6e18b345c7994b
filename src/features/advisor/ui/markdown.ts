/**
 * A small, safe Markdown reader for the advisor's replies: paragraphs, line breaks, headings,
 * lists, quotes, code, emphasis and links. It returns a tree that Markdown.tsx renders with React,
 * so raw HTML is only ever text, and links survive only with an allowed protocol.
 */

export type Inline =
  | { type: 'text'; value: string }
  | { type: 'strong' | 'em'; children: Inline[] }
  | { type: 'code'; value: string }
  | { type: 'link'; href: string; children: Inline[] }
  | { type: 'break' };

export type Block =
  | { type: 'paragraph' | 'quote'; children: Inline[] }
  | { type: 'heading'; children: Inline[] }
  | { type: 'list'; ordered: boolean; items: Inline[][] }
  | { type: 'code'; value: string };

/** The protocols a link may use, from the spec. Relative links have none and are allowed. */
export const ALLOWED_PROTOCOLS = ['http', 'https', 'irc', 'ircs', 'mailto', 'xmpp'] as const;

/**
 * The address to link to, or null when it is not allowed. Tabs and newlines are removed and
 * control characters trimmed first, as browsers do, so "java\nscript:" cannot slip through.
 */
export function safeHref(url: string): string | null {
  const clean = url.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  if (clean === '') return null;
  // "//host", "/\host" and "\\host" leave the site: link them as the https addresses they are.
  if (/^[/\\]{2}/.test(clean))
    return URL.canParse(clean, 'https://s.invalid')
      ? new URL(clean, 'https://s.invalid').href
      : null;
  const colon = clean.indexOf(':');
  const boundary = clean.search(/[/?#]/);
  // A colon after the first "/", "?" or "#" belongs to a relative path, not to a protocol.
  if (colon === -1 || (boundary !== -1 && colon > boundary)) return clean;
  const protocol = clean.slice(0, colon).toLowerCase();
  return (ALLOWED_PROTOCOLS as readonly string[]).includes(protocol) ? clean : null;
}

/** Reads a reply into blocks. Never throws; anything it does not understand stays text. */
export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ type: 'paragraph', children: inlineLines(paragraph) });
    paragraph = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const trimmed = line.trim();
    if (trimmed === '') {
      flush();
      continue;
    }
    const fence = /^(```|~~~)/.exec(trimmed);
    if (fence) {
      flush();
      const code: string[] = [];
      while (++i < lines.length && !lines[i].trim().startsWith(fence[1])) code.push(lines[i]);
      blocks.push({ type: 'code', value: code.join('\n') });
      continue;
    }
    const heading = /^#{1,6}\s+(.*?)\s*#*$/.exec(trimmed);
    if (heading) {
      flush();
      blocks.push({ type: 'heading', children: parseInline(heading[1]) });
      continue;
    }
    const item = listItem(trimmed);
    if (item) {
      flush();
      const items: Inline[][] = [];
      let current = [item.text];
      while (i + 1 < lines.length) {
        const next = lines[i + 1].trim();
        const nextItem = listItem(next);
        if (nextItem && nextItem.ordered === item.ordered) {
          items.push(inlineLines(current));
          current = [nextItem.text];
        } else if (next !== '' && !nextItem && /^\s/.test(lines[i + 1])) {
          current.push(next);
        } else break;
        i++;
      }
      items.push(inlineLines(current));
      blocks.push({ type: 'list', ordered: item.ordered, items });
      continue;
    }
    if (trimmed.startsWith('>')) {
      flush();
      const quote = [trimmed.replace(/^>\s?/, '')];
      while (i + 1 < lines.length && lines[i + 1].trim().startsWith('>')) {
        quote.push(lines[++i].trim().replace(/^>\s?/, ''));
      }
      blocks.push({ type: 'quote', children: inlineLines(quote) });
      continue;
    }
    paragraph.push(trimmed);
  }
  flush();
  return blocks;
}

function listItem(line: string): { ordered: boolean; text: string } | null {
  const bullet = /^[-*+]\s+(.*)$/.exec(line);
  if (bullet) return { ordered: false, text: bullet[1] };
  const numbered = /^\d{1,9}[.)]\s+(.*)$/.exec(line);
  return numbered ? { ordered: true, text: numbered[1] } : null;
}

/** Lines of one paragraph: a single newline in a chat reply is a line break. */
function inlineLines(lines: string[]): Inline[] {
  return lines.flatMap((line, i) =>
    i === 0 ? parseInline(line) : [{ type: 'break' as const }, ...parseInline(line)],
  );
}

const PUNCTUATION = /[\\`*_{}[\]()#+\-.!|<>~"']/;

/** Inline Markdown: escapes, code spans, strong, emphasis, links, autolinks and bare URLs. */
export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let buffer = '';
  const pushText = (value: string) => {
    buffer += value;
  };
  const flushText = () => {
    if (buffer) out.push({ type: 'text', value: buffer });
    buffer = '';
  };
  let i = 0;
  while (i < text.length) {
    const rest = text.slice(i);
    const ch = text[i];
    if (ch === '\\' && PUNCTUATION.test(text[i + 1] ?? '')) {
      pushText(text[i + 1]);
      i += 2;
      continue;
    }
    if (ch === '`') {
      const end = text.indexOf('`', i + 1);
      if (end > i) {
        flushText();
        out.push({ type: 'code', value: text.slice(i + 1, end) });
        i = end + 1;
        continue;
      }
    }
    const strong = /^(\*\*|__)(?=\S)([\s\S]*?\S)\1/.exec(rest);
    if (strong) {
      flushText();
      out.push({ type: 'strong', children: parseInline(strong[2]) });
      i += strong[0].length;
      continue;
    }
    const em = /^([*_])(?=\S)([\s\S]*?\S)\1(?![*_\w])/.exec(rest);
    if (em && (ch === '*' || !/\w/.test(text[i - 1] ?? ''))) {
      flushText();
      out.push({ type: 'em', children: parseInline(em[2]) });
      i += em[0].length;
      continue;
    }
    if (ch === '[') {
      const link = readLink(text, i);
      if (link) {
        flushText();
        const children = parseInline(link.label);
        const href = safeHref(link.url);
        // A link with a forbidden protocol keeps only its words.
        if (href) out.push({ type: 'link', href, children });
        else out.push(...children);
        i = link.end;
        continue;
      }
    }
    const auto = /^<((?:https?|mailto|xmpp|ircs?):[^\s<>]+)>/i.exec(rest);
    if (auto) {
      flushText();
      out.push({ type: 'link', href: auto[1], children: [{ type: 'text', value: auto[1] }] });
      i += auto[0].length;
      continue;
    }
    const bare = /^https?:\/\/[^\s<>()]+[^\s<>().,;:!?'"]/i.exec(rest);
    if (bare && !/\w/.test(text[i - 1] ?? '')) {
      flushText();
      out.push({ type: 'link', href: bare[0], children: [{ type: 'text', value: bare[0] }] });
      i += bare[0].length;
      continue;
    }
    pushText(ch);
    i++;
  }
  flushText();
  return out;
}

/** `[label](url "title")` starting at `start`, with balanced brackets and parentheses. */
function readLink(text: string, start: number): { label: string; url: string; end: number } | null {
  let depth = 0;
  let i = start;
  for (; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '[') depth++;
    else if (text[i] === ']' && --depth === 0) break;
  }
  if (i >= text.length || text[i + 1] !== '(') return null;
  const label = text.slice(start + 1, i);
  let parens = 0;
  let j = i + 2;
  for (; j < text.length; j++) {
    if (text[j] === '(') parens++;
    else if (text[j] === ')' && parens-- === 0) break;
  }
  if (j >= text.length) return null;
  const target = text.slice(i + 2, j).trim();
  const url = /^<([^>]*)>/.exec(target)?.[1] ?? target.split(/\s+/)[0] ?? '';
  return { label, url, end: j + 1 };
}
