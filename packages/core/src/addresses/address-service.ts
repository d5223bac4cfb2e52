/**
 * The address book (SPEC 3, 5, 7): a signed-in customer's delivery and billing addresses.
 * The caller is the user resolved from the Bearer token; a user id in a body or path never
 * grants access, and another user's address answers 404 as if it did not exist.
 */
import { fieldMessages, type AddressDto, type AddressFields, type CreateAddressBody, type DeliveryZone, type UpdateAddressBody } from '@shop/contract';
import type { AddressSnapshot } from '@shop/db';
import { deliveryZoneOf, normaliseDeliveryPostcode } from '../delivery/delivery-zones.ts';
import { Invalid, NotFound, Unauthorized } from '../errors.ts';
import { BILLING_TYPE, type AddressRepository, type AddressRow } from './address-repository.ts';
import { isPoBoxAddress, PO_BOX_MESSAGE } from './po-box.ts';

/** Enough for any business with many sites; stops a script filling the table. */
export const MAX_ADDRESSES_PER_USER = 100;

export class AddressService {
  constructor(readonly repository: AddressRepository) {}

  /** POST /api/address. The user's first address becomes the billing address. */
  async create(callerUserId: number | null, body: CreateAddressBody): Promise<AddressDto> {
    const userId = signedIn(callerUserId);
    const fields = fieldsOf(body);
    const row = await this.repository.transaction(async (tx) => {
      if (!(await this.repository.lockOwner(userId, tx))) throw new Unauthorized();
      const existing = await this.repository.countOf(userId, tx);
      if (existing >= MAX_ADDRESSES_PER_USER) {
        throw new Invalid(`You can keep at most ${MAX_ADDRESSES_PER_USER} addresses; please edit one of them instead.`);
      }
      return this.repository.insert(userId, fields, existing === 0 ? BILLING_TYPE : null, tx);
    });
    return toAddressDto(row);
  }

  /** PUT /api/address: changes the fields; the billing mark stays as it is. */
  async update(callerUserId: number | null, body: UpdateAddressBody): Promise<AddressDto> {
    const userId = signedIn(callerUserId);
    const row = await this.repository.update(userId, body.address_id, fieldsOf(body));
    if (!row) throw addressNotFound(body.address_id);
    return toAddressDto(row);
  }

  /** PUT /api/address/MarkAsBilling: answers all of the user's addresses, exactly one of them 'Billing'. */
  async markAsBilling(callerUserId: number | null, addressId: number): Promise<AddressDto[]> {
    const userId = signedIn(callerUserId);
    const rows = await this.repository.transaction(async (tx) => {
      await this.repository.lockOwner(userId, tx);
      if (!(await this.repository.markAsBilling(userId, addressId, tx))) throw addressNotFound(addressId);
      return this.repository.listOf(userId, tx);
    });
    return rows.map(toAddressDto);
  }

  /**
   * DELETE /api/address/{id}. Past orders keep the address as it was (their snapshots). When the
   * billing address goes, the oldest remaining address becomes the billing address, so a user
   * with addresses still has exactly one. Answers the remaining addresses.
   */
  async delete(callerUserId: number | null, addressId: number): Promise<AddressDto[]> {
    const userId = signedIn(callerUserId);
    const rows = await this.repository.transaction(async (tx) => {
      await this.repository.lockOwner(userId, tx);
      const deleted = await this.repository.delete(userId, addressId, tx);
      if (!deleted) throw addressNotFound(addressId);
      const remaining = await this.repository.listOf(userId, tx);
      const heir = remaining[0];
      if (deleted.type === BILLING_TYPE && heir) {
        await this.repository.markAsBilling(userId, heir.addressId, tx);
        return this.repository.listOf(userId, tx);
      }
      return remaining;
    });
    return rows.map(toAddressDto);
  }

  /** GET /api/address/GetBy/{userId}: only the caller's own list. */
  async listOf(callerUserId: number | null, userId: number): Promise<AddressDto[]> {
    const caller = signedIn(callerUserId);
    if (caller !== userId) throw new NotFound(`No addresses for user ${userId}`);
    return (await this.repository.listOf(caller)).map(toAddressDto);
  }

