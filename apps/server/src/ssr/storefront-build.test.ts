/**
 * The storefront's server build shares the server's copy of core (DESIGN section 2): it imports
 * the workspace packages instead of bundling its own, so a domain error a core service throws
 * is an instance of the class the page modules know. An admin page's action recognises it
 * (`instanceof`) and answers its message and status, where a second copy of core would have made
 * it an unknown error, rethrown as a 500.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ServerBuild } from 'react-router';
import { Conflict, orderAdminMessages } from '@shop/core';
import { STOREFRONT_BUILD_DIR, storefrontIsBuilt, storefrontServerEntry } from './storefront-build.ts';

/** Today in London: a payment is dated on or after its order was placed (placed now, here). */
const TODAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());

const built = storefrontIsBuilt();
if (!built) console.warn(`storefront-build: skipped: no storefront build at ${STOREFRONT_BUILD_DIR}; run \`npm run build\`.`);

describe.skipIf(!built)('the storefront server build', () => {
  const entry = storefrontServerEntry(STOREFRONT_BUILD_DIR);

  it('imports core, db and contract rather than bundling a copy of them', () => {
    const code = readFileSync(entry, 'utf8');
    expect(code).toMatch(/from "@shop\/core"/);
    expect(code).not.toContain('class DomainError');
  });

  it("answers a domain error thrown by the server's core with its message and status in a page action", async () => {
    const build = (await import(entry)) as ServerBuild;
    const action = build.routes['routes/admin/order']!.module.action!;
    const manager = { staffId: 1, email: 'mona@example.com', name: 'Mona Manager', role: 'manager', totpEnabled: false };
    const context = {
      secure: false,
      // The staff session as staff-session.server.ts memoises it per request.
      memo: new Map<string, unknown>([['staff', Promise.resolve({ staff: manager, awaitingSecondFactor: false })]]),
      services: {
        orderAdministration: {
          recordPayment: () => Promise.reject(new Conflict(orderAdminMessages.changedMeanwhile)),
        },
      },
    };
    const body = new URLSearchParams({ intent: 'payment', version: '3', amount: '65.99', received_on: TODAY, bank_reference: 'BOX1' });
    const request = new Request('http://shop.test/admin/orders/7', { method: 'POST', body });
    const answer = (await action({ request, context, params: { orderId: '7' } } as never)) as { data: { message: string }; init: { status: number } };
    expect(answer.init.status).toBe(409);
    expect(answer.data.message).toBe(orderAdminMessages.changedMeanwhile);
  });
});
