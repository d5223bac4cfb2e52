/** What the back office's frame shows of the signed-in staff member, from core's permission table. */
import { can, STAFF_PERMISSIONS, STAFF_ROLE_LABELS, type StaffMember } from '@shop/core';
import type { AdminFrameStaff } from '~/components/admin/admin-frame';

export function frameStaffOf(staff: StaffMember): AdminFrameStaff {
  return {
    name: staff.name,
    roleLabel: STAFF_ROLE_LABELS[staff.role],
    permissions: STAFF_PERMISSIONS.filter((permission) => can(staff.role, permission)),
  };
}
