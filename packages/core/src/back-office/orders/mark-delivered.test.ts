/**
 * "Mark delivered" on the day the parcel was delivered, not the day staff click: the return
 * windows (SPEC section 9) count from that day. It defaults to today, and is never in the future
 * nor before the order was dispatched.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, staff, type DatabaseHandle } from '@shop/db';
import { createTestDatabase, databaseKinds } from '@shop/db/testing';
import { OrderAdministration, orderAdminMessages } from './order-administration.ts';
import { JobQueue } from '../../jobs/job-queue.ts';
import type { StaffMember } from '../../staff/staff-roles.ts';
import { insertFixtureCustomer, insertFixtureOrder } from '../../documents/document-fixtures.ts';
import { returnWindow } from '../../returns/return-windows.ts';
import { Invalid } from '../../errors.ts';

// 26 November 2026, 10:00 London; the order left on 20 November.
const now = new Date('2026-11-26T10:00:00Z');
const dispatchedAt = new Date('2026-11-20T15:00:00Z');

for (const kind of databaseKinds()) describe(`marking an order delivered on the day it was [${kind}]`, () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  let admin: OrderAdministration;
  let warehouse: StaffMember;

  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase(kind));
    admin = new OrderAdministration(database.db, { jobs: new JobQueue(database.db), now: () => now });
    const [row] = await database.db.insert(staff).values({ email: 'will@example.com', name: 'Will Warehouse', role: 'warehouse' }).returning({ staffId: staff.staffId });
    warehouse = { staffId: row!.staffId, email: 'will@example.com', name: 'Will Warehouse', role: 'warehouse', totpEnabled: false };
  });
  afterAll(async () => drop?.());

  async function dispatchedOrder() {
    const userId = await insertFixtureCustomer(database.db);
    const { orderId } = await insertFixtureOrder(database.db, { userId, status: 'Dispatched', dispatchedAt });
    return { orderId, version: (await admin.detail(orderId, warehouse)).version };
  }

  async function deliveredAtOf(orderId: number): Promise<Date | null> {
    const [row] = await database.db.select({ deliveredAt: orders.deliveredAt }).from(orders).where(eq(orders.orderId, orderId));
    return row!.deliveredAt;
  }

  it('delivered on 21 November: the 3-day damage window runs to 24 November, so a claim on the 26th is too late', async () => {
    const { orderId, version } = await dispatchedOrder();
    await admin.markDelivered(warehouse, orderId, version, { deliveredOn: '2026-11-21' });
    const order = await admin.detail(orderId, warehouse);
    expect(order.status).toBe('Delivered');
    const facts = { status: order.status, deliveredAt: await deliveredAtOf(orderId), dispatchedAt, deliveryPostCode: 'LS1 4AP' };
    expect(returnWindow(facts, 'damaged', '2026-11-26')).toMatchObject({ open: false, deliveredOn: '2026-11-21', until: '2026-11-24' });
    expect(returnWindow(facts, 'unwanted', '2026-11-26')).toMatchObject({ open: true, until: '2026-12-21' });
    // The timeline says which day it was marked delivered on.
    expect(order.timeline.at(-1)!.after).toMatchObject({ status: 'Delivered', delivered_on: '2026-11-21' });
  });

  it('without a date it is delivered today', async () => {
    const { orderId, version } = await dispatchedOrder();
    await admin.markDelivered(warehouse, orderId, version);
    expect((await deliveredAtOf(orderId))!.toISOString()).toMatch(/^2026-11-26/);
  });

  it('refuses a day in the future or before the dispatch, beside the field, and leaves the order dispatched', async () => {
    const { orderId, version } = await dispatchedOrder();
    for (const deliveredOn of ['2026-11-27', '2026-11-19', '2026-02-30', 'yesterday']) {
      const refused = await admin.markDelivered(warehouse, orderId, version, { deliveredOn }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(Invalid);
      expect((refused as Invalid).message).toBe('Enter the date it was delivered: not in the future, nor before it was dispatched on 20 November 2026.');
      expect((refused as Invalid).message).toBe(orderAdminMessages.deliveredOn('2026-11-20'));
    }
    expect((await admin.detail(orderId, warehouse)).status).toBe('Dispatched');
    // The day it left is allowed.
    await admin.markDelivered(warehouse, orderId, version, { deliveredOn: '2026-11-20' });
    expect((await admin.detail(orderId, warehouse)).status).toBe('Delivered');
  });
});
