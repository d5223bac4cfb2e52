/**
 * Shapes of the address, postcode, payment and order calls as the issue 4 API contract states
 * them (field names as SPEC section 3). Types only: the browser checks nothing with them.
 */

export interface AddressDto {
  address_id: number;
  reference: string;
  contact_name: string;
  /** House number or name. */
  region: string;
  company_name: string | null;
  address: string;
  town: string;
  country: string;
  post_code: string;
  phone: string;
  /** 'Billing' marks the billing address. */
  type: string | null;
  user_id: number;
  is_active?: boolean;
}

/** What the address form sends (POST /api/address; PUT adds address_id). */
export interface AddressBody {
  address_id?: number;
  reference: string;
  contact_name: string;
  region: string;
  company_name: string;
  address: string;
  town: string;
  country: string;
  post_code: string;
  phone: string;
  user_id: number;
}

/** One entry of GET /api/FindAddress/""/{text}. */
export interface PostcodeEntry {
  line_1?: string | null;
  building_number?: string | null;
  building_name?: string | null;
  sub_building_name?: string | null;
  thoroughfare?: string | null;
  post_town?: string | null;
  postcode?: string | null;
  country?: string | null;
}

export interface PostcodeFailure {
  status: 'Failure';
  erroMsg: string;
}

export interface PaymentsConfig {
  mode: 'paypal' | 'test';
  clientId: string | null;
  currency: 'GBP';
}

export type PaymentMethod = 'bank' | 'paypal';

/** An address as the order keeps it (a snapshot taken when the order was placed). */
export interface OrderAddress {
  reference?: string | null;
  contact_name: string;
  region?: string | null;
  company_name?: string | null;
  address: string;
  town: string;
  country?: string | null;
  post_code: string;
  phone?: string | null;
}

export interface OrderLineDto {
  product_id: number;
  product_price_id: number;
  name?: string | null;
  item_name?: string | null;
  size1?: string | null;
  image_url?: string | null;
  price: number;
  qty: number;
  count: number;
  total_price?: number | null;
  is_active?: boolean;
}

export interface OrderDto {
  order_id: number;
  /** ISO date-time. */
  created: string;
  payment_reference: string | null;
  payment_method?: PaymentMethod | string | null;
  status: string;
  sub_total: number;
  delivery_fee: number;
  total_tax: number;
  total: number;
  note: string | null;
  user_id: number;
  address_id: number | null;
  is_active?: boolean;
  address?: OrderAddress | null;
  billing_address?: OrderAddress | null;
  orderLines?: OrderLineDto[];
}

/** The 409 answer of POST /api/order when the basket's totals changed. */
export interface TotalsConflictBody {
  error: string;
  message?: string;
  totals?: { sub_total: number; delivery_fee: number; total_tax: number; total: number };
}
