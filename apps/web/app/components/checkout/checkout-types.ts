/**
 * Shapes of the address, postcode, payment and order calls: the contract's types (types only,
 * so no schema reaches the browser bundle), plus what the address form sends.
 */
import type { OrderTotalsDto } from '@shop/contract';

export type {
  AddressDto,
  OrderAddressDto as OrderAddress,
  OrderDto,
  OrderLineDto,
  PaymentMethod,
  PaymentsConfigDto as PaymentsConfig,
  PostcodeEntryDto as PostcodeEntry,
  PostcodeLookupFailureDto as PostcodeFailure,
} from '@shop/contract';

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

/** The 409 answer of POST /api/order: with `totals` when the basket's totals changed. */
export interface TotalsConflictBody {
  error: string;
  message?: string;
  totals?: OrderTotalsDto;
}
