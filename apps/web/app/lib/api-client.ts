/**
 * What the browser still asks the JSON API itself (everything the customer owns goes through
 * page loaders and actions, with the session cookie): the test payment of the card tab and the
 * order log of card/wallet events. Both are anonymous calls; their shapes are the contract's.
 * Requests in flight are counted for the loading bar.
 */
import type { OrderLogBody, TestPaymentBody, TestPaymentResponseDto } from '@shop/contract';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { error?: string; message?: string } | null,
  ) {
    super(body?.message ?? `Request failed (${status})`);
  }
}

let pending = 0;
const listeners = new Set<() => void>();

export function subscribePending(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function pendingRequests(): number {
  return pending;
}

function setPending(delta: number): void {
  pending += delta;
  for (const listener of listeners) listener();
}

async function post(path: string, body: unknown): Promise<unknown> {
  setPending(1);
  try {
    const response = await fetch(`/api${path}`, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    const data = text ? (JSON.parse(text) as unknown) : null;
    if (!response.ok) throw new ApiError(response.status, data as ApiError['body']);
    return data;
  } finally {
    setPending(-1);
  }
}

export const apiClient = {
  /** POST /api/payments/test-order: a simulated, already approved provider order (test mode only). */
  createTestPayment: (body: TestPaymentBody) => post('/payments/test-order', body) as Promise<TestPaymentResponseDto>,
  /** POST /api/OrderLog: what happened around a card or wallet payment. */
  logOrderEvent: async (body: OrderLogBody) => void (await post('/OrderLog', body)),
};

/** The message of a failed call for the customer: the server's own text for a 4xx, else the fallback. */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status < 500 && typeof error.body?.message === 'string' && error.body.message) return error.body.message;
  return fallback;
}
