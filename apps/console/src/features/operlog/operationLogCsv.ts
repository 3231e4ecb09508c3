/** The most entries one export holds: a year of a busy team's changes, read a page at a time. */
export const EXPORT_MAX_ENTRIES = 10_000;

/**
 * One CSV cell: quoted when it holds a separator, a quote or a line break; a cell a spreadsheet
 * would run as a formula (=, +, -, @, a tab or a carriage return first) gets a leading
 * apostrophe, since profile and machine names are whatever a team member typed.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The file: a byte-order mark (spreadsheets then read UTF-8), the header, one line per row. */
export function csvFile(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
