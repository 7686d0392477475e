import { downloadFile } from '../../api/download';

export const printCard = (id: number, employeeId: string) =>
  downloadFile(`/api/employees/print/${id}`, `employee-card-${employeeId}.pdf`);

/** "18.5" → "$18.50"; anything unreadable is shown as it came. */
export function money(rate: string | number | null | undefined): string {
  const n = Number(rate ?? 0);
  return Number.isFinite(n) ? `$${n.toFixed(2)}` : String(rate);
}

/** The QR as an <img> source: the API answers a data URL, or bare base64 SVG. */
export const qrSrc = (qr: string) => (qr.startsWith('data:') ? qr : `data:image/svg+xml;base64,${qr}`);
