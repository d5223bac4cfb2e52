/**
 * The offer pages over real core services on PGlite, the staff session stubbed as
 * staff-session.server.ts memoises it: the warehouse is refused every page and form (403); a
 * manager's refused form comes back with core's (the contract's) message beside each field and
 * what was typed, ticked categories included; a good one makes the offer and goes to its page
 * with a notice; the list shows it; "End offer now" asks first, ends it, and a second end says
 * it had ended already.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@shop/db';
import { categories, staff as staffTable } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { offerFormMessages } from '@shop/contract';
import { createCoreServices, demoShopConfig, type CoreServices } from '@shop/core';
import { loader as listLoader } from './offers';
import { action as newAction, loader as newLoader } from './offer-new';
import { action as offerAction, loader as offerLoader } from './offer';

type Role = 'owner' | 'manager' | 'warehouse';

let database: DatabaseHandle;
let drop: () => Promise<void>;
let services: CoreServices;
let staffId: number;
let bags: number;
let tape: number;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase('pglite'));
  services = createCoreServices(database, { shop: demoShopConfig, clock: () => new Date('2026-05-10T09:00:00Z') });
  const [member] = await database.db.insert(staffTable).values({ email: 'mia@example.com', name: 'Mia Manager', role: 'manager' }).returning();
  staffId = member!.staffId;
  const [postal] = await database.db.insert(categories).values({ name: 'Postal', slug: 'offers-postal' }).returning();
  const made = await database.db
    .insert(categories)
    .values([
      { name: 'Mailing Bags', slug: 'offers-mailing-bags', parentId: postal!.categoryId },
      { name: 'Tape', slug: 'offers-tape' },
    ])
    .returning();
  [bags, tape] = made.map((c) => c.categoryId) as [number, number];
});
afterAll(async () => drop?.());

function args(url: string, role: Role, params: Record<string, string> = {}, form?: [string, string][]) {
  const session = { staff: { staffId, email: 'mia@example.com', name: 'Mia Manager', role, totpEnabled: false }, awaitingSecondFactor: false };
  const context = { services, secure: false, memo: new Map<string, unknown>([['staff', Promise.resolve(session)]]) };
  let request = new Request(`http://shop.test${url}`);
  if (form) {
    const body = new FormData();
    for (const [name, value] of form) body.append(name, value);
    request = new Request(`http://shop.test${url}`, { method: 'POST', body });
  }
  return { request, context, params } as never;
}

async function call(handler: (args: never) => unknown, ...rest: Parameters<typeof args>): Promise<unknown> {
  try {
    return await handler(args(...rest));
  } catch (thrown) {
    return thrown;
  }
}

/** The key of the notice a redirect left for the next page (the one-time cookie's JSON). */
function noticeOf(response: Response): unknown {
  const value = /shop_admin_notice=([^;]*)/.exec(response.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const json = Buffer.from(decodeURIComponent(value), 'base64').toString('utf8');
  return (JSON.parse(json) as { key?: unknown }).key;
}

const status = (answer: unknown) => (answer instanceof Response ? answer.status : ((answer as { init?: { status?: number } }).init?.status ?? 200));
const body = (answer: unknown) => (answer as { data: Record<string, unknown> }).data;

const GOOD: [string, string][] = [
  ['name', '10% off mailing bags'],
  ['code', 'spring10'],
  ['kind', 'percent'],
  ['percent_off', '10'],
  ['applies_to', 'categories'],
  ['starts_on', '2026-05-10'],
  ['max_uses', '100'],
  ['audience', 'everyone'],
];

describe('the offer pages', () => {
  it('are refused to the warehouse, pages and forms alike', async () => {
    expect(status(await call(listLoader, '/admin/offers', 'warehouse'))).toBe(403);
    expect(status(await call(newLoader, '/admin/offers/new', 'warehouse'))).toBe(403);
    expect(status(await call(offerLoader, '/admin/offers/1', 'warehouse', { offerId: '1' }))).toBe(403);
    expect(status(await call(newAction, '/admin/offers/new', 'warehouse', {}, [...GOOD, ['category_ids', String(bags)]]))).toBe(403);
    expect(status(await call(offerAction, '/admin/offers/1', 'warehouse', { offerId: '1' }, [['intent', 'end']]))).toBe(403);
    expect(await services.offerAdmin.list({ staffId, email: '', name: '', role: 'owner', totpEnabled: false })).toEqual([]);
  });

  it('give the form the category tree and London today', async () => {
    const page = (await call(newLoader, '/admin/offers/new', 'manager')) as { data: { categories: { name: string; depth: number }[]; today: string } };
    expect(page.data.today).toBe('2026-05-10');
    expect(page.data.categories.map((c) => [c.name, c.depth])).toEqual(
      expect.arrayContaining([
        ['Postal', 1],
        ['Mailing Bags', 2],
        ['Tape', 1],
      ]),
    );
  });

  it('answer a refused form with each field’s message and what was typed, the ticked categories too', async () => {
    const form: [string, string][] = [
      ...GOOD.filter(([name]) => name !== 'percent_off'),
      ['percent_off', '150'],
      ['category_ids', String(bags)],
      ['category_ids', String(tape)],
      ['ends_on', '2026-05-01'],
    ];
    const answer = await call(newAction, '/admin/offers/new', 'manager', {}, form);
    expect(status(answer)).toBe(400);
    expect(body(answer)).toMatchObject({
      ok: false,
      fields: { percent_off: offerFormMessages.percent, ends_on: offerFormMessages.endsOn },
      values: { name: '10% off mailing bags', code: 'spring10', percent_off: '150', 'category_ids[0]': String(bags), 'category_ids[1]': String(tape) },
    });
  });

  it('make a good offer, go to its page with a notice, and list it', async () => {
    const made = (await call(newAction, '/admin/offers/new', 'manager', {}, [...GOOD, ['category_ids', String(bags)]])) as Response;
    expect(made.status).toBe(302);
    const location = made.headers.get('location')!;
    expect(location).toMatch(/^\/admin\/offers\/\d+$/);
    expect(noticeOf(made)).toBe('created');
    const list = (await call(listLoader, '/admin/offers', 'manager')) as { offers: Record<string, unknown>[] };
    expect(list.offers).toEqual([expect.objectContaining({ code: 'SPRING10', stateLabel: 'Live', takesOff: '10% off', covers: 'Mailing Bags', maxUses: 100, uses: 0 })]);

    // The same code again, in another case: refused beside the code.
    const again = await call(newAction, '/admin/offers/new', 'manager', {}, [
      ...GOOD.map(([n, v]): [string, string] => [n, n === 'code' ? 'Spring10' : v]),
      ['category_ids', String(bags)],
    ]);
    expect(status(again)).toBe(409);
    expect(body(again)).toMatchObject({ fields: { code: offerFormMessages.codeTaken('SPRING10') } });
  });

  it('ask before ending an offer, end it, and say so when it had ended already', async () => {
    const list = (await call(listLoader, '/admin/offers', 'manager')) as { offers: { offerId: number }[] };
    const id = String(list.offers[0]!.offerId);
    const asked = (await call(offerLoader, `/admin/offers/${id}?confirm=end`, 'manager', { offerId: id })) as { data: { confirmEnd: boolean; offer: { state: string } } };
    expect(asked.data).toMatchObject({ confirmEnd: true, offer: { state: 'live' } });
    const ended = (await call(offerAction, `/admin/offers/${id}?confirm=end`, 'manager', { offerId: id }, [['intent', 'end']])) as Response;
    expect(ended.status).toBe(302);
    expect(ended.headers.get('location')).toBe(`/admin/offers/${id}`);
    expect(noticeOf(ended)).toBe('ended');
    const after = (await call(offerLoader, `/admin/offers/${id}?confirm=end`, 'manager', { offerId: id })) as {
      data: { confirmEnd: boolean; offer: { state: string; history: { what: string }[] } };
    };
    expect(after.data.confirmEnd).toBe(false);
    expect(after.data.offer.state).toBe('ended');
    expect(after.data.offer.history.map((h) => h.what)[0]).toBe('Ended early, after 0 uses');
    const twice = (await call(offerAction, `/admin/offers/${id}`, 'manager', { offerId: id }, [['intent', 'end']])) as Response;
    expect(twice.status).toBe(302);
    expect(noticeOf(twice)).toBe('already-ended');
    expect(status(await call(offerLoader, '/admin/offers/999999', 'manager', { offerId: '999999' }))).toBe(404);
    expect(status(await call(offerLoader, '/admin/offers/nope', 'manager', { offerId: 'nope' }))).toBe(404);
  });
});
