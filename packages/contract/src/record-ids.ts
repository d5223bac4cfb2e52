/** What a record id may be (no zod here, so browser-safe): a whole number from 1 to PostgreSQL's integer maximum. */
export const MAX_ID = 2_147_483_647;

/** True when `text` (e.g. a query parameter such as ?productCode=) names a possible record: at most 10 digits, 1..MAX_ID. */
export function isRecordId(text: string): boolean {
  return /^\d{1,10}$/.test(text) && Number(text) >= 1 && Number(text) <= MAX_ID;
}
