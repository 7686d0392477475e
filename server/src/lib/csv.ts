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

/**
 * A CSV file's first line: its header row after a UTF-8 byte-order mark. Excel opens a double-clicked CSV in the
 * machine's legacy code page unless the file starts with the mark, and shows "José" as "JosÃ©"; Google Sheets,
 * Numbers and CSV parsers read the mark as the encoding and drop it.
 */
export function csvHeaderLine(cells: readonly unknown[]): string {
  return `\uFEFF${csvLine(cells)}`;
}
