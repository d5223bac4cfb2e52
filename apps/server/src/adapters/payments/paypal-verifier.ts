/**
 * The production payment adapter: PayPal REST v2. The browser's PayPal buttons create and
 * capture the order; the server only reads it back before placing the shop order:
 *   POST {base}/v1/oauth2/token  (client credentials, Basic auth)  -> access token (cached)
 *   GET  {base}/v2/checkout/orders/{id}                           -> status, purchase_units[0].amount
 *                                                                    and .payments.captures[0].id
 * and refunds what staff refund (DESIGN section 10):
 *   POST {base}/v2/payments/captures/{capture_id}/refund  (PayPal-Request-Id = the refund's key)
 * A 404 means PayPal has no such order; no answer in time, a 5xx or refused credentials mean the
 * provider is unavailable (the checkout answers 502 and nothing is placed; the customer may try
 * again with the same payment, which is verified afresh and still pays for one order only).
 */
import {
  PaymentProviderUnavailable,
  PaymentReferenceUnknown,
  poundsToPence,
  type PaymentRefunds,
  type PaymentVerifier,
  type RefundOutcome,
  type RefundRequest,
  type VerifiedPayment,
} from '@shop/core';
import { describeFetchError } from '../fetch-errors.ts';

export interface PayPalOptions {
  clientId: string;
  clientSecret: string;
  /** e.g. https://api-m.sandbox.paypal.com (tests point it at a local imitation). */
  apiBase: string;
  /** The longest one verification may take, every request to PayPal and its answer included (default 10 s). */
  timeoutMs?: number;
}

/** PayPal's answer to one request: the status and the JSON body (null when it is not JSON). */
interface PayPalAnswer {
  status: number;
  ok: boolean;
  body: unknown;
}

/** PayPal order ids are short upper-case alphanumerics; anything else is not worth a request. */
const ORDER_ID_PATTERN = /^[A-Za-z0-9-]{1,64}$/;
const AMOUNT_PATTERN = /^\d{1,9}(\.\d{1,2})?$/;

interface PayPalOrder {
  id?: unknown;
  status?: unknown;
  purchase_units?: { amount?: { currency_code?: unknown; value?: unknown }; payments?: { captures?: { id?: unknown }[] } }[];
}

/** PayPal's refund, or its refusal (`name`, `message`, `details[].issue/description`). */
interface PayPalRefund {
  id?: unknown;
  status?: unknown;
  status_details?: { reason?: unknown };
  name?: unknown;
  message?: unknown;
  details?: { issue?: unknown; description?: unknown }[];
}

export class PayPalVerifier implements PaymentVerifier, PaymentRefunds {
  readonly mode = 'paypal' as const;
  readonly provider = 'paypal' as const;
  private readonly apiBase: string;
  private readonly timeoutMs: number;
  private token: { value: string; expiresAt: number } | null = null;
  private tokenRequest: Promise<string> | null = null;

