/**
 * The order page's VAT credit notes (core/documents/credit-notes.ts), a section of its own: each
 * credit note's number with its PDF, date, kind, reason and the amounts credited. Credit notes are
 * issued by cancelling or refunding an invoiced order, never by hand.
 */
import type { CreditNoteSummary } from '@shop/core';
import { calendarDate, pounds } from './admin-format';

/** A credit note as core's document service lists it for staff. */
export type AdminCreditNote = Omit<CreditNoteSummary, 'creditNoteNumber'>;

export function CreditNotesSection({ creditNotes }: { creditNotes: AdminCreditNote[] }) {
  return (
    <section className="card p-5" aria-labelledby="credit-notes-heading" data-testid="admin-credit-notes">
      <h2 id="credit-notes-heading" className="text-base font-semibold text-stone-900">
        VAT credit notes
      </h2>
      {creditNotes.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">None. Cancelling or refunding an invoiced order issues one.</p>
      ) : (
        <ul className="mt-2 space-y-3 text-sm">
          {creditNotes.map((note) => (
            <li key={note.number}>
              <a href={note.path} className="font-medium text-brand-700 hover:underline">
                {note.number} (PDF)
              </a>{' '}
              <span className="text-stone-600">
                {calendarDate(note.date)} · {note.kind === 'cancellation' ? 'cancellation' : note.kind === 'credit' ? 'credit' : 'refund'} of {note.invoiceNumber}
              </span>
              <span className="block text-stone-900">
                {pounds(note.totalPence)} credited ({pounds(note.netPence)} + VAT {pounds(note.vatPence)})
              </span>
              <span className="block text-xs break-words text-stone-600">{note.reason}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
