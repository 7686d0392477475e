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

/** The employee card as a one-page PDF: company band, name, employee ID, department and the signed badge QR. */
export async function cardPdf(c: CardData): Promise<Buffer> {
  const qr = await qrPng(c.badgeToken, 400);
  const PDFDocument = loadPdfKit();
  const doc = new PDFDocument({
    size: [WIDTH, HEIGHT],
    margin: 0,
    info: { Title: `Employee card ${c.employeeId}`, Author: c.company },
  });
  useFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (b: Buffer) => chunks.push(b));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  doc.rect(0, 0, WIDTH, 30).fill('#1c7ed6');
  doc
    .fillColor('#ffffff')
    .font(BOLD)
    .fontSize(11)
    .text(c.company, 10, 10, { width: WIDTH - 20, height: 14, ellipsis: true, lineBreak: false });
  const textWidth = WIDTH - QR - 26;
  doc
    .fillColor('#111111')
    .font(BOLD)
    .fontSize(12)
    .text(c.name, 10, 42, { width: textWidth, height: 35, ellipsis: true });
  doc.font(FONT).fontSize(8).fillColor('#555555').text('EMPLOYEE ID', 10, 80, { width: textWidth });
  // The ID is what the employee types at a station: a long one is printed smaller, not cut.
  let idSize = 10;
  doc.font(BOLD).fontSize(idSize);
  while (doc.widthOfString(c.employeeId) > textWidth && idSize > 6) doc.fontSize((idSize -= 0.5));
  doc
    .fillColor('#111111')
    .text(c.employeeId, 10, 90, { width: textWidth, height: 12, ellipsis: true, lineBreak: false });
  doc.font(FONT).fontSize(8).fillColor('#555555').text('DEPARTMENT', 10, 108, { width: textWidth });
  doc
    .font(FONT)
    .fontSize(9)
    .fillColor('#111111')
    .text(c.department, 10, 118, { width: textWidth, height: 24, ellipsis: true });
  doc.image(qr, WIDTH - QR - 10, 40, { width: QR, height: QR });
  doc
    .font(FONT)
    .fontSize(6)
    .fillColor('#777777')
    .text('Scan at a Punchclock station', WIDTH - QR - 10, 138, {
      width: QR,
      align: 'center',
      lineBreak: false,
    });
  doc.end();
  return done;
}
