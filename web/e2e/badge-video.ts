import { writeFileSync } from 'node:fs';
import QRCode from 'qrcode';

/**
 * A Y4M video (what Chromium's fake camera plays) showing one QR code, so a browser journey can
 * hold a badge up to the station's camera.
 */
export function writeQrVideo(path: string, text: string, width = 640, height = 480, frames = 10): void {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' }).modules;
  const scale = Math.floor(Math.min(width, height) / (qr.size + 8));
  const left = Math.floor((width - qr.size * scale) / 2);
  const top = Math.floor((height - qr.size * scale) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let y = 0; y < qr.size * scale; y++) {
    for (let x = 0; x < qr.size * scale; x++) {
      if (qr.data[Math.floor(y / scale) * qr.size + Math.floor(x / scale)])
        luma[(top + y) * width + left + x] = 16;
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  writeFileSync(
    path,
    Buffer.concat([
      Buffer.from(`YUV4MPEG2 W${width} H${height} F5:1 Ip A1:1 C420jpeg\n`),
      ...Array(frames).fill(frame),
    ]),
  );
}
