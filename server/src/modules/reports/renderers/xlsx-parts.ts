import { xmlText } from './xlsx-cells';
import type { ExportMeta } from './types';

/**
 * The small parts every workbook holds besides its sheets and styles: the content types, the relationships
 * that tie the package together, the sheet list and the document properties. Each is written for any number
 * of sheets, `xl/worksheets/sheet1.xml` … `sheetN.xml` in the order given.
 */

export const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
export const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
export const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml';

/** Part names of the sheets, 1-based as the package numbers them. */
export const sheetPath = (index: number) => `xl/worksheets/sheet${index + 1}.xml`;

const eachSheet = (count: number, part: (index: number) => string) =>
  Array.from({ length: count }, (_, i) => part(i)).join('');

export const contentTypesXml = (sheetCount: number) =>
  XML_HEAD +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  `<Override PartName="/xl/workbook.xml" ContentType="${OFFICE_TYPE}.sheet.main+xml"/>` +
  eachSheet(
    sheetCount,
    (i) => `<Override PartName="/${sheetPath(i)}" ContentType="${OFFICE_TYPE}.worksheet+xml"/>`,
  ) +
  `<Override PartName="/xl/styles.xml" ContentType="${OFFICE_TYPE}.styles+xml"/>` +
  '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
  '</Types>';

export const ROOT_RELS =
  XML_HEAD +
  `<Relationships xmlns="${PKG_REL_NS}">` +
  `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/>` +
  '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>' +
  '</Relationships>';

/** Sheet i is relationship rId(i+1), the styles the one after the last sheet. */
export const workbookRelsXml = (sheetCount: number) =>
  XML_HEAD +
  `<Relationships xmlns="${PKG_REL_NS}">` +
  eachSheet(
    sheetCount,
    (i) =>
      `<Relationship Id="rId${i + 1}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
  ) +
  `<Relationship Id="rId${sheetCount + 1}" Type="${REL_NS}/styles" Target="styles.xml"/>` +
  '</Relationships>';

export const workbookXml = (names: string[]) =>
  XML_HEAD +
  `<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
  '<bookViews><workbookView/></bookViews>' +
  `<sheets>${names.map((name, i) => `<sheet name="${xmlText(name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('')}</sheets>` +
  '</workbook>';

/** The document properties: the account as creator, the report time as creation time. */
export function coreXml(meta: ExportMeta): string {
  const at = new Date(meta.generatedAt);
  const created = Number.isNaN(at.getTime())
    ? ''
    : `<dcterms:created xsi:type="dcterms:W3CDTF">${at.toISOString().replace(/\.\d{3}Z$/, 'Z')}</dcterms:created>`;
  return (
    XML_HEAD +
    '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties"' +
    ' xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/"' +
    ' xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
    `<dc:creator>${xmlText(meta.companyName)}</dc:creator>${created}</cp:coreProperties>`
  );
}
