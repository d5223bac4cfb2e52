/** "CN-000042": how a credit note number is printed (PDF, e-mails, exports, pages): one place. */
export function formatCreditNoteNumber(creditNoteNumber: number): string {
  return `CN-${String(creditNoteNumber).padStart(6, '0')}`;
}
