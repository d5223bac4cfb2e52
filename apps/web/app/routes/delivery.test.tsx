// @vitest-environment jsdom
/**
 * The delivery step as a customer sees it. The loader is stubbed over an in-memory address book;
 * the action is the page's own (delivery-actions.server.ts) over stubbed core services, so the
 * forms post what the server really reads and the messages are the contract's SPEC 5 ones.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadFormChecks } from '~/components/account/shop-form';
import type { CartDto } from '@shop/contract';
import { DomainError, Invalid } from '@shop/core';
import { deliveryAction } from '~/server/checkout/delivery-actions.server';
import { basketOf } from '~/testing/route-stub';
import type { AddressDto, PostcodeEntry } from '~/components/checkout/checkout-types';
import type { AddressFormAnswer } from '~/components/checkout/delivery-answers';
import DeliveryPage from './delivery';

afterEach(cleanup);
// The forms' checks arrive after hydration in a browser; here they are there from the start.
beforeAll(loadFormChecks);

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
    user_id: 7,
    is_active: true,
  };
}

const ENTRIES: PostcodeEntry[] = [
  { line_1: '1 Park Row', building_number: '1', building_name: '', sub_building_name: '', thoroughfare: 'Park Row', post_town: 'Leeds', postcode: 'LS1 5AB', country: 'England' },
  { line_1: '2 Park Row', building_number: '2', building_name: '', sub_building_name: '', thoroughfare: 'Park Row', post_town: 'Leeds', postcode: 'LS1 5AB', country: 'England' },
];

let cart: CartDto;
let book: AddressDto[];
let posted: FormData[];

const services = {
  carts: {
    assignAddress: vi.fn(async (_userId: number, body: { addressId: number; cartId?: number | null }) => {
      cart = { ...cart, address_id: body.addressId };
      return cart;
    }),
  },
  addresses: {
    create: vi.fn(async (_userId: number, body: Omit<AddressDto, 'address_id' | 'type' | 'user_id' | 'is_active'>) => {
      const saved = { ...address(book.length + 1, body.reference, null), ...body, address_id: book.length + 1 };
      book = [...book, saved];
      return saved;
    }),
    update: vi.fn(),
    markAsBilling: vi.fn(async (_userId: number, addressId: number) => {
      book = book.map((a) => ({ ...a, type: a.address_id === addressId ? ('Billing' as const) : null }));
      return book;
    }),
  },
  postcodes: { search: vi.fn(async () => ({ ok: true as const, entries: ENTRIES })) },
};
/** The action's load context: these services, and look-ups always within their limit. */
const context = { services, countAttempt: vi.fn(async () => undefined) } as unknown as Parameters<typeof deliveryAction>[2];

beforeEach(() => {
  vi.clearAllMocks();
  posted = [];
  book = [address(1, 'Head office', 'Billing'), address(2, 'Warehouse', null)];
  cart = {
    cart_id: 5,
    address_id: null,
    count: 2,
    subTotal: 80,
    deliveryFee: 0,
    taxPercentage: 20,
    vatTreatment: 'standard',
    totalTax: 16,
    total: 96,
    deliveryZone: null,
    discount: 0,
    offers: [],
    offer_code: null,
    offer_code_problem: null,
    next_offers: [],
    dispatchPromise: basketOf([]).dispatchPromise,
    cartIems: [
      {
        cart_id: 5,
        address_id: null,
        product_id: 11,
        product_price_id: 111,
        price: 40,
        qty: 25,
        count: 2,
        total_price: 80,
        unit_price: 1.6,
        item_name: 'Double Wall Box 12x9x6',
        product: { product_id: 11, name: 'Double Wall Box 12x9x6', image_url: '/media/box.webp', produc_prices: [{ product_price_id: 111, size1: '12x9x6' }] },
      },
    ],
  };
});

