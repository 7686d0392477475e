import { moneyFromCents } from '@punchclock/contract';
import { useCurrency } from '../../api/currency';
import { downloadFile } from '../../api/download';

export const printCard = (id: number, employeeId: string) =>
  downloadFile(`/api/employees/print/${id}`, `employee-card-${employeeId}.pdf`);

/**
 * A rate as the API answers it ("1234.5") → "$1,234.50" (in `currency`, USD by default); anything unreadable is
 * shown as it came.
 */
export function money(rate: string | number | null | undefined, currency?: string): string {
  const n = Number(rate ?? 0);
  return Number.isFinite(n) ? moneyFromCents(Math.round(n * 100), currency) : String(rate);
}

/** `money` in the account's currency. */
export function useRateText(): (rate: string | number | null | undefined) => string {
  const currency = useCurrency();
  return (rate) => money(rate, currency);
}

/** The QR as an <img> source: the API answers a data URL, or bare base64 SVG. */
export const qrSrc = (qr: string) => (qr.startsWith('data:') ? qr : `data:image/svg+xml;base64,${qr}`);
