/**
 * Internal notes staff keep about an order or a customer ("call before delivery, loading bay
 * at rear"): who wrote it and when, append-only (there is no way here to change or delete one;
 * a correction is a new note).
 *
 * Staff only. Nothing a customer can read (their pages, the JSON API, e-mails, PDFs, their data
 * download) reads `staff_notes`: this module is the table's one reader, and only the back
 * office calls it (staff-notes-never-shown.test.ts proves each customer surface).
 */
import { eq, sql } from 'drizzle-orm';
import { columnsOf, queryRows, staff, staffNotes, type Executor } from '@shop/db';
import { Invalid, NotFound } from '../errors.ts';
import { isoSeconds } from '../iso-time.ts';

/** A note as the back office shows it. */
export interface StaffNote {
  staffNoteId: number;
  /** Who wrote it ("Mandy Manager"). */
  staffName: string;
  body: string;
  /** ISO instant. */
  at: string;
}

/** What a note is about: one order, or one customer. */
export type StaffNoteSubject = { orderId: number } | { userId: number };

export const STAFF_NOTE_MAX_LENGTH = 2000;
export const STAFF_NOTE_MESSAGE = `Write the note (1-${STAFF_NOTE_MAX_LENGTH}) Characters`;

const NOTE = columnsOf(staffNotes, ['staffNoteId', 'body', 'createdAt'], 'n');
const BY = columnsOf(staff, ['name'], 's');

export class StaffNotes {
  constructor(private readonly db: Executor) {}

  /** The subject's notes, newest first (at most `limit`). */
  async of(subject: StaffNoteSubject, limit = 200): Promise<StaffNote[]> {
    const where = 'orderId' in subject ? sql`n.order_id = ${subject.orderId}` : sql`n.user_id = ${subject.userId}`;
    const rows = await queryRows<object>(
      this.db,
      sql`SELECT ${NOTE.list}, ${BY.list}
          FROM staff_notes n JOIN staff s ON s.staff_id = n.staff_id
          WHERE ${where}
          ORDER BY n.staff_note_id DESC
          LIMIT ${limit}`,
    );
    return rows.map((raw) => {
      const note = NOTE.read(raw);
      return { staffNoteId: note.staffNoteId, body: note.body, at: isoSeconds(note.createdAt), staffName: BY.read(raw).name };
    });
  }

  /** Adds a note by `staffId`; Invalid for an empty or over-long text, NotFound for no such order or customer. */
  async add(staffId: number, subject: StaffNoteSubject, text: string): Promise<StaffNote> {
    const body = text.replace(/\r\n?/g, '\n').trim();
    if (body.length === 0 || body.length > STAFF_NOTE_MAX_LENGTH) throw new Invalid(STAFF_NOTE_MESSAGE, { fields: [{ field: 'note', message: STAFF_NOTE_MESSAGE }] });
    const orderId = 'orderId' in subject ? subject.orderId : null;
    const userId = 'userId' in subject ? subject.userId : null;
    const exists =
      orderId !== null
        ? sql`EXISTS (SELECT 1 FROM orders WHERE order_id = ${orderId})`
        : sql`EXISTS (SELECT 1 FROM users WHERE user_id = ${userId})`;
    const [row] = await queryRows<object>(
      this.db,
      sql`INSERT INTO staff_notes (order_id, user_id, staff_id, body)
          SELECT ${orderId}::int, ${userId}::int, ${staffId}, ${body} WHERE ${exists}
          RETURNING ${sql.raw('staff_note_id AS "staffNoteId", body, created_at AS "createdAt"')}`,
    );
    if (!row) throw new NotFound(orderId !== null ? `There is no order ${orderId}.` : `There is no customer ${userId}.`);
    const note = NOTE.read(row);
    const [author] = await this.db.select({ name: staff.name }).from(staff).where(eq(staff.staffId, staffId));
    return { staffNoteId: note.staffNoteId, body: note.body, at: isoSeconds(note.createdAt), staffName: author?.name ?? '' };
  }
}
