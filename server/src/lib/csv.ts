/**
 * CSV as spreadsheets read it (RFC 4180, CRLF lines). A cell that starts with = + - @ or a tab is
 * prefixed with ' so Excel shows it as text instead of running it as a formula (CSV injection):
 * log details and names are typed by users.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n']/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: readonly unknown[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
