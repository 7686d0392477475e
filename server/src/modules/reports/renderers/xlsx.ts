import type { Writable } from 'node:stream';
import { offsetCache } from './xlsx-cells';
import { contentTypesXml, coreXml, ROOT_RELS, sheetPath, workbookRelsXml, workbookXml } from './xlsx-parts';
import { sheetName, sheetXml, type XlsxSheet } from './xlsx-sheet';
import { stylesXml } from './xlsx-styles';
import { XlsxZip } from './xlsx-zip';
import type { ExportInput, ExportMeta } from './types';

/**
 * Workbooks written by hand as the few XML parts a workbook needs, in a zip streamed into the output: rows are
 * turned into sheet XML a few hundred at a time and deflated as they come, waiting for the output whenever it
 * is behind, so memory stays flat whatever the number of rows. A report is a workbook of one sheet.
 */

export type { XlsxSheet } from './xlsx-sheet';

/**
 * The sheets streamed into `out` one after the other: bold frozen header, numbers as numbers with their format,
 * dates and times as Excel dates on the account's wall clock, text as inline strings, a bold totals row where a
 * sheet has totals. Rows are pulled from each sheet's iterable only when its turn comes. Resolves when `out`
 * has finished; rejects (leaving `out` to the caller) if the rows fail or `out` closes first.
 */
export async function renderXlsxSheets(meta: ExportMeta, sheets: XlsxSheet[], out: Writable): Promise<void> {
  const zip = new XlsxZip(out, meta.generatedAt);
  await zip.add('[Content_Types].xml', contentTypesXml(sheets.length));
  await zip.add('_rels/.rels', ROOT_RELS);
  await zip.add('docProps/core.xml', coreXml(meta));
  await zip.add('xl/workbook.xml', workbookXml(sheets.map((s) => sheetName(s.name))));
  await zip.add('xl/_rels/workbook.xml.rels', workbookRelsXml(sheets.length));
  await zip.add('xl/styles.xml', stylesXml(meta));
  const offsetAt = offsetCache(meta.zone);
  for (const [index, sheet] of sheets.entries()) {
    await zip.stream(sheetPath(index), sheetXml(sheet, offsetAt));
  }
  await zip.finish();
}

/** The report as a workbook of one sheet, named after the report, its totals as the last row. */
export function renderXlsx({ meta, columns, rows, totals }: ExportInput, out: Writable): Promise<void> {
  return renderXlsxSheets(meta, [{ name: meta.reportTitle, columns, rows, totals }], out);
}
