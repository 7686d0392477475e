import QRCode from 'qrcode';

/** A QR code as the API's `qr_code`: a base64 SVG, given as a data URL an <img> can show directly. */
export async function qrSvgDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

export const qrPng = (text: string, width = 300): Promise<Buffer> =>
  QRCode.toBuffer(text, { type: 'png', width, margin: 1, errorCorrectionLevel: 'M' });
