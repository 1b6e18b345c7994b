/**
 * CSV files the admin panels export: every cell quoted, and text a spreadsheet would run as a
 * formula defused.
 */

/**
 * One CSV cell: quoted, quotes doubled, and text a spreadsheet would read as a formula (it
 * starts with = + - @, a tab or a carriage return) prefixed with an apostrophe.
 */
export function csvCell(value: string | number | null): string {
  let cell = value === null ? '' : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(cell)) cell = `'${cell}`;
  return `"${cell.replace(/"/g, '""')}"`;
}

/** A CSV file: a byte-order mark for spreadsheets, a heading row, then the rows, CRLF lines. */
export function csvFile<T>(
  columns: readonly (readonly [string, (row: T) => string | number | null])[],
  rows: readonly T[],
): string {
  const lines = [
    columns.map(([heading]) => csvCell(heading)),
    ...rows.map((row) => columns.map(([, value]) => csvCell(value(row)))),
  ];
  return `\uFEFF${lines.map((l) => l.join(',')).join('\r\n')}\r\n`;
}
