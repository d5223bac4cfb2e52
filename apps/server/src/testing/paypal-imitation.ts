/**
 * A small imitation of PayPal's REST API on 127.0.0.1 (DESIGN section 5), for the PayPal
 * adapter's tests: OAuth2 client credentials, GET /v2/checkout/orders/{id} (with its capture),
 * and POST /v2/payments/captures/{id}/refund as PayPal answers it: a repeated PayPal-Request-Id
 * answers the refund already made (never a second one), more than the capture has left is a
 * 422 in PayPal's error shape. `mode` switches it to failing behaviours; `refundMode` to a
 * refund made but answered too late (the answer lost, as on a timeout), or to refunds alone
 * being down (503) while orders still answer.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const PAYPAL_CLIENT_ID = 'test-client-id';
export const PAYPAL_CLIENT_SECRET = 'test-client-secret';

export interface ImitatedOrder {
  status: string;
  value: string;
  currency?: string;
  /** The capture of a COMPLETED order (default: CAP- and the order id). */
  captureId?: string;
}

export interface ImitatedRefund {
  id: string;
  captureId: string;
  /** Pounds, as PayPal writes them ('12.50'). */
  value: string;
  requestId: string | null;
  noteToPayer: string | null;
}

export class PayPalImitation {
  readonly orders = new Map<string, ImitatedOrder>();
  /** Every refund made, in order. */
  readonly refunds: ImitatedRefund[] = [];
  /** slow: every answer comes after `slowMs`; stalled-body: an order's headers, then nothing for `slowMs`. */
  mode: 'normal' | 'down' | 'slow' | 'stalled-body' | 'expired-token' = 'normal';
  /** late-answer: the refund is made, its answer comes after `slowMs` (a client with a shorter timeout gives up); down: 503, nothing made. */
  refundMode: 'normal' | 'late-answer' | 'down' = 'normal';
  slowMs = 1_500;
  tokenRequests = 0;
  orderRequests = 0;
  refundRequests = 0;
  private server!: Server;
  private issued = new Set<string>();
  baseUrl = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', () => resolve()));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The refunds made under one PayPal-Request-Id. */
  refundsWithRequestId(requestId: string): ImitatedRefund[] {
    return this.refunds.filter((r) => r.requestId === requestId);
  }

