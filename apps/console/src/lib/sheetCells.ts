/**
 * Text that a spreadsheet would take for a formula once someone edits the cell (or that a CSV
 * made from the sheet would run): a leading = + - @, tab or carriage return. Such text is written
 * behind a ' (the spreadsheet's own "this is text" mark), and so is text already starting with
 * one, so reading it back gives exactly what was written.
 */
const NEEDS_GUARD = /^['=+\-@\t\r]/;

export function guardCell(value: unknown): unknown {
  return typeof value === 'string' && NEEDS_GUARD.test(value) ? `'${value}` : value;
}

export function unguardCell(text: string): string {
  return text.startsWith("'") && NEEDS_GUARD.test(text.slice(1)) ? text.slice(1) : text;
}
