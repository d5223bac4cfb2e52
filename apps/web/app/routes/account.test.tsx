// @vitest-environment jsdom
/**
 * My account as a customer sees it. The page's own loader and action run over
 * stubbed core services (an in-memory address book and account), so the forms post what the
 * server really reads and the messages are the contract's.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadFormChecks } from '~/components/account/shop-form';
import { accountSettingsMessages } from '@shop/contract/browser';
import { DomainError } from '@shop/core';
import type { AddressDto } from '~/components/checkout/checkout-types';
import AccountPage, { action as accountAction, loader as accountLoader } from './account';

afterEach(cleanup);
// The forms' checks arrive after hydration in a browser; here they are there from the start.
beforeAll(loadFormChecks);

const USER_ID = 7;
const CURRENT_PASSWORD = 'correct horse';

function address(address_id: number, reference: string, type: 'Billing' | null): AddressDto {
  return {
    address_id,
    reference,
    contact_name: `Contact ${address_id}`,
    region: String(address_id * 10),
    company_name: '',
    address: 'Boar Lane',
    town: 'Leeds',
    country: 'United Kingdom',
    post_code: 'LS1 4AP',
    phone: '01134960000',
    type,
    user_id: USER_ID,
    is_active: true,
  };
}

/** Core's typed error as it reaches a page action. */
function domainError(code: string, message: string, fields: { field: string; message: string }[] = []) {
  return new DomainError(code, message, { fields });
}

let book: AddressDto[];
let details: { company_name: string | null; vat_number: string | null; newsletter: boolean };
let posted: FormData[];
let signedIn: number | null;
const failedAttempts = vi.fn(async () => undefined);

const services = {
  accounts: {
    userDetails: vi.fn(async () => ({ user_id: USER_ID, first_name: 'Ian', last_name: 'Lee', email: 'ian@example.com', ...details })),
    updateDetails: vi.fn(async (_userId: number, input: typeof details) => {
      details = input;
      return { user_id: USER_ID, first_name: 'Ian', last_name: 'Lee', email: 'ian@example.com', ...details };
    }),
    changePassword: vi.fn(async (_userId: number, input: { current_password: string; new_password: string }) => {
      if (input.current_password !== CURRENT_PASSWORD) {
        throw domainError('invalid_request', accountSettingsMessages.currentPasswordWrong, [
          { field: 'current_password', message: accountSettingsMessages.currentPasswordWrong },
        ]);
      }
      return { userId: USER_ID, token: 'N'.repeat(43) };
    }),
  },
  addresses: {
    listOf: vi.fn(async () => book),
    get: vi.fn(async (_userId: number, id: number) => {
      const found = book.find((a) => a.address_id === id);
      if (!found) throw domainError('not_found', `You have no address ${id}.`);
      return found;
    }),
    delete: vi.fn(async (_userId: number, id: number) => {
      const gone = book.find((a) => a.address_id === id);
      book = book.filter((a) => a.address_id !== id);
      if (gone?.type === 'Billing' && book[0]) book = book.map((a, i) => ({ ...a, type: i === 0 ? ('Billing' as const) : null }));
      return book;
    }),
    update: vi.fn(async (_userId: number, body: AddressDto) => {
      book = book.map((a) => (a.address_id === body.address_id ? { ...a, ...body, type: a.type } : a));
      return book.find((a) => a.address_id === body.address_id)!;
    }),
    create: vi.fn(),
    markAsBilling: vi.fn(async (_userId: number, id: number) => {
      book = book.map((a) => ({ ...a, type: a.address_id === id ? ('Billing' as const) : null }));
      return book;
    }),
  },
  postcodes: { search: vi.fn() },
  // The sales desk's quotes (core/quotes): one being priced, one sent with its prices.
  quotes: {
    listOf: vi.fn(async () => [
      { quoteId: 7, number: 'Q-000007', state: 'requested', stateLabel: 'Requested: we are pricing it', itemSummary: '500 x Mailer box 6x4x2"', requestedAt: '2026-11-20T10:00:00.000Z', validUntil: null, subTotalPence: 9000, orderId: null },
      { quoteId: 5, number: 'Q-000005', state: 'sent', stateLabel: 'Quoted: ready to accept', itemSummary: '2500 x Mailer box 6x4x2"', requestedAt: '2026-11-10T10:00:00.000Z', validUntil: '2026-12-10', subTotalPence: 120000, orderId: null },
    ]),
  },
  // A customer of no company (core/companies): no company section, nothing waiting for approval.
  companies: { membershipOf: vi.fn(async () => null) },
  approvals: { waitingFor: vi.fn(async () => 0) },
};

/** The load context: the signed-in visitor (as session.server.ts memoises it), these services, attempts within their limit. */
function context() {
  return {
    services,
    secure: false,
    memo: new Map<string, unknown>([['visitor', Promise.resolve({ sessionId: null, token: 'T'.repeat(43), userId: signedIn })]]),
    countAttempt: vi.fn(async () => ({ knownDevice: false, failed: failedAttempts, succeeded: async () => null })),
  } as unknown as Parameters<typeof accountLoader>[0]['context'];
}

