/**
 * The VAT credit notes of a customer's order as order detail lists them (core/documents/credit-notes.ts):
 * number, date, amount credited in pounds, and the download link.
 */
import { penceToPounds, type CreditNoteSummary } from '@shop/core';

export interface ShownCreditNote {
  number: string;
  date: string;
  /** Pounds, VAT included. */
  total: number;
  path: string;
}

export function shownCreditNotes(notes: readonly CreditNoteSummary[]): ShownCreditNote[] {
  return notes.map((note) => ({ number: note.number, date: note.date, total: penceToPounds(note.totalPence), path: note.path }));
}
