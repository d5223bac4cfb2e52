/**
 * Address book, postcode lookup and "deliver to this address" shapes (SPEC 3, 5, 7). An address
 * body's fields are the address form's (forms.ts), so the API refuses exactly what the
 * storefront's form refuses, with the same message.
 */
import { z } from 'zod';
import { idParamSchema, idSchema } from './ids.ts';
import { addressFields } from './forms.ts';

const ignored = z.union([z.number(), z.string()]).nullable().optional();

const addressBodyFields = {
  ...addressFields,
  reference: addressFields.reference.describe('The customer\'s name for the address, e.g. "Warehouse"'),
  region: addressFields.region.describe('House number or name'),
  company_name: addressFields.company_name.describe('Optional'),
  address: addressFields.address.describe('Street and locality'),
  post_code: addressFields.post_code.describe(
    'A UK postcode or an Irish Eircode, any spacing or letter case; stored normalised ("ls14ap" -> "LS1 4AP")',
  ),
  phone: addressFields.phone.describe('10-15 characters: digits, spaces and an optional leading +'),
  user_id: ignored.describe('Ignored: the address belongs to the user of the Bearer token'),
  type: z.string().nullable().optional().describe('Ignored: use PUT /api/address/MarkAsBilling'),
  is_active: z.boolean().nullable().optional().describe('Ignored'),
};

export const createAddressBodySchema = z.object(addressBodyFields).meta({ id: 'NewAddress' });
export type CreateAddressBody = z.infer<typeof createAddressBodySchema>;

export const updateAddressBodySchema = z
  .object({ ...addressBodyFields, address_id: idSchema('address_id') })
  .meta({ id: 'UpdateAddress' });
export type UpdateAddressBody = z.infer<typeof updateAddressBodySchema>;

/** The address fields without ids, as kept in an order's snapshot. */
export type AddressFields = Pick<
  CreateAddressBody,
  'reference' | 'contact_name' | 'region' | 'company_name' | 'address' | 'town' | 'country' | 'post_code' | 'phone'
>;

export const addressSchema = z
  .object({
    address_id: z.number().int(),
    reference: z.string(),
    contact_name: z.string(),
    region: z.string().describe('House number or name'),
    company_name: z.string(),
    address: z.string(),
    town: z.string(),
    country: z.string(),
    post_code: z.string(),
    phone: z.string(),
    type: z.literal('Billing').nullable().describe("'Billing' marks the billing address; exactly one of a user's addresses has it"),
    user_id: z.number().int(),
    is_active: z.boolean(),
  })
  .meta({ id: 'Address' });
export type AddressDto = z.infer<typeof addressSchema>;

/** PUT /api/address/MarkAsBilling: `{ address_id }`, or the bare id as the body. */
export const markAsBillingBodySchema = z
  .union([idSchema('address_id'), z.object({ address_id: idSchema('address_id') }).transform((b) => b.address_id)])
  .describe('The address id, as `{ "address_id": 7 }` or a bare `7`')
  .meta({ id: 'MarkAsBilling' });

export const addressIdParamsSchema = z.object({ id: idParamSchema('address id') });
export const addressesOfUserParamsSchema = z.object({ userId: idParamSchema('userId').describe('The signed-in user (must match the Bearer token)') });

/** PUT /api/cart/AssignAddress. */
export const assignAddressBodySchema = z
  .object({
    addressId: idSchema('addressId').describe('One of the signed-in user\'s addresses'),
    cartId: idSchema('cartId')
      .nullable()
      .optional()
      .describe('The user\'s basket (checked when sent; omitted or null when the basket has no id yet)'),
  })
  .meta({ id: 'AssignAddress' });
export type AssignAddressBody = z.infer<typeof assignAddressBodySchema>;

/* Postcode lookup: GET /api/FindAddress/""/{text}. */

export const postcodeEntrySchema = z
  .object({
    line_1: z.string(),
    building_number: z.string(),
    building_name: z.string(),
    sub_building_name: z.string(),
    thoroughfare: z.string(),
    post_town: z.string(),
    postcode: z.string(),
    country: z.string(),
  })
  .meta({ id: 'PostcodeEntry' });
export type PostcodeEntryDto = z.infer<typeof postcodeEntrySchema>;

export const postcodeLookupFailureSchema = z
  .object({
    status: z.literal('Failure'),
    erroMsg: z.string().describe('What went wrong, for the customer (the misspelt name is part of the contract)'),
  })
  .meta({ id: 'PostcodeLookupFailure' });
export type PostcodeLookupFailureDto = z.infer<typeof postcodeLookupFailureSchema>;

export const postcodeLookupResponseSchema = z.union([z.array(postcodeEntrySchema), postcodeLookupFailureSchema]);

export const findAddressParamsSchema = z.object({
  text: z.string().max(100, 'A postcode is at most 100 characters').describe('The postcode, any spacing or letter case'),
});
