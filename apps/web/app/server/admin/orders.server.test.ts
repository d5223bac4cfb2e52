import { describe, expect, it } from 'vitest';
import type { OrderList, StaffMember } from '@shop/core';
import { orderListFilterOf, orderListPage } from './orders.server';

const owner = { staffId: 1, role: 'owner' } as StaffMember;
const emptyList: OrderList = {
  rows: [],
  counts: { all: 3, PendingDelivery: 2, Dispatched: 1, Delivered: 0, Cancelled: 0 },
  page: 1,
  pageSize: 50,
  total: 3,
};

describe("the order list's filters from the address", () => {
  it("the dashboard's today's orders leave cancelled orders out, and the tabs and pages keep it so", () => {
    const { filter, query } = orderListFilterOf(new URL('http://shop.test/admin/orders?from=2026-11-27&to=2026-11-27&cancelled=hide'));
    expect(filter).toMatchObject({ hideCancelled: true, from: '2026-11-27', to: '2026-11-27' });
    expect(query).toEqual({ cancelled: 'hide', from: '2026-11-27', to: '2026-11-27' });
    const page = orderListPage(owner, filter, query, emptyList);
    expect(page.hidesCancelled).toBe(true);
    expect(page.tabs.map((tab) => tab.label)).not.toContain('Cancelled');
  });

  it('without it cancelled orders are listed, and their tab is there', () => {
    const { filter } = orderListFilterOf(new URL('http://shop.test/admin/orders?cancelled=everything'));
    expect(filter.hideCancelled).toBe(false);
    expect(orderListPage(owner, filter, {}, emptyList).tabs.map((tab) => tab.label)).toContain('Cancelled');
  });
});
