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

export const PAYMENT_METHOD_LABELS: Record<string, string> = { paypal: 'Card / PayPal', bank: 'Bank transfer', account: 'On account' };
