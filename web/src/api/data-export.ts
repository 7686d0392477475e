import { dataExportFileName } from '@punchclock/contract';
import { fetchFile, saveBlob } from './download';

export type DataExportFormat = 'pdf' | 'xlsx';
const PATHS: Record<DataExportFormat, string> = { pdf: '/api/export-pdf', xlsx: '/api/export-excel' };

/**
 * Downloads "Your data" (GET /api/export-pdf or /api/export-excel) with the Bearer token, reporting the bytes
 * received while the server streams the file, then saves it as user_data_{userId}.{ext}.
 */
export async function downloadYourData(
  format: DataExportFormat,
  userId: number,
  onProgress: (bytes: number) => void,
): Promise<void> {
  const res = await fetchFile(PATHS[format]);
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  if (res.body) {
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      bytes += value.length;
      onProgress(bytes);
    }
  }
  const blob = new Blob(parts, {
    type: res.headers.get('Content-Type') ?? 'application/octet-stream',
  });
  saveBlob(blob, dataExportFileName(userId, format));
}