/** As the page's loader reads the URL: ?address=new or ?address=<id> opens the modal, ?saved=<id> names the saved address. */
function loader({ request }: { request: Request }) {
  const search = new URL(request.url).searchParams;
  const named = (name: string) => book.find((a) => String(a.address_id) === search.get(name));
  const opened = search.get('address');
  const edited = named('address');
  return {
    cart,
    addresses: book,
    editor: opened === 'new' ? { address: null } : edited ? { address: edited } : null,
    saved: named('saved')?.reference ?? null,
  };
}

async function action({ request }: { request: Request }) {
  const form = await request.formData();
  posted.push(form);
  return deliveryAction(7, form, context);
}

function renderPage(url: string, hydrationData?: Parameters<ReturnType<typeof createRoutesStub>>[0]['hydrationData']) {
  const Stub = createRoutesStub([
    { id: 'delivery', path: '/delivery', Component: DeliveryPage, HydrateFallback: () => null, loader, action },
    { path: '/payment', Component: () => <h1>Payment step</h1> },
  ]);
  render(<Stub initialEntries={[url]} hydrationData={hydrationData} />);
}

const dialog = () => screen.getByRole('dialog', { name: 'Add/Update Address' });
const fill = (label: string | RegExp, value: string) => fireEvent.input(within(dialog()).getByLabelText(label), { target: { value } });

