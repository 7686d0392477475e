import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The fonts every PDF writes text in: Noto Sans, embedded (only the glyphs a document uses). PDFKit's built-in
 * Helvetica knows Windows-1252 only, so "Łukasz", "Şahin", "Øst" beyond it or any Cyrillic or Greek name printed as
 * junk on badge cards and reports. Noto Sans covers Latin (all of it), Greek and Cyrillic; other scripts still show
 * as boxes.
 */
export const FONT = 'Body';
export const BOLD = 'Body-Bold';

const require = createRequire(import.meta.url);
const files = {
  [FONT]: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  [BOLD]: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
};
/** Read once per process (about 600 kB each), on the first PDF. */
let loaded: Record<string, Buffer> | null = null;

/**
 * The font without its OpenType layout tables (GSUB, GPOS, GDEF: ligatures, mark positioning, contextual kerning),
 * which fontkit decodes again for every document: about 50 ms a font a PDF, ten times the rest of a card. Plain
 * glyphs and advance widths are what PDFKit's Helvetica gave too. The tables are only renamed in the directory, so
 * every offset stays right; a renamed table is never read nor embedded.
 */
function withoutLayoutTables(font: Buffer): Buffer {
  const copy = Buffer.from(font);
  const tables = copy.readUInt16BE(4);
  for (let i = 0; i < tables; i += 1) {
    const at = 12 + i * 16;
    const tag = copy.toString('latin1', at, at + 4);
    if (tag === 'GSUB' || tag === 'GPOS' || tag === 'GDEF') copy.write(tag.toLowerCase(), at, 'latin1');
  }
  return copy;
}

/** Registers FONT and BOLD on a new document and starts it in FONT. */
export function useFonts(doc: PDFKit.PDFDocument): PDFKit.PDFDocument {
  loaded ??= Object.fromEntries(
    Object.entries(files).map(([name, file]) => [
      name,
      withoutLayoutTables(readFileSync(require.resolve(file))),
    ]),
  );
  for (const [name, data] of Object.entries(loaded)) doc.registerFont(name, data);
  return doc.font(FONT);
}
