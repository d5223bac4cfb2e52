/** The permission table, over every role and permission: what each kind of staff may do. */
import { describe, expect, it } from 'vitest';
import { can, isStaffRole, STAFF_PERMISSIONS, STAFF_ROLES, type StaffPermission, type StaffRole } from './staff-roles.ts';

const expected: Record<StaffRole, StaffPermission[]> = {
  owner: [...STAFF_PERMISSIONS],
  // Filing a VAT quarter is the owner's alone: once filed, nothing may change its figures.
  manager: STAFF_PERMISSIONS.filter((permission) => permission !== 'staff:manage' && permission !== 'vat:file'),
  // Picks, dispatches, receives and counts stock; never payment amounts or references, customer accounts or prices.
  warehouse: ['orders:view', 'orders:dispatch', 'stock:receive'],
};

describe('staff permissions', () => {
  for (const role of STAFF_ROLES) {
    for (const permission of STAFF_PERMISSIONS) {
      const allowed = expected[role].includes(permission);
      it(`${role} ${allowed ? 'may' : 'may not'} ${permission}`, () => {
        expect(can(role, permission)).toBe(allowed);
      });
    }
  }

  it('an unknown role may do nothing', () => {
    expect(can('intern' as StaffRole, 'orders:view')).toBe(false);
    expect(isStaffRole('intern')).toBe(false);
    expect(STAFF_ROLES.every(isStaffRole)).toBe(true);
  });
});
