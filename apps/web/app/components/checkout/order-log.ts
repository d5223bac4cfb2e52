/**
 * The order log (SPEC 7 POST /api/OrderLog, SPEC 8 "card/wallet errors are logged through the
 * order-log call"): what happened around a card or wallet payment, kept by the server so a
 * payment that did not become an order can be traced. Logging never gets in the customer's way.
 */
import { apiClient } from '~/lib/api-client';

/** The server keeps at most this many characters of each text. */
const MAX_TEXT = 4000;

export interface OrderLogEntry {
  error?: unknown;
  request?: unknown;
  extra_info?: string;
  external_id?: string | null;
}

function text(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value.slice(0, MAX_TEXT);
  if (value instanceof Error) return `${value.name}: ${value.message}`.slice(0, MAX_TEXT);
  try {
    return JSON.stringify(value).slice(0, MAX_TEXT);
  } catch {
    return String(value).slice(0, MAX_TEXT);
  }
}

export async function logOrderEvent(entry: OrderLogEntry): Promise<void> {
  try {
    // The JSON API takes Bearer tokens only and the page has none: these entries are anonymous,
    // tied to the payment by external_id (a failed placement is logged by the action, with the user).
    await apiClient.logOrderEvent({
      error: text(entry.error),
      request: text(entry.request),
      extra_info: text(entry.extra_info),
      external_id: text(entry.external_id),
    });
  } catch (error) {
    console.error('Writing the order log failed', error);
  }
}
