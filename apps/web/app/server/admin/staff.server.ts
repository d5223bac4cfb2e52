/**
 * The staff page (routes/admin/staff.tsx, owner only): the members and the changes to the list
 * in words from core, and the schema of its forms (add a member, a new set-password link,
 * disable a member).
 */
import { z } from 'zod';
import { describeStaffEvent, STAFF_ROLE_LABELS, STAFF_ROLES, type StaffEvent, type StaffListEntry } from '@shop/core';
import { textField, UNKNOWN_FORM, wholeNumber } from './admin-forms.server';

export function staffPage(members: StaffListEntry[], changes: StaffEvent[]) {
  return {
    changes: changes.map((event) => ({ at: event.at, who: event.actorName ?? 'Setup link or command line', what: describeStaffEvent(event) })),
    roles: STAFF_ROLES.map((role) => ({ value: role, label: STAFF_ROLE_LABELS[role] })),
    members: members.map((m) => ({
      staffId: m.staffId,
      name: m.name,
      email: m.email,
      roleLabel: STAFF_ROLE_LABELS[m.role],
      status: m.disabled ? 'Disabled' : m.invited ? 'Password not set' : 'Active',
      disabled: m.disabled,
      totpEnabled: m.totpEnabled,
    })),
  };
}

const CHOOSE_A_ROLE = 'Choose a role.';
const staffId = wholeNumber(UNKNOWN_FORM);

export const staffFormSchema = z.discriminatedUnion(
  'intent',
  [
    z.object({ intent: z.literal('add'), email: textField(300), name: textField(200), role: z.enum(STAFF_ROLES, { error: CHOOSE_A_ROLE }) }),
    z.object({ intent: z.literal('link'), staffId }),
    z.object({ intent: z.literal('disable'), staffId }),
    z.object({ intent: z.literal('enable'), staffId }),
  ],
  { error: UNKNOWN_FORM },
);
