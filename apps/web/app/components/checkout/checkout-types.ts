/**
 * Shapes of the address, postcode, payment and order answers the checkout pages show: the
 * contract's types (types only, so no schema reaches the browser bundle).
 */
export type {
  AddressDto,
  OrderAddressDto as OrderAddress,
  OrderDto,
  OrderLineDto,
  PaymentsConfigDto as PaymentsConfig,
  PostcodeEntryDto as PostcodeEntry,
} from '@shop/contract';
