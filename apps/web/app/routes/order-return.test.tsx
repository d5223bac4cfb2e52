// @vitest-environment jsdom
/**
 * The return or claim form as a customer meets it. The page's own loader and action run over
 * stubbed core services, so the form posts what the server really reads and the messages are
 * the contract's (returnRequestFormSchema), in the browser and in the action alike.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { returnRequestMessages } from '@shop/contract/browser';
import { Invalid } from '@shop/core';
import { loadFormChecks } from '~/components/account/shop-form';
import OrderReturnPage, { action as returnAction, loader as returnLoader } from './order-return';

afterEach(cleanup);
// The forms' checks arrive after hydration in a browser; here they are there from the start.
beforeAll(loadFormChecks);

const USER_ID = 7;
let signedIn: number | null;
let posted: FormData[];

const orderReturns = {
  orderId: 41,
  windows: [
    { reason: 'unwanted', open: true, until: '2026-12-20', text: 'Unwanted and unopened: open until 20 December 2026' },
    { reason: 'damaged', open: false, until: '2026-11-23', text: 'Damage must be reported within 3 days of delivery.' },
    { reason: 'faulty', open: true, until: '2026-12-20', text: 'Faulty: open until 20 December 2026' },
    { reason: 'warranty', open: true, until: '2027-05-20', text: 'Under warranty: open until 20 May 2027' },
  ],
  lines: [
    { orderLineId: 11, productName: 'Single Wall Box', size1: '12x9x6"', qty: 25, returnableCount: 2 },
    { orderLineId: 12, productName: 'Packing Tape', size1: 'Brown', qty: 36, returnableCount: 1 },
  ],
  returns: [],
};

const services = {
  returns: {
    forCustomer: vi.fn(async () => orderReturns),
    open: vi.fn(async () => ({ returnId: 5 })),
  },
};

function context() {
  return {
    services,
    memo: new Map<string, unknown>([['visitor', Promise.resolve({ sessionId: null, token: 'T'.repeat(43), userId: signedIn })]]),
  } as unknown as Parameters<typeof returnLoader>[0]['context'];
}

beforeEach(() => {
  vi.clearAllMocks();
  signedIn = USER_ID;
  posted = [];
});

function renderPage(url = '/order-return?orderId=41') {
  const Stub = createRoutesStub([
    {
      id: 'order-return',
      path: '/order-return',
      Component: OrderReturnPage as never,
      HydrateFallback: () => null,
      loader: ({ request }) => returnLoader({ request, context: context(), params: {} } as never),
      action: async ({ request }) => {
        posted.push(await request.clone().formData());
        return returnAction({ request, context: context(), params: {} } as never);
      },
    },
    { path: '/order-detail', Component: () => <p>Order page</p> },
  ]);
  render(<Stub initialEntries={[url]} />);
}

const form = () => screen.findByTestId('return-form');

describe('the return form', () => {
  it('sends a signed-out customer to sign in and back to this form, its query kept', async () => {
    signedIn = null;
    const answer = await returnLoader({ request: new Request('http://shop.test/order-return?orderId=41'), context: context(), params: {} } as never).catch(
      (thrown: unknown) => thrown,
    );
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).headers.get('location')).toBe('/signin?return=order-return%3ForderId%3D41');
  });

  it('chooses no reason for the customer', async () => {
    renderPage();
    const reasons = within(await form()).getAllByRole('radio');
    expect(reasons).toHaveLength(4);
    for (const reason of reasons) expect(reason).not.toBeChecked();
  });

  it('the action tells every field that is wrong at once, as a page without JavaScript shows it', async () => {
    const body = new FormData();
    body.set('lines[0].order_line_id', '11');
    body.set('lines[0].count', '0');
    body.set('reason', 'faulty');
    const answer = await returnAction({
      request: new Request('http://shop.test/order-return?orderId=41', { method: 'POST', body }),
      context: context(),
      params: {},
    } as never);
    const { data, init } = answer as unknown as { data: { fields: Record<string, string> }; init: { status: number } };
    expect(init.status).toBe(400);
    expect(data.fields).toEqual({
      lines: returnRequestMessages.noLines,
      description: returnRequestMessages.description,
      fault_found_on: returnRequestMessages.faultFoundOn,
    });
    expect(services.returns.open).not.toHaveBeenCalled();
  });

  it('in the browser: sends nothing, marks every invalid field with its message and focuses the first', async () => {
    renderPage();
    const returnForm = await form();
    fireEvent.click(within(returnForm).getByRole('button', { name: 'Send my request' }));

    const firstCount = within(returnForm).getByLabelText(/Single Wall Box/);
    await waitFor(() => expect(firstCount).toHaveFocus());
    expect(posted).toHaveLength(0);
    expect(firstCount).toHaveAttribute('aria-invalid', 'true');
    expect(firstCount).toHaveAttribute('aria-describedby', 'return-lines-error');
    expect(screen.getByTestId('return-lines-error')).toHaveTextContent(returnRequestMessages.noLines);
    expect(screen.getByTestId('return-reason-error')).toHaveTextContent(returnRequestMessages.reason);
    for (const reason of within(returnForm).getAllByRole('radio').filter((radio) => !(radio as HTMLInputElement).disabled)) {
      expect(reason).toHaveAttribute('aria-invalid', 'true');
      expect(reason).toHaveAttribute('aria-describedby', 'return-reason-error');
    }
    const description = within(returnForm).getByLabelText('What is wrong?');
    expect(description).toHaveAttribute('aria-invalid', 'true');
    expect(document.getElementById(description.getAttribute('aria-describedby')!)).toHaveTextContent(returnRequestMessages.description);
    // Not faulty: the fault day is not asked for.
    expect(within(returnForm).getByLabelText(/Day you found the fault/)).not.toHaveAttribute('aria-invalid');
  });

  it("in the browser: the action's refusal marks its field and focuses it", async () => {
    const tooMany = 'You can return at most 1 pack of Packing Tape Brown.';
    services.returns.open.mockRejectedValueOnce(new Invalid('Please correct the fields marked below.', { fields: [{ field: 'line_12', message: tooMany }] }));
    renderPage();
    const returnForm = await form();
    fireEvent.change(within(returnForm).getByLabelText(/Packing Tape/), { target: { value: '1' } });
    fireEvent.click(within(returnForm).getByLabelText(/Unwanted and unopened/));
    fireEvent.change(within(returnForm).getByLabelText('What is wrong?'), { target: { value: 'Ordered one too many.' } });
    fireEvent.click(within(returnForm).getByRole('button', { name: 'Send my request' }));

    const tape = within(returnForm).getByLabelText(/Packing Tape/);
    await waitFor(() => expect(tape).toHaveFocus());
    expect(posted).toHaveLength(1);
    expect(tape).toHaveAttribute('aria-invalid', 'true');
    expect(document.getElementById(tape.getAttribute('aria-describedby')!)).toHaveTextContent(tooMany);
    expect(screen.getByTestId('return-error')).toHaveTextContent('Please correct the fields marked below.');
  });
});
