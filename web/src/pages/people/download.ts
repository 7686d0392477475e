import { moneyFromCents } from '@punchclock/contract';
import { downloadFile } from '../../api/download';

export const printCard = (id: number, employeeId: string) =>
  downloadFile(`/api/employees/print/${id}`, `employee-card-${employeeId}.pdf`);

/** A rate as the API answers it ("1234.5") → "$1,234.50"; anything unreadable is shown as it came. */
export function money(rate: string | number | null | undefined): string {
  const n = Number(rate ?? 0);
  return Number.isFinite(n) ? moneyFromCents(Math.round(n * 100)) : String(rate);
}

/** The QR as an <img> source: the API answers a data URL, or bare base64 SVG. */
export const qrSrc = (qr: string) => (qr.startsWith('data:') ? qr : `data:image/svg+xml;base64,${qr}`);