  constructor(private readonly options: PayPalOptions) {
    this.apiBase = options.apiBase.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  async verify(reference: string): Promise<VerifiedPayment> {
    if (!ORDER_ID_PATTERN.test(reference)) throw new PaymentReferenceUnknown(reference);
    // One deadline for the whole verification (token, order, the retry below): the customer at
    // checkout waits at most timeoutMs, however many requests it takes.
    const deadline = AbortSignal.timeout(this.timeoutMs);
    const answer = await this.authorised(deadline, (token) => this.getOrder(reference, token, deadline));
    if (answer.status === 404) throw new PaymentReferenceUnknown(reference);
    const body = answer.body as PayPalOrder | null;
    if (!answer.ok) throw new PaymentProviderUnavailable(`PayPal answered ${answer.status} to GET /v2/checkout/orders/${reference}${issueOf(body)}`);

    const amount = body?.purchase_units?.[0]?.amount;
    const value = typeof amount?.value === 'string' ? amount.value : '';
    if (!body || typeof body.status !== 'string' || !AMOUNT_PATTERN.test(value)) {
      throw new PaymentProviderUnavailable(`PayPal answered an order without a status or amount: ${JSON.stringify(body).slice(0, 300)}`);
    }
    return {
      reference: typeof body.id === 'string' ? body.id : reference,
      status: body.status,
      currency: typeof amount?.currency_code === 'string' ? amount.currency_code : '',
      amountPence: poundsToPence(Number(value)),
      captureId: captureIdIn(body),
    };
  }

  /** The capture of an order placed before captures were recorded: read back from PayPal. */
  async captureIdOf(reference: string): Promise<string> {
    const captureId = (await this.verify(reference)).captureId;
    if (!captureId) throw new PaymentProviderUnavailable(`PayPal order ${reference} has no capture to refund`);
    return captureId;
  }

  /**
   * Refunds part or all of a capture. PayPal-Request-Id is the shop's key for this refund: PayPal
   * answers a repeated key with the refund it already made. A 4xx is PayPal refusing (failed,
   * with its reason); no answer in time or a 5xx throws PaymentProviderUnavailable (the refund
   * may have been made: the shop keeps it pending and retries with the same key).
   */
  async refund(request: RefundRequest): Promise<RefundOutcome> {
    const deadline = AbortSignal.timeout(this.timeoutMs);
    const path = `/v2/payments/captures/${encodeURIComponent(request.captureId)}/refund`;
    const body = JSON.stringify({
      amount: { value: (request.amountPence / 100).toFixed(2), currency_code: 'GBP' },
      ...(request.noteToPayer ? { note_to_payer: request.noteToPayer.slice(0, 255) } : {}),
    });
    const answer = await this.authorised(deadline, (token) =>
      this.request(
        path,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            accept: 'application/json',
            'paypal-request-id': request.idempotencyKey,
            prefer: 'return=representation',
          },
          body,
        },
        deadline,
      ),
    );
    const refund = answer.body as PayPalRefund | null;
    if (answer.status >= 500 || answer.status === 401 || answer.status === 429) {
      throw new PaymentProviderUnavailable(`PayPal answered ${answer.status} to POST ${path}${issueOf(refund)}`);
    }
    if (!answer.ok) return { state: 'failed', refundId: null, reason: refusalOf(answer.status, refund) };
    const refundId = typeof refund?.id === 'string' ? refund.id : null;
    switch (refund?.status) {
      case 'COMPLETED':
        return { state: 'completed', refundId };
      case 'PENDING':
        return { state: 'pending', refundId };
      default: {
        const reason = typeof refund?.status_details?.reason === 'string' ? refund.status_details.reason : String(refund?.status ?? 'no status');
        return { state: 'failed', refundId, reason: `PayPal did not refund it (${reason})` };
      }
    }
  }

  /** A request with the cached access token; a 401 (the token expired early or was revoked) is tried once more with a fresh one. */
  private async authorised(deadline: AbortSignal, send: (token: string) => Promise<PayPalAnswer>): Promise<PayPalAnswer> {
    const answer = await send(await this.accessToken(deadline));
    if (answer.status !== 401) return answer;
    this.token = null;
    return send(await this.accessToken(deadline));
  }

  private async getOrder(reference: string, token: string, deadline: AbortSignal): Promise<PayPalAnswer> {
    return this.request(
      `/v2/checkout/orders/${encodeURIComponent(reference)}`,
      { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } },
      deadline,
    );
  }

  /**
   * An OAuth2 access token, cached until a minute before it expires. Concurrent callers share one
   * request, under the deadline of the caller that started it, which began first and so ends no
   * later than theirs.
   */
  private async accessToken(deadline: AbortSignal): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    this.tokenRequest ??= this.fetchToken(deadline).finally(() => {
      this.tokenRequest = null;
    });
    return this.tokenRequest;
  }

  private async fetchToken(deadline: AbortSignal): Promise<string> {
    const basic = Buffer.from(`${this.options.clientId}:${this.options.clientSecret}`).toString('base64');
    const answer = await this.request(
      '/v1/oauth2/token',
      {
        method: 'POST',
        headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: 'grant_type=client_credentials',
      },
      deadline,
    );
    const body = answer.body as { access_token?: unknown; expires_in?: unknown } | null;
    if (!answer.ok || typeof body?.access_token !== 'string') {
      const why = answer.status === 401 ? ' (check PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET and PAYPAL_ENV)' : '';
      throw new PaymentProviderUnavailable(`PayPal refused an access token: ${answer.status}${why}`);
    }
    const seconds = typeof body.expires_in === 'number' ? body.expires_in : 300;
    this.token = { value: body.access_token, expiresAt: Date.now() + Math.max(0, seconds - 60) * 1000 };
    return body.access_token;
  }

  /** One request, its body read under the same deadline: headers followed by a stalled body are no answer either. */
  private async request(path: string, init: RequestInit, deadline: AbortSignal): Promise<PayPalAnswer> {
    try {
      const response = await fetch(`${this.apiBase}${path}`, { ...init, signal: deadline });
      const text = await response.text();
      return { status: response.status, ok: response.ok, body: parseJson(text) };
    } catch (error) {
      throw new PaymentProviderUnavailable(`PayPal ${path}: ${describeFetchError(error, this.timeoutMs)}`);
    }
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The capture that took the money of a COMPLETED order. */
function captureIdIn(order: PayPalOrder): string | null {
  const id = order.purchase_units?.[0]?.payments?.captures?.[0]?.id;
  return typeof id === 'string' && id ? id : null;
}

/** PayPal's refusal in words for staff: the issue's description (e.g. the amount exceeds what is left to refund). */
function refusalOf(status: number, body: PayPalRefund | null): string {
  const detail = body?.details?.[0];
  const words = [detail?.description, detail?.issue, body?.message, body?.name].find((w): w is string => typeof w === 'string' && w.length > 0);
  const issue = typeof detail?.issue === 'string' && detail.issue !== words ? ` (${detail.issue})` : '';
  return `PayPal refused the refund: ${words ?? `HTTP ${status}`}${issue}`.slice(0, 500);
}

function issueOf(body: unknown): string {
  const name = (body as { name?: unknown } | null)?.name;
  return typeof name === 'string' ? ` (${name})` : '';
}
