import { FONT } from '../../../lib/pdf-fonts';
import { type Doc, MUTED } from './pdf-style';

// A PDF's output as it is drawn (pdf-table.ts): pages numbered without holding them, and drawing that waits
// for a slow reader instead of buffering the whole document.

/** PDFKit's font object, for the page count drawing (not in its typings). */
interface FontInternals {
  id: string;
  ascender: number;
  ref(): PDFKit.PDFKitReference;
  encode(text: string): [string[], unknown];
}

/**
 * "Page N of M" on every page without holding the pages: M is drawn by a form XObject every page refers to,
 * written once the last page is known.
 */
export function pageNumbers(doc: Doc) {
  const size = 8;
  doc.font(FONT).fontSize(size);
  const font = (doc as unknown as { _font: FontInternals })._font;
  const form = doc.ref({
    Type: 'XObject',
    Subtype: 'Form',
    BBox: [-2, -size, 20 * size, 2 * size],
    Resources: { Font: { [font.id]: font.ref() } },
  });
  let pages = 0;
  return {
    /** Numbers the page just added. */
    place() {
      pages += 1;
      const label = `Page ${pages} of `;
      doc.font(FONT).fontSize(size).fillColor(MUTED);
      const x = (doc.page.width - doc.widthOfString(`${label}${pages}`)) / 2;
      const top = doc.page.height - doc.page.margins.bottom - 10;
      doc.text(label, x, top, { lineBreak: false });
      (doc.page.xobjects as Record<string, unknown>).PageCount = form;
      const baseline = top + (font.ascender / 1000) * size;
      doc.addContent(`q 1 0 0 -1 ${x + doc.widthOfString(label)} ${baseline} cm /PageCount Do Q`);
    },
    /** Writes M; before the document ends (the font is embedded then, with the glyphs used so far). */
    end() {
      const [glyphs] = font.encode(String(pages));
      const [r, g, b] = [1, 3, 5].map((i) => (parseInt(MUTED.slice(i, i + 2), 16) / 255).toFixed(3));
      form.end(`BT /${font.id} ${size} Tf ${r} ${g} ${b} rg 0 0 Td <${glyphs.join('')}> Tj ET`);
    },
  };
}

/**
 * Resolves at the stream's next `event`, when it closes (the reader went away), or after `ms` at the latest
 * (a reader that pulls with read() in paused mode sends no event).
 */
const next = (doc: Doc, event: string, ms = 100) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      doc.off(event, done);
      doc.off('close', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    doc.once(event, done);
    doc.once('close', done);
  });

/**
 * Waits while the document holds more unread output than `highWater`; stops if the reader went away. A slow
 * reader pauses the document (pipe's backpressure): drawing waits for it to resume; once flowing, the buffer
 * drains on the next turns of the event loop.
 */
export async function caughtUp(doc: Doc, highWater: number): Promise<void> {
  while (doc.readableLength > highWater) {
    if (doc.destroyed) throw new Error('The reader of the PDF went away');
    if (doc.readableFlowing !== true) await next(doc, 'resume');
    else await new Promise((resolve) => setImmediate(resolve));
  }
}