  /** GET /api/address/{id}. */
  async get(callerUserId: number | null, addressId: number): Promise<AddressDto> {
    const userId = signedIn(callerUserId);
    const row = await this.repository.find(userId, addressId);
    if (!row) throw addressNotFound(addressId);
    return toAddressDto(row);
  }

  /** Whether the address is one of the user's (used by the basket and by checkout). */
  async isOwnedBy(userId: number, addressId: number): Promise<boolean> {
    return (await this.repository.find(userId, addressId)) !== null;
  }

  /**
   * "Deliver to this Address" (PUT /api/cart/AssignAddress): the delivery zone of one of the
   * user's addresses. Another user's address is not found (404); a PO box, or a postcode we do
   * not deliver to (an address saved before postcodes were checked), is refused (400).
   */
  async deliveryZoneFor(userId: number, addressId: number): Promise<DeliveryZone> {
    const row = await this.repository.find(userId, addressId);
    if (!row) throw addressNotFound(addressId);
    return deliverableZone(row, 'addressId');
  }
}

export const deliveryMessages = {
  poBox: PO_BOX_MESSAGE,
  postcode: (postcode: string) =>
    `We cannot deliver to the postcode "${postcode.slice(0, 20)}". Please edit this address and give a UK postcode or an Irish Eircode.`,
} as const;

/**
 * The delivery zone of an address the shop may deliver to (SPEC 9); refuses a PO box or a
 * postcode outside every zone with a 400 naming `field`. Used by the basket and by checkout.
 */
export function deliverableZone(address: Pick<AddressRow, 'region' | 'address' | 'postCode'>, field: string): DeliveryZone {
  if (isPoBoxAddress(address)) throw new Invalid(deliveryMessages.poBox, { fields: [{ field, message: deliveryMessages.poBox }] });
  const zone = deliveryZoneOf(address.postCode);
  if (zone === null) {
    const message = deliveryMessages.postcode(address.postCode);
    throw new Invalid(message, { fields: [{ field, message }] });
  }
  return zone;
}

function signedIn(callerUserId: number | null): number {
  if (callerUserId === null) throw new Unauthorized('Sign in to manage your addresses');
  return callerUserId;
}

export function addressNotFound(addressId: number): NotFound {
  return new NotFound(`You have no address ${addressId}.`);
}

/**
 * The fields to store: the postcode must be a UK postcode (of an area in use) or an Eircode, and
 * is kept normalised ("ls1 4ap" -> "LS1 4AP"), whoever sends it (the API or the delivery page).
 */
function fieldsOf(body: CreateAddressBody): AddressFields {
  const postCode = normaliseDeliveryPostcode(body.post_code);
  if (postCode === null) {
    throw new Invalid(fieldMessages.postCodeFormat, { fields: [{ field: 'post_code', message: fieldMessages.postCodeFormat }] });
  }
  return {
    reference: body.reference,
    contact_name: body.contact_name,
    region: body.region,
    company_name: body.company_name,
    address: body.address,
    town: body.town,
    country: body.country,
    post_code: postCode,
    phone: body.phone,
  };
}

export function toAddressDto(row: AddressRow): AddressDto {
  return {
    address_id: row.addressId,
    reference: row.reference,
    contact_name: row.contactName,
    region: row.region,
    company_name: row.companyName,
    address: row.address,
    town: row.town,
    country: row.country,
    post_code: row.postCode,
    phone: row.phone,
    type: row.type,
    user_id: row.userId,
    is_active: row.isActive,
  };
}

/** The address fields an order keeps as its snapshot. */
export function addressSnapshot(row: AddressRow): AddressSnapshot {
  return {
    reference: row.reference,
    contact_name: row.contactName,
    region: row.region,
    company_name: row.companyName,
    address: row.address,
    town: row.town,
    country: row.country,
    post_code: row.postCode,
    phone: row.phone,
  };
}
