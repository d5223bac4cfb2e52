/**
 * The audit trail of the staff list (every staff action is audited, who, when, what,
 * before and after): the owner set up from the setup link, a member added, a new set-password
 * link made, a member disabled, a member's two-step sign-in turned on or off. Written in the transaction of the change; `staff_events` is
 * append-only (migration 0011's trigger refuses UPDATE and DELETE). Shown on the owner's Staff page.
 */
import { sql } from 'drizzle-orm';
import { columnsOf, queryRows, staff, staffEvents, type Executor, type Row } from '@shop/db';
import { STAFF_ROLE_LABELS } from './staff-roles.ts';
import { isoSeconds } from '../iso-time.ts';

export type StaffEventKind =
  | 'staff.owner-set-up'
  | 'staff.added'
  | 'staff.link-made'
  | 'staff.disabled'
  | 'staff.enabled'
  | 'staff.two-step-on'
  | 'staff.two-step-off';

const EVENT = columnsOf(staffEvents, ['kind', 'createdAt'], 'e');
/** The member the change was about. */
const SUBJECT = columnsOf(staff, ['name', 'email', 'role'], 's');
/** Who made the change (LEFT JOIN, none for the first owner), aliased: the subject's name is `name`. */
type Actor = { actor: Row<typeof staff>['name'] | null };

export interface StaffEvent {
  kind: StaffEventKind;
  /** The member the change was about. */
  subject: ReturnType<typeof SUBJECT.read>;
  /** Who made it; null for the setup link and the command line (`npm run staff`). */
  actorName: string | null;
  /** ISO instant. */
  at: string;
}

export async function recordStaffEvent(
  tx: Executor,
  event: { staffId: number; actorStaffId: number | null; kind: StaffEventKind; before?: Record<string, unknown> | null; after?: Record<string, unknown> | null },
): Promise<void> {
  const json = (value: Record<string, unknown> | null | undefined) => (value ? JSON.stringify(value) : null);
  await tx.execute(
    sql`INSERT INTO staff_events (staff_id, actor_staff_id, kind, before, after)
        VALUES (${event.staffId}, ${event.actorStaffId}, ${event.kind}, ${json(event.before)}::jsonb, ${json(event.after)}::jsonb)`,
  );
}

/** The newest changes to the staff list, newest first. */
export async function recentStaffEvents(db: Executor, limit = 50): Promise<StaffEvent[]> {
  const rows = await queryRows<Actor>(
    db,
    sql`SELECT ${EVENT.list}, ${SUBJECT.list}, a.name AS actor
        FROM staff_events e
        JOIN staff s ON s.staff_id = e.staff_id
        LEFT JOIN staff a ON a.staff_id = e.actor_staff_id
        ORDER BY e.staff_event_id DESC
        LIMIT ${limit}`,
  );
  return rows.map((r) => {
    const { kind, createdAt } = EVENT.read(r);
    // Written only by recordStaffEvent, with a StaffEventKind.
    return { kind: kind as StaffEventKind, subject: SUBJECT.read(r), actorName: r.actor, at: isoSeconds(createdAt) };
  });
}

/** The entry in words: "Added Sam Smith (sam@example.com) as Manager". */
export function describeStaffEvent(event: Pick<StaffEvent, 'kind' | 'subject'>): string {
  const who = `${event.subject.name} (${event.subject.email})`;
  switch (event.kind) {
    case 'staff.owner-set-up':
      return `Set up ${who} as the first Owner`;
    case 'staff.added':
      return `Added ${who} as ${STAFF_ROLE_LABELS[event.subject.role]}`;
    case 'staff.link-made':
      return `Made a new set-password link for ${who}`;
    case 'staff.disabled':
      return `Disabled ${who}: signed out, cannot sign in`;
    case 'staff.enabled':
      return `Enabled ${who}: can sign in again`;
    case 'staff.two-step-on':
      return `Turned on two-step sign-in for ${who}`;
    case 'staff.two-step-off':
      return `Turned off two-step sign-in for ${who}`;
  }
}
