/**
 * The staff page (routes/admin/staff.tsx, owner only): the members and the changes to the list
 * in words from core, and the schema of its forms (add a member, a new set-password link,
 * disable a member) and what each does: the page shows the link (or who changed) once.
 */
import { z } from 'zod';
import { Conflict, describeStaffEvent, STAFF_ROLE_LABELS, STAFF_ROLES, type StaffEvent, type StaffListEntry } from '@shop/core';
import { textField, UNKNOWN_FORM, wholeNumber } from './admin-forms.server';
import { shown, type AdminChange } from './admin-page.server';

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

/** A form of the staff page done by core, answered to the page (a link is shown once, never redirected to). */
export async function staffChange({ value, staff: me, context }: AdminChange<z.output<typeof staffFormSchema>, null>) {
  const { staff } = context.services;
  if (value.intent === 'add') {
    const added = await staff.add({ email: value.email, name: value.name, role: value.role }, me.staffId);
    return shown({ intent: value.intent, name: added.staff.name, email: added.staff.email, link: added.link, expiresAt: added.expiresAt.toISOString(), emailed: added.emailed });
  }
  const { intent, staffId: memberId } = value;
  const member = await staff.byId(memberId);
  if (intent === 'link') {
    const renewed = await staff.newSetPasswordLink(memberId, me.staffId);
    return shown({ intent, name: member?.name ?? '', email: member?.email ?? '', link: renewed.link, expiresAt: renewed.expiresAt.toISOString(), emailed: renewed.emailed });
  }
  if (intent === 'enable') await staff.enable(memberId, me.staffId);
  else {
    if (memberId === me.staffId) throw new Conflict('You cannot disable yourself. Another owner can.');
    await staff.disable(memberId, me.staffId);
  }
  return shown({ intent, name: member?.name ?? '' });
}