describe('delivery page', () => {
  it('shows the billing address, no selected address yet, and a card per address', async () => {
    renderPage('/delivery');
    expect(await screen.findByRole('heading', { name: 'Your Billing & Delivery Details' })).toBeInTheDocument();
    expect(screen.getByTestId('billing-address')).toHaveTextContent('Contact 1');
    expect(screen.getByTestId('selected-address')).toHaveTextContent('No Address Selected');

    const cards = within(screen.getByTestId('address-list')).getAllByTestId('address-card');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('Head office');
    expect(cards[0]).toHaveTextContent('Billing');
    // 'Mark as billing' only on the address that is not the billing one.
    expect(within(cards[0]!).queryByRole('button', { name: 'Mark as billing' })).toBeNull();
    expect(within(cards[1]!).getByRole('button', { name: 'Mark as billing' })).toBeInTheDocument();
    expect(within(cards[1]!).getByRole('button', { name: 'Edit' })).toHaveAttribute('href', '/delivery?address=2');
    expect(screen.getByTestId('add-address')).toHaveAttribute('href', '/delivery?address=new');
  });

  it("'Deliver to this Address' posts intent=deliver for that address and goes on to payment", async () => {
    renderPage('/delivery');
    const cards = await screen.findAllByTestId('address-card');
    fireEvent.click(within(cards[1]!).getByRole('button', { name: 'Deliver to this Address' }));

    expect(await screen.findByRole('heading', { name: 'Payment step' })).toBeInTheDocument();
    const form = posted.at(-1)!;
    expect(form.get('intent')).toBe('deliver');
    expect(form.get('addressId')).toBe('2');
    expect(form.get('cartId')).toBe('5');
    expect(services.carts.assignAddress).toHaveBeenCalledWith(7, { addressId: 2, cartId: 5 });
  });

  it("'Mark as billing' stays on the page and says so", async () => {
    renderPage('/delivery');
    const cards = await screen.findAllByTestId('address-card');
    fireEvent.click(within(cards[1]!).getByRole('button', { name: 'Mark as billing' }));

    await waitFor(() => expect(screen.getByTestId('delivery-status')).toHaveTextContent('Warehouse is now your billing address.'));
    expect(posted.at(-1)?.get('intent')).toBe('billing');
    expect(screen.getByTestId('billing-address')).toHaveTextContent('Contact 2');
  });

  it('opens the Add/Update Address modal from ?address=new, with the API field names, and closes it with a link', async () => {
    renderPage('/delivery?address=new');
    const modal = await screen.findByRole('dialog', { name: 'Add/Update Address' });
    for (const name of ['reference', 'contact_name', 'region', 'company_name', 'address', 'town', 'country', 'post_code', 'phone']) {
      expect(modal.querySelector(`input[name="${name}"]`), name).not.toBeNull();
    }
    expect(within(modal).getByLabelText('Country')).toHaveValue('United Kingdom');
    // Hydrated: Save waits for a valid form.
    expect(screen.getByTestId('save-address')).toBeDisabled();

    const close = within(modal).getByRole('link', { name: 'Close' });
    expect(close).toHaveAttribute('href', '/delivery');
    fireEvent.click(close);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("'Add Address' opens the modal without a page load", async () => {
    renderPage('/delivery');
    fireEvent.click(await screen.findByTestId('add-address'));
    expect(await screen.findByRole('dialog', { name: 'Add/Update Address' })).toBeInTheDocument();
  });

  it("shows the server's field messages in the modal and keeps every typed value", async () => {
    // The form's schema passes the postcode; the address book (core) refuses it.
    const message = 'PostCode is required. (A valid UK postcode or Irish Eircode)';
    vi.mocked(services.addresses.create).mockRejectedValueOnce(
      new Invalid('Please correct the fields marked below.', { fields: [{ field: 'post_code', message }] }),
    );
    renderPage('/delivery?address=new');
    await screen.findByRole('dialog', { name: 'Add/Update Address' });
    fill('Reference', 'Depot');
    fill('Contact Name', 'Alice Walker');
    fill(/House number or name/, '12');
    fill(/Company Name/, 'Boxes Ltd');
    fill('Address', 'Boar Lane');
    fill('Town', 'Leeds');
    fill('Post Code', 'qq1 1qq');
    fill('Phone', '0113 496 0123');
    fireEvent.click(screen.getByTestId('save-address'));

    expect(await screen.findByTestId('address-post-code-error')).toHaveTextContent(message);
    expect(within(dialog()).getByTestId('address-message')).toHaveTextContent('Please correct the fields marked below.');
    expect(posted.at(-1)?.get('intent')).toBe('save');
    expect(within(dialog()).getByLabelText('Reference')).toHaveValue('Depot');
    expect(within(dialog()).getByLabelText('Contact Name')).toHaveValue('Alice Walker');
    expect(within(dialog()).getByLabelText(/Company Name/)).toHaveValue('Boxes Ltd');
    expect(within(dialog()).getByLabelText('Post Code')).toHaveValue('qq1 1qq');
    expect(within(dialog()).getByLabelText('Phone')).toHaveValue('0113 496 0123');
    // Changing the refused field takes its message away.
    fill('Post Code', 'LS1 4AP');
    expect(within(dialog()).queryByTestId('address-post-code-error')).toBeNull();
  });

  it('posts nothing while a field is invalid, and says why once it is changed or left', async () => {
    renderPage('/delivery?address=new');
    await screen.findByRole('dialog', { name: 'Add/Update Address' });
    // Ten spaces are no phone number: the browser trims them as the server does.
    fill('Phone', '          ');
    expect(within(dialog()).getByTestId('address-phone-error')).toHaveTextContent('Phone is required. (1-14) Characters');
    fireEvent.blur(within(dialog()).getByLabelText('Reference'));
    expect(within(dialog()).getByTestId('address-reference-error')).toHaveTextContent('Reference is required. (1-100) Characters');
    expect(within(dialog()).queryByTestId('address-town-error')).toBeNull();
    expect(screen.getByTestId('save-address')).toBeDisabled();
    fireEvent.submit(within(dialog()).getByTestId('address-form'));
    expect(posted).toHaveLength(0);
    // A form sent anyway (Enter in a field) shows every message.
    expect(within(dialog()).getByTestId('address-town-error')).toHaveTextContent('Town is required. (1-50) Characters');
  });

  it('renders a refused save from the action answer alone, as a page without JavaScript gets it', async () => {
    const answer: AddressFormAnswer = {
      intent: 'save',
      ok: false,
      message: 'Please correct the fields marked below.',
      fields: { contact_name: 'Contact Name is required. (1-100) Characters' },
      values: { reference: 'Depot', contact_name: '', region: '12', company_name: '', address: 'Boar Lane', town: 'Leeds', country: 'United Kingdom', post_code: 'LS1 4AP', phone: '01134960123' },
      search: 'LS1 4AP',
    };
    renderPage('/delivery?address=new', { loaderData: { delivery: loader({ request: new Request('http://shop.test/delivery?address=new') }) }, actionData: { delivery: answer } });
    const modal = await screen.findByRole('dialog', { name: 'Add/Update Address' });
    expect(within(modal).getByTestId('address-contact-name-error')).toHaveTextContent('Contact Name is required. (1-100) Characters');
    expect(within(modal).getByLabelText('Reference')).toHaveValue('Depot');
    expect(within(modal).getByLabelText('Phone')).toHaveValue('01134960123');
    expect(within(modal).getByTestId('postcode-search')).toHaveValue('LS1 4AP');
  });

  it('finds a postcode and fills the form from the chosen address, keeping what was typed', async () => {
    renderPage('/delivery?address=new');
    await screen.findByRole('dialog', { name: 'Add/Update Address' });
    fill('Reference', 'Depot');
    fill(/Find your address by postcode/, 'LS1 5AB');
    fireEvent.click(screen.getByTestId('postcode-find'));

    const results = await screen.findByTestId('postcode-results');
    expect(posted.at(-1)?.get('intent')).toBe('find');
    expect(services.postcodes.search).toHaveBeenCalledWith('LS1 5AB');
    fireEvent.click(within(results).getByRole('button', { name: /2 Park Row/ }));

    expect(within(dialog()).getByLabelText(/House number or name/)).toHaveValue('2');
    expect(within(dialog()).getByLabelText('Address')).toHaveValue('Park Row');
    expect(within(dialog()).getByLabelText('Post Code')).toHaveValue('LS1 5AB');
    // The lookup says 'England'; the form's Country holds the country.
    expect(within(dialog()).getByLabelText('Country')).toHaveValue('United Kingdom');
    expect(within(dialog()).getByLabelText('Reference')).toHaveValue('Depot');
    expect(screen.queryByTestId('postcode-results')).toBeNull();
  });

  it('saves a new address, closes the modal and shows it', async () => {
    renderPage('/delivery?address=new');
    await screen.findByRole('dialog', { name: 'Add/Update Address' });
    fill('Reference', 'Depot');
    fill('Contact Name', 'Alice Walker');
    fill(/House number or name/, '12');
    fill('Address', 'Boar Lane');
    fill('Town', 'Leeds');
    fill('Post Code', 'ls1 4ap');
    fill('Phone', '01134960123');
    expect(screen.getByTestId('save-address')).toBeEnabled();
    fireEvent.click(screen.getByTestId('save-address'));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('delivery-status')).toHaveTextContent('Address Depot saved.');
    expect(screen.getAllByTestId('address-card')).toHaveLength(3);
    // The address book normalises the postcode ("ls1 4ap" -> "LS1 4AP"), for the page as for the API.
    expect(services.addresses.create).toHaveBeenCalledWith(7, expect.objectContaining({ reference: 'Depot', post_code: 'ls1 4ap' }));
  });

  it('shows the empty basket state when there is nothing to deliver', async () => {
    cart = { ...cart, count: 0, cartIems: [] };
    renderPage('/delivery?address=new');
    expect(await screen.findByTestId('basket-empty')).toHaveTextContent('No cart found');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('delivery action without JavaScript', () => {
  const typed = (fields: Record<string, string>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    return form;
  };
  const answerOf = async (form: FormData) => {
    const answer = await deliveryAction(7, form, context);
    if (answer instanceof Response) throw new Error(`redirected to ${answer.headers.get('location')}`);
    return answer.data as AddressFormAnswer;
  };

  it('a postcode look-up over the per-address limit says so and asks the provider nothing', async () => {
    const limited = new DomainError('too_many_requests', 'Too many attempts, please wait a minute and try again.');
    vi.mocked((context as unknown as { countAttempt: () => Promise<void> }).countAttempt).mockRejectedValueOnce(limited);
    const answer = await answerOf(typed({ intent: 'find', postcode_search: 'LS1 4AP' }));
    expect(answer.postcode).toEqual({ error: 'Too many attempts, please wait a minute and try again.' });
    expect(services.postcodes.search).not.toHaveBeenCalled();
  });

  it("'pick:<n>' runs the lookup again and fills the n-th address into what was typed", async () => {
    const answer = await answerOf(typed({ intent: 'pick:1', postcode_search: 'LS1 5AB', reference: 'Depot', phone: '01134960123', region: 'Unit 4' }));
    expect(answer).toMatchObject({ intent: 'pick', ok: true, filled: true, search: 'LS1 5AB' });
    expect(answer.values).toMatchObject({ reference: 'Depot', phone: '01134960123', region: '2', address: 'Park Row', town: 'Leeds', post_code: 'LS1 5AB', country: 'United Kingdom' });
  });

  /** core's Invalid, as the page action receives it. */
  const invalid = (message: string, field: string) => new Invalid(message, { fields: [{ field, message }] });
  const address = { intent: 'save', reference: 'Depot', contact_name: 'Alice Walker', region: '12', address: 'Boar Lane', town: 'Leeds', country: 'United Kingdom', post_code: 'LS1 4AP', phone: '01134960123' };

  it("'save' shows the address book's postcode message with what was typed", async () => {
    const message = 'PostCode is required. (A valid UK postcode or Irish Eircode)';
    vi.mocked(services.addresses.create).mockRejectedValueOnce(invalid(message, 'post_code'));
    const answer = await answerOf(typed({ ...address, post_code: 'QQ1 1QQ' }));
    expect(answer).toMatchObject({ intent: 'save', ok: false, fields: { post_code: message } });
    expect(answer.values.post_code).toBe('QQ1 1QQ');
  });

  it("'save' refuses a phone with other than digits, spaces and a leading + before asking the address book", async () => {
    const answer = await answerOf(typed({ ...address, phone: '0113-496-0123' }));
    expect(answer).toMatchObject({ intent: 'save', ok: false, fields: { phone: 'Phone is required. (Digits, spaces and a leading +)' } });
    expect(services.addresses.create).not.toHaveBeenCalled();
  });

  it("'deliver' to a PO box says why it cannot be chosen, on that address's card", async () => {
    const message = 'We cannot deliver to PO boxes. Please give a street address.';
    vi.mocked(services.carts.assignAddress).mockRejectedValueOnce(invalid(message, 'addressId'));
    const answer = await deliveryAction(7, typed({ intent: 'deliver', addressId: '2', cartId: '5' }), context);
    if (answer instanceof Response) throw new Error('redirected');
    expect(answer.data).toEqual({ intent: 'deliver', ok: false, message, addressId: 2 });
  });

  it("'find' with an empty postcode does nothing but keep the values", async () => {
    const answer = await answerOf(typed({ intent: 'find', postcode_search: '  ', reference: 'Depot' }));
    expect(answer.postcode).toBeUndefined();
    expect(answer.values.reference).toBe('Depot');
    expect(services.postcodes.search).not.toHaveBeenCalled();
  });

  it("answers 'Invalid PostCode, you may manualy enter your address.' when the lookup itself fails", async () => {
    vi.mocked(services.postcodes.search).mockRejectedValueOnce(new Error('socket hang up'));
    const answer = await answerOf(typed({ intent: 'find', postcode_search: 'LS1 5AB' }));
    expect(answer.postcode).toEqual({ error: 'Invalid PostCode, you may manualy enter your address.' });
  });

  it('the page rendered from a pick shows the filled values and says so', async () => {
    const answer = await answerOf(typed({ intent: 'pick:0', postcode_search: 'LS1 5AB', reference: 'Depot' }));
    renderPage('/delivery?address=new', { loaderData: { delivery: loader({ request: new Request('http://shop.test/delivery?address=new') }) }, actionData: { delivery: answer } });
    const modal = await screen.findByRole('dialog', { name: 'Add/Update Address' });
    expect(within(modal).getByTestId('postcode-filled')).toBeInTheDocument();
    expect(within(modal).getByLabelText(/House number or name/)).toHaveValue('1');
    expect(within(modal).getByLabelText('Reference')).toHaveValue('Depot');
  });
});