  private captureOf(orderId: string, order: ImitatedOrder): string {
    return order.captureId ?? `CAP-${orderId}`;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let body = '';
    for await (const chunk of req) body += chunk;
    const send = (status: number, payload: unknown) => {
      if (res.destroyed) return;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    if (this.mode === 'down') return send(503, { name: 'SERVICE_UNAVAILABLE', message: 'Service Unavailable' });
    if (this.mode === 'slow') await new Promise((resolve) => setTimeout(resolve, this.slowMs));

    if (req.method === 'POST' && req.url === '/v1/oauth2/token') {
      this.tokenRequests += 1;
      const expected = `Basic ${Buffer.from(`${PAYPAL_CLIENT_ID}:${PAYPAL_CLIENT_SECRET}`).toString('base64')}`;
      if (req.headers.authorization !== expected || body !== 'grant_type=client_credentials') {
        return send(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
      }
      const token = `A21AA${this.tokenRequests}xyz`;
      this.issued.add(token);
      return send(200, { scope: 'https://uri.paypal.com/services/payments', access_token: token, token_type: 'Bearer', app_id: 'APP-80W284485P519543T', expires_in: 32400 });
    }
    const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    const match = /^\/v2\/checkout\/orders\/([^/?]+)$/.exec(req.url ?? '');
    if (req.method === 'GET' && match) {
      this.orderRequests += 1;
      if (!this.issued.has(token)) return send(401, { error: 'invalid_token', error_description: 'Token signature verification failed' });
      if (this.mode === 'expired-token') {
        this.mode = 'normal';
        this.issued.delete(token);
        return send(401, { error: 'invalid_token', error_description: 'Access Token expired' });
      }
      const id = decodeURIComponent(match[1]!);
      const order = this.orders.get(id);
      if (this.mode === 'stalled-body') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"id":');
        await new Promise((resolve) => setTimeout(resolve, this.slowMs));
        return void res.end(`"${id}"}`);
      }
      if (!order) {
        return send(404, { name: 'RESOURCE_NOT_FOUND', message: 'The specified resource does not exist.', details: [{ issue: 'INVALID_RESOURCE_ID' }] });
      }
      const amount = { currency_code: order.currency ?? 'GBP', value: order.value };
      return send(200, {
        id,
        intent: 'CAPTURE',
        status: order.status,
        purchase_units: [
          {
            reference_id: 'default',
            amount,
            ...(order.status === 'COMPLETED' ? { payments: { captures: [{ id: this.captureOf(id, order), status: 'COMPLETED', amount, final_capture: true }] } } : {}),
          },
        ],
        create_time: '2026-01-01T10:00:00Z',
      });
    }
    const refund = /^\/v2\/payments\/captures\/([^/?]+)\/refund$/.exec(req.url ?? '');
    if (req.method === 'POST' && refund) return this.refund(decodeURIComponent(refund[1]!), token, req, body, send);
    return send(404, { name: 'NOT_FOUND' });
  }

  private async refund(captureId: string, token: string, req: IncomingMessage, body: string, send: (status: number, payload: unknown) => void): Promise<void> {
    this.refundRequests += 1;
    if (this.refundMode === 'down') return send(503, { name: 'SERVICE_UNAVAILABLE', message: 'Service Unavailable' });
    if (!this.issued.has(token)) return send(401, { error: 'invalid_token', error_description: 'Token signature verification failed' });
    const requestId = typeof req.headers['paypal-request-id'] === 'string' ? req.headers['paypal-request-id'] : null;
    const answer = (status: number, made: ImitatedRefund) =>
      send(status, {
        id: made.id,
        status: 'COMPLETED',
        amount: { value: made.value, currency_code: 'GBP' },
        ...(made.noteToPayer ? { note_to_payer: made.noteToPayer } : {}),
        links: [{ href: `${this.baseUrl}/v2/payments/refunds/${made.id}`, rel: 'self', method: 'GET' }],
      });
    // The same request again: the refund already made, not another one.
    const earlier = requestId ? this.refunds.find((r) => r.requestId === requestId) : undefined;
    if (earlier) return answer(200, earlier);

    const captured = [...this.orders.entries()].find(([id, order]) => order.status === 'COMPLETED' && this.captureOf(id, order) === captureId)?.[1];
    if (!captured) {
      return send(404, { name: 'RESOURCE_NOT_FOUND', message: 'The specified resource does not exist.', details: [{ issue: 'INVALID_RESOURCE_ID', description: 'Specified resource ID does not exist.' }] });
    }
    const parsed = parseJson(body) as { amount?: { value?: unknown; currency_code?: unknown }; note_to_payer?: unknown } | null;
    const value = parsed?.amount?.value;
    if (typeof value !== 'string' || !/^\d{1,9}\.\d{2}$/.test(value) || parsed?.amount?.currency_code !== (captured.currency ?? 'GBP')) {
      return send(400, { name: 'INVALID_REQUEST', message: 'Request is not well-formed, syntactically incorrect, or violates schema.', details: [{ field: '/amount/value', issue: 'INVALID_PARAMETER_VALUE' }] });
    }
    const pence = (pounds: string) => Math.round(Number(pounds) * 100);
    const left = pence(captured.value) - this.refunds.filter((r) => r.captureId === captureId).reduce((sum, r) => sum + pence(r.value), 0);
    if (pence(value) > left) {
      return send(422, {
        name: 'UNPROCESSABLE_ENTITY',
        message: 'The requested action could not be performed, semantically incorrect, or failed business validation.',
        debug_id: 'b2d3f4a5c6e71',
        details: [{ issue: 'REFUND_AMOUNT_EXCEEDED', description: 'The refund amount must be less than or equal to the capture amount that has not yet been refunded.' }],
        links: [{ href: 'https://developer.paypal.com/docs/api/payments/v2/#error-REFUND_AMOUNT_EXCEEDED', rel: 'information_link' }],
      });
    }
    const made: ImitatedRefund = {
      id: `1JU08902781691411${this.refunds.length}`,
      captureId,
      value,
      requestId,
      noteToPayer: typeof parsed?.note_to_payer === 'string' ? parsed.note_to_payer : null,
    };
    this.refunds.push(made);
    if (this.refundMode === 'late-answer') await new Promise((resolve) => setTimeout(resolve, this.slowMs));
    return answer(201, made);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
