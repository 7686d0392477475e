import type PDFKitDocument from 'pdfkit';
import { lazy } from '../../lib/lazy';
import { qrPng } from '../../lib/qr';
import { BOLD, FONT, useFonts } from '../../lib/pdf-fonts';

const loadPdfKit = lazy<typeof PDFKitDocument>('pdfkit');

export interface CardData {
  company: string;
  name: string;
  employeeId: string;
  department: string;
  badgeToken: string;
}

// A CR80 ID card (3.375 × 2.125 in): the size badge printers and card sleeves take.
const WIDTH = 243;
const HEIGHT = 153;
const QR = 96;

/** Draws one card with its top-left corner at (x, y): company band, name, employee ID, department, badge QR. */
function drawCard(doc: PDFKit.PDFDocument, c: CardData, qr: Buffer, x: number, y: number) {
  doc.save();
  doc.rect(x, y, WIDTH, 30).fill('#1c7ed6');
  doc
    .fillColor('#ffffff')
    .font(BOLD)
    .fontSize(11)
    .text(c.company, x + 10, y + 10, { width: WIDTH - 20, height: 14, ellipsis: true, lineBreak: false });
  const textWidth = WIDTH - QR - 26;
  doc
    .fillColor('#111111')
    .font(BOLD)
    .fontSize(12)
    .text(c.name, x + 10, y + 42, { width: textWidth, height: 35, ellipsis: true });
  doc
    .font(FONT)
    .fontSize(8)
    .fillColor('#555555')
    .text('EMPLOYEE ID', x + 10, y + 80, { width: textWidth });
  // The ID is what the employee types at a station: a long one is printed smaller, not cut.
  let idSize = 10;
  doc.font(BOLD).fontSize(idSize);
  while (doc.widthOfString(c.employeeId) > textWidth && idSize > 6) doc.fontSize((idSize -= 0.5));
  doc
    .fillColor('#111111')
    .text(c.employeeId, x + 10, y + 90, { width: textWidth, height: 12, ellipsis: true, lineBreak: false });
  doc
    .font(FONT)
    .fontSize(8)
    .fillColor('#555555')
    .text('DEPARTMENT', x + 10, y + 108, { width: textWidth });
  doc
    .font(FONT)
    .fontSize(9)
    .fillColor('#111111')
    .text(c.department, x + 10, y + 118, { width: textWidth, height: 24, ellipsis: true });
  doc.image(qr, x + WIDTH - QR - 10, y + 40, { width: QR, height: QR });
  doc
    .font(FONT)
    .fontSize(6)
    .fillColor('#777777')
    .text('Scan at a Punchclock station', x + WIDTH - QR - 10, y + 138, {
      width: QR,
      align: 'center',
      lineBreak: false,
    });
  doc.restore();
}

/** A new document written to one Buffer when it ends. */
function pdfOf(options: PDFKit.PDFDocumentOptions) {
  const PDFDocument = loadPdfKit();
  const doc = new PDFDocument(options);
  useFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (b: Buffer) => chunks.push(b));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  return { doc, done };
}

/** The employee card as a one-page PDF: company band, name, employee ID, department and the signed badge QR. */
export async function cardPdf(c: CardData): Promise<Buffer> {
  const qr = await qrPng(c.badgeToken, 400);
  const { doc, done } = pdfOf({
    size: [WIDTH, HEIGHT],
    margin: 0,
    info: { Title: `Employee card ${c.employeeId}`, Author: c.company },
  });
  drawCard(doc, c, qr, 0, 0);
  doc.end();
  return done;
}

// A Letter sheet of cards to cut out: 2 across, 4 down, with room between them for the scissors.
const SHEET = { width: 612, height: 792, columns: 2, rows: 4, gap: 18 };
export const CARDS_PER_SHEET = SHEET.columns * SHEET.rows;

/** Many cards as Letter sheets of eight, each card outlined in light grey as a cutting line. */
export async function cardSheetsPdf(cards: CardData[], company: string): Promise<Buffer> {
  const { doc, done } = pdfOf({
    size: [SHEET.width, SHEET.height],
    margin: 0,
    autoFirstPage: false,
    info: { Title: `Employee cards (${cards.length})`, Author: company },
  });
  const left = (SHEET.width - SHEET.columns * WIDTH - (SHEET.columns - 1) * SHEET.gap) / 2;
  const top = (SHEET.height - SHEET.rows * HEIGHT - (SHEET.rows - 1) * SHEET.gap) / 2;
  for (const [i, c] of cards.entries()) {
    if (i % CARDS_PER_SHEET === 0) doc.addPage();
    const slot = i % CARDS_PER_SHEET;
    const x = left + (slot % SHEET.columns) * (WIDTH + SHEET.gap);
    const y = top + Math.floor(slot / SHEET.columns) * (HEIGHT + SHEET.gap);
    drawCard(doc, c, await qrPng(c.badgeToken, 400), x, y);
    doc.save().lineWidth(0.5).strokeColor('#bbbbbb').rect(x, y, WIDTH, HEIGHT).stroke().restore();
  }
  doc.end();
  return done;
}
