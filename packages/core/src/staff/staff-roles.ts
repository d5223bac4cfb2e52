/**
 * Staff roles and what each may do: the one permission table of the back office.
 * Every admin loader and action asks `can(role, permission)` (through the web app's
 * `requireStaff`), and pages hide what a role may not use with the same question.
 *
 * - owner: everything, and manages staff.
 * - manager: orders, payments, customers, trade accounts, catalogue, price lists, exports,
 *   invoices, the sales desk (quotes, phone orders), reports, offers.
 * - warehouse: orders to pick and dispatch, and stock (goods-in, counts, the low-stock list).
 *   It sees whether an order may be dispatched, never payment amounts or references, customer
 *   account details or prices.
 */
export const STAFF_ROLES = ['owner', 'manager', 'warehouse'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_PERMISSIONS = [
  'orders:view',
  'orders:dispatch',
  'payments:view',
  'payments:record',
  'orders:cancel',
  'customers:view',
  'customers:manage',
  'trade-accounts:manage',
  'catalogue:edit',
  'price-lists:manage',
  'staff:manage',
  'exports',
  /** Marking a VAT quarter filed with HMRC (back-office/exports/vat-return.ts): the owner only. */
  'vat:file',
  'invoices',
  /** Goods-in, stock counts and the low-stock list (docs/stock.md); stock settings are 'catalogue:edit'. */
  'stock:receive',
  // The sales desk (quotes/): price and send quotes, take orders by phone.
  'sales-desk',
  /** The owner's numbers (reports/, docs/reports.md): sales, best sellers, customers, stock value. */
  'reports',
  /** Discount codes and automatic offers (offers/offer-admin.ts): see, make and end them. */
  'offers',
] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

/** A staff member as the back office sees them (never the password hash or TOTP secret). */
export interface StaffMember {
  staffId: number;
  email: string;
  name: string;
  role: StaffRole;
  totpEnabled: boolean;
}

const WAREHOUSE: ReadonlySet<StaffPermission> = new Set<StaffPermission>(['orders:view', 'orders:dispatch', 'stock:receive']);

const PERMISSIONS: Record<StaffRole, ReadonlySet<StaffPermission>> = {
  owner: new Set(STAFF_PERMISSIONS),
  manager: new Set(STAFF_PERMISSIONS.filter((permission) => permission !== 'staff:manage' && permission !== 'vat:file')),
  warehouse: WAREHOUSE,
};

/** Whether a staff member with this role may do this. */
export function can(role: StaffRole, permission: StaffPermission): boolean {
  return PERMISSIONS[role]?.has(permission) ?? false;
}

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/** How a role reads on a page ("Owner", "Manager", "Warehouse"). */
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = { owner: 'Owner', manager: 'Manager', warehouse: 'Warehouse' };
