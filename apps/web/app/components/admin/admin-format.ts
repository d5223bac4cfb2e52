/** Formatting shared by the back office's customer, dashboard and export pages (London dates, pence as pounds). */
import { formatPounds } from '@shop/contract/browser';

/** Pence as '£1,234.50'. */
export function pounds(pence: number): string {
  return formatPounds(pence / 100);
}

/** An instant as '24 Nov 2025' in London. */
export function londonDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Europe/London' });
}

/** An instant as '24 Nov 2025, 14:05' in London. */
export function londonDateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/London',
  });
}

/** A calendar date 'YYYY-MM-DD' as '24 Nov 2025'. */
export function calendarDate(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/** The words staff read for an order's state. */
export const ORDER_STATE_LABELS: Record<string, string> = {
  PendingDelivery: 'Awaiting dispatch',
  Dispatched: 'Dispatched',
  Delivered: 'Delivered',
  Cancelled: 'Cancelled',
};

export const PAYMENT_METHOD_LABELS: Record<string, string> = { paypal: 'Card / PayPal', bank: 'Bank transfer', account: 'On account' };

/** What staff typed as pounds ('1,500', '£1500.50') as pence, else null. */
export function penceFromPounds(text: string): number | null {
  const cleaned = text.replace(/[£,\s]/g, '');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
