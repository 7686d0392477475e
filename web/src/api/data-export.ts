import { dataExportFileName, messages } from '@punchclock/contract';
import { session } from '../session/session';
import { ApiError, failureOf } from './client';

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
  const token = session.token();
  let res: Response;
  try {
    res = await fetch(PATHS[format], { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new ApiError(0, messages.general.networkError);
  }
  if (!res.ok) throw await failureOf(res, token);
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
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = dataExportFileName(userId, format);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
