/**
 * The pages whose forms have rows of fields, and the dispatch desk's report, on the page kit
 * (adminAction): a refused goods-in delivery shows every row as typed and core's message beside
 * the row staff typed it in (core counts only the rows filled in); the dispatch desk answers
 * what was sent and what was not on the page itself, not by a redirect. Core's services are
 * stubbed: what is under test is the pages' answer, not the stock or dispatch rules.
 */
import { describe, expect, it } from 'vitest';
import { Invalid, type CoreServices } from '@shop/core';
import { keptValues } from '~/server/admin/admin-page.server';
import { action as goodsInAction } from './stock-goods-in';
import { action as dispatchAction } from './dispatch';

const warehouse = { staffId: 3, email: 'wh@example.com', name: 'Wes Warehouse', role: 'warehouse', totpEnabled: false };

function post(url: string, fields: Record<string, string>, services: Partial<CoreServices>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  const request = new Request(`http://shop.test${url}`, { method: 'POST', body });
  const session = { staff: warehouse, awaitingSecondFactor: false };
  const context = { services, secure: false, memo: new Map<string, unknown>([['staff', Promise.resolve(session)]]) };
  return { request, context, params: {} } as never;
}

/** What an action answered with `data(...)`: its status and body. */
function answered(result: unknown): { status: number; body: Record<string, unknown> } {
  const wrapped = result as { type?: string; data?: Record<string, unknown>; init?: { status?: number } | null };
  expect(wrapped.type).toBe('DataWithResponseInit');
  return { status: wrapped.init?.status ?? 200, body: wrapped.data ?? {} };
}

describe('forms with rows of fields on the page kit', () => {
  it('keeps each typed row of a refused form under the name the form gave it, and only the rows asked for', () => {
    const posted = { supplierReference: 'DN-4471', lines: [{ size: 'Box A4', units: '12' }, null, { size: 'Box A3' }], size: { '0': { size1: 'A4' } }, pack: { '0': { '1': { qty: '25' } } }, threshold: { s12: '40' }, password: 'secret' };
    expect(keptValues(posted, ['supplierReference', 'note', 'lines[*].size', 'lines[*].units', 'size.*.size1', 'pack.*.*.qty', 'threshold.*'], 300)).toEqual({
      supplierReference: 'DN-4471',
      note: '',
      'lines[0].size': 'Box A4',
      'lines[0].units': '12',
      'lines[2].size': 'Box A3',
      'size.0.size1': 'A4',
      'pack.0.1.qty': '25',
      'threshold.s12': '40',
    });
  });

  it('shows a refused delivery again row by row, with core\'s message beside the row staff typed it in', async () => {
    const stock = {
      sizeChoices: async () => [
        { productSizeId: 7, label: 'P1 Box — A4' },
        { productSizeId: 8, label: 'P1 Box — A3' },
      ],
      // Core counts the lines filled in: its line 1 is the page's row 3.
      receiveGoods: async () => {
        throw new Invalid('Units must be a whole number from 1.', { fields: [{ field: 'lines.1.units', message: 'Units must be a whole number from 1.' }] });
      },
    };
    const result = await goodsInAction(
      post('/admin/stock/goods-in', { supplierReference: 'DN-4471', 'lines[1].size': 'P1 Box — A4', 'lines[1].units': '5', 'lines[3].size': 'P1 Box — A3', 'lines[3].units': '0' }, { stock } as never),
    );
    const { status, body } = answered(result);
    expect(status).toBe(400);
    expect(body).toMatchObject({
      ok: false,
      message: 'Units must be a whole number from 1.',
      fields: { 'lines[3].units': 'Units must be a whole number from 1.' },
      values: { supplierReference: 'DN-4471', 'lines[1].size': 'P1 Box — A4', 'lines[1].units': '5', 'lines[3].size': 'P1 Box — A3', 'lines[3].units': '0' },
    });
  });

  it('refuses a delivery naming a size the shop does not have beside its row, keeping what was typed', async () => {
    const stock = { sizeChoices: async () => [{ productSizeId: 7, label: 'P1 Box — A4' }], receiveGoods: async () => expect.unreachable() };
    const { status, body } = answered(await goodsInAction(post('/admin/stock/goods-in', { supplierReference: 'DN-1', 'lines[2].size': 'No such box', 'lines[2].units': '4' }, { stock } as never)));
    expect(status).toBe(400);
    expect(Object.keys(body.fields as object)).toEqual(['lines[2].size']);
    expect(body.values).toMatchObject({ 'lines[2].size': 'No such box', 'lines[2].units': '4' });
  });

  it('answers the dispatch desk with its report on the page: what was dispatched and what was not', async () => {
    const dispatched: unknown[] = [];
    const dispatchDesk = {
      dispatchMany: async (_staff: unknown, carrier: string, orders: unknown[]) => {
        dispatched.push(carrier, orders);
        return { dispatched: [{ orderId: 41, message: 'Order 41 dispatched with DPD.' }], problems: [{ line: null, orderId: 42, message: 'Order 42 is not paid.' }] };
      },
    };
    const form = { intent: 'dispatch', carrier: 'DPD', 'rows[0].order_id': '41', 'rows[0].selected': 'on', 'rows[0].tracking': 'TRK1', 'rows[1].order_id': '42', 'rows[1].selected': 'on', 'rows[2].order_id': '43' };
    const { status, body } = answered(await dispatchAction(post('/admin/dispatch', form, { dispatchDesk } as never)));
    expect(status).toBe(200);
    expect(body).toEqual({
      ok: true,
      intent: 'dispatch',
      dispatched: [{ orderId: 41, message: 'Order 41 dispatched with DPD.' }],
      problems: [{ line: null, orderId: 42, message: 'Order 42 is not paid.' }],
    });
    expect(dispatched).toEqual([
      'DPD',
      [
        { orderId: 41, trackingNumber: 'TRK1' },
        { orderId: 42, trackingNumber: '' },
      ],
    ]);
  });
});
