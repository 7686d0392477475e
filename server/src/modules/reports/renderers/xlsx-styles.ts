import { currencySymbol } from '@punchclock/contract';
import { xmlText } from './xlsx-cells';
import { MAIN_NS, XML_HEAD } from './xlsx-parts';
import type { ColumnKind, ExportMeta } from './types';

/**
 * The workbook's cell styles (xl/styles.xml): a plain and a bold font, and one number format per kind of
 * figure, in the account's date and time formats. A cell names its style by its index in cellXfs.
 */

function numFmt(kind: ColumnKind, meta: ExportMeta): string | undefined {
  const date = meta.dateFormat === 'DD/MM/YY' ? 'dd/mm/yy' : 'mm/dd/yy';
  switch (kind) {
    case 'integer':
      return '0';
    case 'hours':
      return '0.00';
    case 'money':
      return `"${currencySymbol(meta.currency)}"#,##0.00`;
    case 'date':
      return date;
    case 'datetime':
      return `${date} ${meta.timeFormat === '24 Hours' ? 'hh:mm' : 'h:mm AM/PM'}`;
    default:
      return undefined;
  }
}

const KINDS: ColumnKind[] = ['integer', 'hours', 'money', 'date', 'datetime'];
const BUILT_IN_FORMATS: Record<string, number> = { '0': 1, '0.00': 2 };
/** cellXfs: 0 plain, 1 bold, then each number kind (KINDS order), then the same bold, for the totals row. */
export const STYLE_BOLD = 1;
export const styleOf = (kind: ColumnKind, bold: boolean): number => {
  const at = KINDS.indexOf(kind);
  if (at < 0) return bold ? STYLE_BOLD : 0;
  return 2 + at + (bold ? KINDS.length : 0);
};

export function stylesXml(meta: ExportMeta): string {
  const custom: string[] = [];
  const ids = KINDS.map((kind) => {
    const code = numFmt(kind, meta)!;
    if (code in BUILT_IN_FORMATS) return BUILT_IN_FORMATS[code];
    custom.push(`<numFmt numFmtId="${164 + custom.length}" formatCode="${xmlText(code)}"/>`);
    return 163 + custom.length;
  });
  const xf = (numFmtId: number, fontId: number) =>
    `<xf numFmtId="${numFmtId}" fontId="${fontId}" fillId="0" borderId="0" xfId="0"` +
    `${numFmtId ? ' applyNumberFormat="1"' : ''}${fontId ? ' applyFont="1"' : ''}/>`;
  const xfs = [xf(0, 0), xf(0, 1), ...ids.map((id) => xf(id, 0)), ...ids.map((id) => xf(id, 1))];
  const font = (bold: boolean) =>
    `<font>${bold ? '<b/>' : ''}<sz val="11"/><name val="Calibri"/><family val="2"/></font>`;
  return (
    XML_HEAD +
    `<styleSheet xmlns="${MAIN_NS}">` +
    `<numFmts count="${custom.length}">${custom.join('')}</numFmts>` +
    `<fonts count="2">${font(false)}${font(true)}</fonts>` +
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    `<cellXfs count="${xfs.length}">${xfs.join('')}</cellXfs>` +
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
    '</styleSheet>'
  );
}
