/**
 * Instants as core answers them: ISO 8601 in UTC. Rows read through the schema hold Dates
 * (@shop/db's columnsOf); these turn them into the text the API and the back office show.
 */

/** With milliseconds: "2026-11-24T10:15:00.123Z" (the API's times, an order's fulfilment). */
export function isoTime(time: Date): string {
  return time.toISOString();
}

export function isoTimeOrNull(time: Date | null): string | null {
  return time === null ? null : time.toISOString();
}

/** To the second: "2026-11-24T10:15:00Z" (the back office's customer lists and audit trails). */
export function isoSeconds(time: Date): string {
  return `${time.toISOString().slice(0, 19)}Z`;
}
