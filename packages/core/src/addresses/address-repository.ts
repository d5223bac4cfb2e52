/**
 * SQL for the address book (table addresses). Every query names the owner's book: a company's
 * members share its addresses (companies/company-access.ts), a customer of no company has their
 * own; an address of another book is never read or changed, it is simply not found.
 *
 * Invariant: a user with addresses has exactly one of type 'Billing'. Writes that could break
 * it (the first address, marking another as billing) lock the user's row first, so two
 * concurrent first addresses cannot both become the billing address.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AddressFields } from '@shop/contract';
import { addresses, columnsOf, queryPreparedRows, queryNumber, queryRows, type Database, type Executor } from '@shop/db';
import { addressBookOf, companyOfUser } from '../companies/company-access.ts';

export const BILLING_TYPE = 'Billing';

const ADDRESS = columnsOf(addresses, [
  'addressId',
  'userId',
  'reference',
  'contactName',
  'region',
  'companyName',
  'address',
  'town',
  'country',
  'postCode',
  'phone',
  'type',
  'isActive',
]);
export type AddressRow = ReturnType<typeof ADDRESS.read>;
/** An address row as a statement answered it (`forOrderColumn`'s JSON included), before it is read. */
export type RawAddress = object;

/**
 * An order's delivery and billing addresses among the rows `forOrder` reads: the delivery address
 * by id; the billing address by id when one is given, else the user's billing address, else the
 * delivery address. Null when the id is not among them (not the user's).
 */
export function addressesForOrder(
  rows: readonly RawAddress[],
  deliveryAddressId: number,
  billingAddressId: number | null,
): { delivery: AddressRow | null; billing: AddressRow | null } {
  const found = rows.map(ADDRESS.read);
  const delivery = found.find((row) => row.addressId === deliveryAddressId) ?? null;
  const billing =
    billingAddressId !== null
      ? (found.find((row) => row.addressId === billingAddressId) ?? null)
      : (found.find((row) => row.type === BILLING_TYPE) ?? delivery);
  return { delivery, billing };
}

