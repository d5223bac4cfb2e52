/**
 * Internal staff notes on an order or a customer: the add form (a plain POST to the page's
 * action with intent "note", so it works without JavaScript) and the notes, newest first, with
 * who wrote each and when. Notes cannot be edited or deleted; customers never see them.
 */
import { Form } from 'react-router';
import { londonDateTime } from './admin-format';

export interface ShownStaffNote {
  staffNoteId: number;
  staffName: string;
  body: string;
  /** ISO instant. */
  at: string;
}

export function StaffNotesSection({
  notes,
  action,
  error,
  value,
  about,
}: {
  notes: ShownStaffNote[];
  /** The page the form posts to. */
  action: string;
  /** The refusal of the last note posted, if any, and its text to show again. */
  error?: string;
  value?: string;
  /** "order" or "customer": said in the help text. */
  about: 'order' | 'customer';
}) {
  return (
    <section className="card p-5" aria-labelledby="staff-notes-heading" data-testid="staff-notes">
      <h2 id="staff-notes-heading" className="text-base font-semibold text-stone-900">
        Staff notes
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        For staff only: the customer never sees these. Notes cannot be edited or deleted; add a new one to correct one.
      </p>
      <Form key={notes.length} method="post" action={action} className="mt-3 space-y-2">
        <input type="hidden" name="intent" value="note" />
        {/* The field inside its label, as the order page's forms have them; its id is its form's and its name's. */}
        <label htmlFor="note-note" className="block text-sm font-medium text-stone-800">
          New note about this {about}
          <textarea
            id="note-note"
            name="note"
            rows={3}
            required
            maxLength={2000}
            defaultValue={value ?? ''}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'note-note-error' : undefined}
            className="mt-1 block w-full rounded-md border border-stone-300 px-3 py-2 text-sm font-normal"
            placeholder="For example: call before delivery, loading bay at the rear"
          />
        </label>
        {error ? (
          <p id="note-note-error" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <button type="submit" className="btn-secondary">
          Add note
        </button>
      </Form>
      {notes.length === 0 ? (
        <p className="mt-3 text-sm text-stone-600">No notes yet.</p>
      ) : (
        <ol className="mt-4 space-y-3" data-testid="staff-notes-list">
          {notes.map((note) => (
            <li key={note.staffNoteId} className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm">
              <p className="whitespace-pre-line break-words text-stone-900">{note.body}</p>
              <p className="mt-1 text-xs text-stone-600">
                {note.staffName}, {londonDateTime(note.at)}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
