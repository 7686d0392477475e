/** The downloadable QR image: 400×500 PNG, the QR drawn at 300×300, the ID and name under it. */
export const QR_IMAGE = { width: 400, height: 500, qr: 300 } as const;

/** The file name holds the Employee ID, with anything a file system dislikes replaced. */
export const qrFileName = (employeeId: string) => `employee-qr-${employeeId.replace(/[^\w.-]/g, '_')}.png`;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('The QR image could not be read.'));
    img.src = src;
  });
}

/**
 * The QR's SVG (a data URL whose SVG has only a viewBox) with its size set, so the browser draws the vector at
 * `px` instead of scaling a tiny raster: scaled rasters blur or break the modules, which scanners then misread.
 */
function sized(src: string, px: number): string {
  const base64 = 'data:image/svg+xml;base64,';
  if (!src.startsWith(base64)) return src;
  const svg = atob(src.slice(base64.length)).replace(/<svg\b/, `<svg width="${px}" height="${px}"`);
  return base64 + btoa(svg);
}

/** Text shortened with an ellipsis until it fits `max` pixels. */
function fitted(ctx: CanvasRenderingContext2D, text: string, max: number): string {
  if (ctx.measureText(text).width <= max) return text;
  let t = text;
  while (t.length > 1 && ctx.measureText(`${t}…`).width > max) t = t.slice(0, -1);
  return `${t}…`;
}

/** Draws the badge QR (an SVG data URL), the Employee ID and the name on a canvas, as a PNG blob. */
export async function badgeImage(qrSrc: string, employeeId: string, name: string): Promise<Blob> {
  const { width, height, qr } = QR_IMAGE;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser cannot draw images.');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  const img = await loadImage(sized(qrSrc, qr));
  ctx.drawImage(img, (width - qr) / 2, 40, qr, qr);
  ctx.fillStyle = '#111111';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';
  ctx.font = 'bold 26px sans-serif';
  ctx.fillText(fitted(ctx, employeeId, width - 40), width / 2, 40 + qr + 55);
  ctx.font = '22px sans-serif';
  ctx.fillStyle = '#333333';
  ctx.fillText(fitted(ctx, name, width - 40), width / 2, 40 + qr + 95);
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('The image could not be made.'))), 'image/png'),
  );
}
