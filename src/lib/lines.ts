/**
 * Line breaks in text people type or a model writes. Besides line feeds, text can break a line
 * with a carriage return (alone or before a line feed), a vertical tab, a form feed, NEL (U+0085)
 * and the Unicode line and paragraph separators (U+2028, U+2029); mail readers, terminals and
 * browsers honour some of them. Text that spans lines keeps line feeds only, so each line is seen
 * for what it is wherever the text is shown.
 */

const LINE_BREAKS = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/g;

/** `text` with every kind of line break made a line feed. */
export function normalizeLineBreaks(text: string): string {
  return text.replace(LINE_BREAKS, '\n');
}

/** The lines of `text`, broken at every kind of line break. */
export function linesOf(text: string): string[] {
  return normalizeLineBreaks(text).split('\n');
}