beforeEach(() => {
  vi.clearAllMocks();
  posted = [];
  signedIn = USER_ID;
  book = [address(1, 'Head office', 'Billing'), address(2, 'Warehouse', null)];
  details = { company_name: null, vat_number: null, newsletter: true };
});

function renderPage(url: string) {
  const Stub = createRoutesStub([
    {
      id: 'account',
      path: '/account',
      Component: AccountPage,
      HydrateFallback: () => null,
      loader: ({ request }) => accountLoader({ request, context: context(), params: {} } as never),
      action: async ({ request }) => {
        posted.push(await request.clone().formData());
        return accountAction({ request, context: context(), params: {} } as never);
      },
    },
  ]);
  render(<Stub initialEntries={[url]} />);
}

const cards = () => within(screen.getByTestId('account-address-list')).getAllByTestId('account-address-card');

describe('My account page', () => {
  it('sends a signed-out visitor to sign in, coming back to the page', async () => {
    signedIn = null;
    const answer = await accountLoader({ request: new Request('http://shop.test/account'), context: context(), params: {} } as never).catch((thrown: unknown) => thrown);
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(302);
    expect((answer as Response).headers.get('location')).toBe('/signin?return=account');
  });

  it('lists the addresses with Edit, Delete and Mark as billing, and the details and password forms', async () => {
    renderPage('/account');
    expect(await screen.findByRole('heading', { name: 'My Account', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/Signed in as Ian Lee \(ian@example\.com\)/)).toBeInTheDocument();
    const [first, second] = cards();
    expect(first).toHaveTextContent('Head office');
    expect(within(first!).getByTestId('billing-badge')).toHaveTextContent('Billing');
    expect(within(first!).queryByRole('button', { name: 'Mark as billing' })).toBeNull();
    expect(within(second!).getByRole('button', { name: 'Mark as billing' })).toBeInTheDocument();
    expect(within(second!).getByRole('button', { name: 'Edit' })).toHaveAttribute('href', '/account?address=2');
    expect(within(second!).getByRole('button', { name: 'Delete' })).toHaveAttribute('href', '/account?delete=2');
    expect(screen.getByTestId('add-address')).toHaveAttribute('href', '/account?address=new');

    expect(screen.getByLabelText('Company Name (optional)')).toHaveValue('');
    expect(screen.getByLabelText('VAT Number (optional)')).toHaveValue('');
    expect(screen.getByTestId('newsletter')).toBeChecked();
    expect(screen.getByLabelText('Current Password')).toHaveAttribute('type', 'password');
    // Every form is a plain POST form (works without JavaScript).
    for (const id of ['details-form', 'password-form']) expect(screen.getByTestId(id)).toHaveAttribute('method', 'post');
  });

  it('lists the customer\'s quotes with their state, each linked to its page; a request still being priced shows no price', async () => {
    renderPage('/account');
    const list = await screen.findByTestId('my-quotes');
    expect(within(list).getByRole('link', { name: 'Quote Q-000005' })).toHaveAttribute('href', '/quotes/5');
    expect(list).toHaveTextContent('Quoted: ready to accept');
    expect(list).toHaveTextContent('£1,200.00 ex-VAT');
    expect(list).toHaveTextContent('Requested: we are pricing it');
    expect(list).not.toHaveTextContent('£90.00');
  });

  it('asks before deleting an address; No keeps it, Yes deletes it and says so', async () => {
    renderPage('/account');
    fireEvent.click(within((await screen.findAllByTestId('account-address-card'))[1]!).getByRole('button', { name: 'Delete' }));
    let dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(dialog).toHaveTextContent('Delete the address Warehouse (Leeds, LS1 4AP)?');
    expect(dialog).toHaveTextContent('Past orders keep the address they were sent to.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(services.addresses.delete).not.toHaveBeenCalled();

    fireEvent.click(within(cards()[1]!).getByRole('button', { name: 'Delete' }));
    dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.getByTestId('addresses-message')).toHaveTextContent('Warehouse has been deleted.'));
    expect(services.addresses.delete).toHaveBeenCalledWith(USER_ID, 2);
    expect(posted.at(-1)?.get('intent')).toBe('delete');
    expect(cards()).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("'Mark as billing' moves the Billing badge and says so", async () => {
    renderPage('/account');
    fireEvent.click(within((await screen.findAllByTestId('account-address-card'))[1]!).getByRole('button', { name: 'Mark as billing' }));
    await waitFor(() => expect(screen.getByTestId('addresses-message')).toHaveTextContent('Warehouse is now your billing address.'));
    expect(services.addresses.markAsBilling).toHaveBeenCalledWith(USER_ID, 2);
    expect(within(cards()[1]!).getByTestId('billing-badge')).toBeInTheDocument();
    expect(within(cards()[0]!).queryByTestId('billing-badge')).toBeNull();
  });

  it("Edit opens the delivery step's Add/Update Address form; saving comes back here and names the address", async () => {
    renderPage('/account');
    fireEvent.click(within((await screen.findAllByTestId('account-address-card'))[1]!).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add/Update Address' });
    expect(within(dialog).getByLabelText('Reference')).toHaveValue('Warehouse');
    fireEvent.input(within(dialog).getByLabelText('Town'), { target: { value: 'Bradford' } });
    fireEvent.input(within(dialog).getByLabelText('Post Code'), { target: { value: 'BD1 1AA' } });
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Update Address' }));

    expect(await screen.findByTestId('account-notice')).toHaveTextContent('Address Warehouse saved.');
    expect(services.addresses.update).toHaveBeenCalledWith(USER_ID, expect.objectContaining({ address_id: 2, town: 'Bradford', post_code: 'BD1 1AA' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(cards()[1]).toHaveTextContent('Bradford');
  });

  it('checks the VAT number as it is typed, and stores it normalised with the company name and newsletter choice', async () => {
    renderPage('/account');
    const vat = await screen.findByLabelText('VAT Number (optional)');
    fireEvent.input(vat, { target: { value: 'GB 123' } });
    expect(screen.getByTestId('account-vat-number-error')).toHaveTextContent(accountSettingsMessages.vatNumber);

    fireEvent.input(screen.getByLabelText('Company Name (optional)'), { target: { value: 'Lee Packaging Ltd' } });
    fireEvent.input(vat, { target: { value: 'gb 123 4567 89' } });
    expect(screen.queryByTestId('account-vat-number-error')).toBeNull();
    fireEvent.click(screen.getByTestId('newsletter'));
    fireEvent.click(screen.getByRole('button', { name: 'Save Details' }));

    expect(await screen.findByTestId('details-message')).toHaveTextContent(accountSettingsMessages.detailsSaved);
    expect(services.accounts.updateDetails).toHaveBeenCalledWith(USER_ID, { company_name: 'Lee Packaging Ltd', vat_number: 'GB123456789', newsletter: false });
    await waitFor(() => expect(screen.getByLabelText('VAT Number (optional)')).toHaveValue('GB123456789'));
    expect(screen.getByTestId('newsletter')).not.toBeChecked();
  });

  it("answers the server's VAT message for a number typed without the browser's check (no JavaScript)", async () => {
    const form = new FormData();
    form.set('intent', 'details');
    form.set('company_name', 'Lee Packaging Ltd');
    form.set('vat_number', 'GB12345678');
    const answer = await accountAction({ request: new Request('http://shop.test/account', { method: 'POST', body: form }), context: context(), params: {} } as never);
    expect(answer).toMatchObject({ init: { status: 400 }, data: { ok: false, fields: { vat_number: accountSettingsMessages.vatNumber }, values: { vat_number: 'GB12345678' } } });
    expect(services.accounts.updateDetails).not.toHaveBeenCalled();
  });

  it('refuses a new password that does not match its confirmation, then a wrong current password (counted as a refused sign-in)', async () => {
    renderPage('/account');
    fireEvent.input(await screen.findByLabelText('Current Password'), { target: { value: 'not my password' } });
    fireEvent.input(screen.getByLabelText('New Password'), { target: { value: 'battery staple' } });
    fireEvent.input(screen.getByLabelText('Confirm New Password'), { target: { value: 'battery stapel' } });
    expect(screen.getByTestId('account-confirm-password-error')).toHaveTextContent('Passwords do not match.');
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(services.accounts.changePassword).not.toHaveBeenCalled();

    fireEvent.input(screen.getByLabelText('Confirm New Password'), { target: { value: 'battery staple' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByTestId('account-current-password-error')).toHaveTextContent(accountSettingsMessages.currentPasswordWrong);
    expect(screen.getByTestId('password-message')).toHaveTextContent(accountSettingsMessages.currentPasswordWrong);
    expect(failedAttempts).toHaveBeenCalledTimes(1);
    // The typed passwords are not kept.
    expect(screen.getByLabelText('New Password')).toHaveValue('');
  });

  it('changes the password, stays signed in with the fresh token and says that other devices are signed out', async () => {
    const form = new FormData();
    form.set('intent', 'password');
    form.set('current_password', CURRENT_PASSWORD);
    form.set('new_password', 'battery staple');
    form.set('confirm_password', 'battery staple');
    const answer = (await accountAction({ request: new Request('http://shop.test/account', { method: 'POST', body: form }), context: context(), params: {} } as never)) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/account?password=changed');
    expect(answer.headers.get('set-cookie')).toMatch(/^shop_session=.+; .*HttpOnly/i);
    expect(services.accounts.changePassword).toHaveBeenCalledWith(USER_ID, { current_password: CURRENT_PASSWORD, new_password: 'battery staple' });

    renderPage('/account?password=changed');
    expect(await screen.findByTestId('account-notice')).toHaveTextContent(accountSettingsMessages.passwordChanged);
  });
});