export class AddressRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction((transaction) => work(transaction));
  }

  /** Serialises the user's address-book writes until the transaction ends (their company's, when they have one). */
  async lockOwner(userId: number, tx: Executor): Promise<boolean> {
    const rows = await queryRows(tx, sql`SELECT user_id FROM users WHERE user_id = ${userId} FOR NO KEY UPDATE`);
    await tx.execute(sql`SELECT company_id FROM companies WHERE company_id = ${companyOfUser(userId)} FOR NO KEY UPDATE`);
    return rows.length > 0;
  }

  async countOf(userId: number, executor: Executor = this.db): Promise<number> {
    return queryNumber(executor, sql`SELECT count(*) AS value FROM addresses WHERE ${addressBookOf(userId)}`);
  }

  async insert(userId: number, fields: AddressFields, type: 'Billing' | null, tx: Executor): Promise<AddressRow> {
    const [row] = await queryRows<object>(
      tx,
      sql`INSERT INTO addresses (user_id, reference, contact_name, region, company_name, address, town, country, post_code, phone, type, company_id)
          VALUES (${userId}, ${fields.reference}, ${fields.contact_name}, ${fields.region}, ${fields.company_name}, ${fields.address},
                  ${fields.town}, ${fields.country}, ${fields.post_code}, ${fields.phone}, ${type}, ${companyOfUser(userId)})
          RETURNING ${ADDRESS.list}`,
    );
    return ADDRESS.read(row!);
  }

  /** Changes the fields of one of the user's addresses; null when the user has no such address. */
  async update(userId: number, addressId: number, fields: AddressFields): Promise<AddressRow | null> {
    const [row] = await queryRows<object>(
      this.db,
      sql`UPDATE addresses SET reference = ${fields.reference}, contact_name = ${fields.contact_name}, region = ${fields.region},
                 company_name = ${fields.company_name}, address = ${fields.address}, town = ${fields.town},
                 country = ${fields.country}, post_code = ${fields.post_code}, phone = ${fields.phone}
          WHERE address_id = ${addressId} AND ${addressBookOf(userId)}
          RETURNING ${ADDRESS.list}`,
    );
    return row ? ADDRESS.read(row) : null;
  }

  /** Makes one of the user's addresses the billing address and no other; false when it is not theirs. */
  async markAsBilling(userId: number, addressId: number, tx: Executor): Promise<boolean> {
    const rows = await queryRows(
      tx,
      sql`UPDATE addresses SET type = CASE WHEN address_id = ${addressId} THEN ${BILLING_TYPE} ELSE NULL END
          WHERE ${addressBookOf(userId)} AND EXISTS (SELECT 1 FROM addresses a WHERE a.address_id = ${addressId} AND ${addressBookOf(userId, 'a')})
          RETURNING address_id`,
    );
    return rows.length > 0;
  }

  /**
   * Deletes one of the user's addresses; the deleted row, or null when it is not theirs. Orders
   * keep their snapshots (orders.delivery_address, orders.billing_address); their address ids
   * and a basket's chosen address become null (ON DELETE SET NULL).
   */
  async delete(userId: number, addressId: number, tx: Executor): Promise<AddressRow | null> {
    const [row] = await queryRows<object>(
      tx,
      sql`DELETE FROM addresses WHERE address_id = ${addressId} AND ${addressBookOf(userId)} RETURNING ${ADDRESS.list}`,
    );
    return row ? ADDRESS.read(row) : null;
  }

  async find(userId: number, addressId: number, executor: Executor = this.db): Promise<AddressRow | null> {
    const [row] = await queryRows<object>(
      executor,
      sql`SELECT ${ADDRESS.list} FROM addresses WHERE address_id = ${addressId} AND ${addressBookOf(userId)}`,
    );
    return row ? ADDRESS.read(row) : null;
  }

  /**
   * Checkout's addresses in one read: the delivery address, and the billing address (the one
   * asked for, else the user's marked billing address, else the delivery address). Null where
   * an address asked for is not the user's.
   */
  async forOrder(
    userId: number,
    deliveryAddressId: number,
    billingAddressId: number | null,
    executor: Executor = this.db,
  ): Promise<{ delivery: AddressRow | null; billing: AddressRow | null }> {
    const rows = await queryPreparedRows<object>(
      executor,
      sql`SELECT ${ADDRESS.list} FROM addresses
          WHERE ${addressBookOf(userId)} AND (address_id = ${deliveryAddressId} OR address_id = ${billingAddressId ?? 0} OR type = ${BILLING_TYPE})
          ORDER BY address_id`,
    );
    return addressesForOrder(rows, deliveryAddressId, billingAddressId);
  }

  /**
   * The rows `forOrder` reads, as one JSON column of another statement: checkout reads them with
   * its locked basket, one round trip fewer per order (docs/performance.md). `deliveryAddressId`
   * is SQL, as it may be the basket's own column; the caller picks with `addressesForOrder`.
   */
  forOrderColumn(userId: number, deliveryAddressId: SQL, billingAddressId: number | null): SQL {
    return sql`(SELECT coalesce(json_agg(json_build_object(${ADDRESS.json}) ORDER BY address_id), '[]'::json) FROM addresses
                WHERE ${addressBookOf(userId)} AND (address_id = ${deliveryAddressId} OR address_id = ${billingAddressId ?? 0} OR type = ${BILLING_TYPE}))`;
  }

  /** The user's billing address, or null when they have none. */
  async billingOf(userId: number, executor: Executor = this.db): Promise<AddressRow | null> {
    const [row] = await queryRows<object>(
      executor,
      sql`SELECT ${ADDRESS.list} FROM addresses WHERE ${addressBookOf(userId)} AND type = ${BILLING_TYPE} ORDER BY address_id LIMIT 1`,
    );
    return row ? ADDRESS.read(row) : null;
  }

  async listOf(userId: number, executor: Executor = this.db): Promise<AddressRow[]> {
    const rows = await queryRows<object>(executor, sql`SELECT ${ADDRESS.list} FROM addresses WHERE ${addressBookOf(userId)} ORDER BY address_id`);
    return rows.map(ADDRESS.read);
  }
}
