/**
 * A reply as a prospect reads it, for the checks that depend on where in the reply something is
 * said (a case's `lead`: the direct answer must come in the first two sentences). The advisor
 * writes Markdown; a reader sees link text rather than addresses, no emphasis marks, and each
 * list item or heading as a line of its own.
 */

/** Abbreviations whose period never ends a sentence. */
const ALWAYS_ABBREVIATED =
  /(?:^|[\s(])(?:e\.g|i\.e|vs|cf|approx|incl|esp|Mr|Mrs|Ms|Dr|Prof|Jr|Sr)\.$/i;

/** Abbreviations that end a sentence unless a lower-case word follows them ("etc. and so on"). */
const SOMETIMES_ABBREVIATED = /(?:^|[\s(])(?:etc|a\.m|p\.m|U\.S|Inc|Ltd|Co|Corp|St)\.$/i;

/**
 * The text of a Markdown reply as a reader sees it: images and links reduced to their text,
 * autolinks to their address, code and emphasis marks removed, and headings, quotes and list
 * markers taken off the start of their lines. Line breaks are kept.
 */
export function readerText(markdown: string): string {
  return markdown
    .replace(/\r\n?/g, '\n')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<((?:https?:|mailto:)[^>\s]+)>/g, '$1')
    .replace(/`+([^`\n]*)`+/g, '$1')
    .replace(/(\*\*|__|~~)(?=\S)([^\n]*?\S)\1/g, '$2')
    .replace(/(^|[^\w*])([*_])(?=\S)([^\n]*?\S)\2(?![\w*])/g, '$1$3')
    .split('\n')
    .map((line) =>
      line
        .replace(/^\s*(?:>\s*)*/, '')
        .replace(/^#{1,6}\s+/, '')
        .replace(/^(?:[-*+•]|\d{1,3}[.)])\s+/, '')
        .trim(),
    )
    .join('\n');
}

/**
 * The sentences of a Markdown reply, in order, as a reader sees them (see readerText). A sentence
 * ends at '.', '!' or '?' (with any closing quotes or brackets) followed by whitespace or the end
 * of the text, and at every line break, so each list item and heading starts a sentence. A period
 * inside a number ("$1,500.00", "2.5 s") or an address ("example.com") ends nothing, and neither
 * does the period of an abbreviation such as "e.g." or "vs.".
 */
export function sentences(markdown: string): string[] {
  const result: string[] = [];
  for (const line of readerText(markdown).split('\n')) {
    let current = '';
    let rest = line;
    const end = /[.!?]+["'”’)\]]*(?=\s|$)/;
    let match: RegExpExecArray | null;
    while ((match = end.exec(rest))) {
      const piece = rest.slice(0, match.index + match[0].length);
      rest = rest.slice(piece.length);
      current += piece;
      const next = rest.trimStart();
      const abbreviated =
        ALWAYS_ABBREVIATED.test(current) ||
        (SOMETIMES_ABBREVIATED.test(current) && /^[a-z]/.test(next));
      if (!abbreviated || next === '') {
        result.push(current.trim());
        current = '';
      }
    }
    current += rest;
    if (current.trim()) result.push(current.trim());
  }
  return result.filter((s) => /[\p{L}\p{N}]/u.test(s));
}

/** The first `count` sentences of a reply, joined by spaces. */
export function opening(markdown: string, count = 2): string {
  return sentences(markdown).slice(0, count).join(' ');
}

/**
 * Why a reply's opening misses its lead facts, one line each (none when it states them all). Each
 * fact is a case-insensitive regular expression source or a list of alternatives, as in a case's
 * `lead`, and must match within the first two sentences.
 */
export function leadProblems(lead: readonly (string | readonly string[])[], markdown: string) {
  const start = opening(markdown);
  const problems: string[] = [];
  for (const fact of lead) {
    const options = typeof fact === 'string' ? [fact] : fact;
    if (!options.some((f) => new RegExp(f, 'i').test(start))) {
      problems.push(`does not state ${options.join(' | ')} in its first two sentences`);
    }
  }
  return problems;
}
