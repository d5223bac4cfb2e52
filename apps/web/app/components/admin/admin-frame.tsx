/**
 * The back office's frame: its own header (shop name and "Back office", the pages this staff
 * member may open, their name and role, Sign out as a POST form) instead of the storefront's
 * header, footer and cookie banner. Pages without a session (sign-in, setup, set-password) use
 * `AdminCardPage`. Both tell search engines to keep out (React hoists the meta into <head>).
 */
import { Form, NavLink } from 'react-router';

/** What a staff member sees on a page their role may not open (the 403 of requireStaff). */
export const ADMIN_FORBIDDEN_MESSAGE = 'You do not have access to this page.';

export interface AdminNavItem {
  to: string;
  label: string;
  /** The permission the page needs (core's StaffPermission; none: every staff member). */
  permission?: string;
  /** Only this exact path is "current" (the dashboard, which every admin path starts with). */
  end?: boolean;
}

/** The back office's pages, in order; each shown only to staff who may open it. */
export const ADMIN_NAV: readonly AdminNavItem[] = [
  { to: '/admin', label: 'Dashboard', end: true },
  { to: '/admin/orders', label: 'Orders', permission: 'orders:view' },
  { to: '/admin/dispatch', label: 'Dispatch', permission: 'orders:dispatch' },
  { to: '/admin/returns', label: 'Returns', permission: 'orders:view' },
  { to: '/admin/stock', label: 'Stock', permission: 'stock:receive' },
  { to: '/admin/customers', label: 'Customers', permission: 'customers:view' },
  { to: '/admin/companies', label: 'Companies', permission: 'customers:view' },
  { to: '/admin/quotes', label: 'Quotes', permission: 'sales-desk' },
  { to: '/admin/price-lists', label: 'Price lists', permission: 'price-lists:manage' },
  { to: '/admin/offers', label: 'Offers', permission: 'offers' },
  { to: '/admin/bank-statements', label: 'Bank statements', permission: 'payments:record' },
  { to: '/admin/payments/returned', label: 'Returned payments', permission: 'payments:view' },
  { to: '/admin/credit-control', label: 'Credit control', permission: 'payments:view' },
  { to: '/admin/catalogue', label: 'Catalogue', permission: 'catalogue:edit' },
  { to: '/admin/exports', label: 'Exports', permission: 'exports' },
  { to: '/admin/reports', label: 'Reports', permission: 'reports' },
  { to: '/admin/staff', label: 'Staff', permission: 'staff:manage' },
];

/** The signed-in staff member as the frame shows them (built on the server: admin-frame.server.ts). */
export interface AdminFrameStaff {
  name: string;
  roleLabel: string;
  /** What this staff member may do (core's StaffPermission names, from its table, applied on the server). */
  permissions: string[];
}

export function navFor(staff: Pick<AdminFrameStaff, 'permissions'>): AdminNavItem[] {
  return ADMIN_NAV.filter((item) => !item.permission || staff.permissions.includes(item.permission));
}

function NoIndex() {
  return <meta name="robots" content="noindex, nofollow" />;
}

function BackOfficeMark({ shopName }: { shopName: string }) {
  return (
    <span className="flex items-center gap-2">
      <svg viewBox="0 0 64 64" width="28" height="28" aria-hidden="true">
        <rect width="64" height="64" rx="12" fill="#ffffff" fillOpacity="0.15" />
        <path d="M14 24l18-9 18 9v18l-18 9-18-9z" fill="#c89b6d" />
        <path d="M14 24l18 9 18-9M32 33v18" stroke="#8a6339" strokeWidth="3" fill="none" />
      </svg>
      <span className="leading-tight">
        <span className="block text-sm font-semibold">{shopName}</span>
        <span className="block text-[11px] font-medium tracking-wider text-brand-100 uppercase">Back office</span>
      </span>
    </span>
  );
}

/** Staff must never take a simulated payment for a real one (DESIGN section 4). */
export const TEST_PAYMENTS_BANNER = 'Test payments are on: orders can be paid without money.';

export function AdminFrame({
  staff,
  shopName,
  testPayments = false,
  children,
}: {
  staff: AdminFrameStaff | null;
  shopName: string;
  /** The shop runs simulated payments: a banner on every page says so. */
  testPayments?: boolean;
  children: React.ReactNode;
}) {
  return (
    <div className="flex min-h-screen flex-col bg-stone-100" data-testid="admin-frame">
      <NoIndex />
      <a href="#admin-main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        Skip to content
      </a>
      <header className="bg-brand-700 text-white shadow">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-2.5">
          <a href="/admin" className="rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white">
            <BackOfficeMark shopName={shopName} />
          </a>
          {staff && (
            <nav aria-label="Back office" className="order-3 w-full md:order-none md:w-auto md:flex-1">
              <ul className="flex flex-wrap gap-1">
                {navFor(staff).map((item) => (
                  <li key={item.to}>
                    <NavLink
                      to={item.to}
                      end={item.end}
                      className={({ isActive }) =>
                        `block rounded-md px-3 py-1.5 text-sm font-medium transition-colors ${
                          isActive ? 'bg-white text-brand-800' : 'text-white hover:bg-brand-600'
                        }`
                      }
                    >
                      {item.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          {staff && (
            <div className="ml-auto flex items-center gap-3 text-sm">
              <a href="/admin/security" className="text-right leading-tight hover:underline" title="Your sign-in and two-step security">
                <span className="block font-medium" data-testid="admin-staff-name">
                  {staff.name}
                </span>
                <span className="block text-xs text-brand-100">{staff.roleLabel}</span>
              </a>
              <Form method="post" action="/admin/signout" reloadDocument>
                <button type="submit" className="rounded-md border border-white/40 px-3 py-1.5 text-sm font-medium hover:bg-brand-600">
                  Sign out
                </button>
              </Form>
            </div>
          )}
        </div>
      </header>
      {testPayments ? (
        <p role="note" className="border-b border-amber-300 bg-amber-100 px-4 py-2 text-center text-sm font-semibold text-amber-900" data-testid="test-payments-banner">
          {TEST_PAYMENTS_BANNER} Orders marked &ldquo;Test payment&rdquo; were paid by a simulated card payment.
        </p>
      ) : null}
      <main id="admin-main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6">
        {children}
      </main>
    </div>
  );
}

/** A page of its own without the back office's navigation: sign-in, setup, set-password. */
export function AdminCardPage({ shopName, title, children }: { shopName: string; title: string; children: React.ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-stone-100">
      <NoIndex />
      <header className="bg-brand-700 text-white shadow">
        <div className="mx-auto flex max-w-7xl items-center px-4 py-2.5">
          <BackOfficeMark shopName={shopName} />
        </div>
      </header>
      <main id="admin-main" className="flex flex-1 items-start justify-center px-4 py-10 sm:py-16">
        <div className="card w-full max-w-md p-6 sm:p-8">
          <h1 className="text-xl font-bold tracking-tight text-stone-900">{title}</h1>
          {children}
        </div>
      </main>
    </div>
  );
}

/** A form's message line (an error or a notice). */
export function AdminMessage({ tone, children, testId }: { tone: 'error' | 'info' | 'success'; children: React.ReactNode; testId?: string }) {
  const colours =
    tone === 'error'
      ? 'border-red-200 bg-red-50 text-red-800'
      : tone === 'success'
        ? 'border-emerald-200 bg-emerald-50 text-emerald-900'
        : 'border-brand-200 bg-brand-50 text-brand-800';
  return (
    <p role={tone === 'error' ? 'alert' : 'status'} className={`mt-4 rounded-md border px-3 py-2 text-sm ${colours}`} data-testid={testId}>
      {children}
    </p>
  );
}

/** A labelled input with its error under it. */
export function AdminField({
  id,
  label,
  error,
  hint,
  ...input
}: { id: string; label: string; error?: string; hint?: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input id={id} className="form-input" aria-invalid={error ? true : undefined} aria-describedby={described} {...input} />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-stone-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
