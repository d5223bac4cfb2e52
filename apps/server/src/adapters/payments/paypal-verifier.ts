/**
 * The production payment adapter: PayPal REST v2. The browser's PayPal buttons create and
 * capture the order; the server only reads it back before placing the shop order:
 *   POST {base}/v1/oauth2/token  (client credentials, Basic auth)  -> access token (cached)
 *   GET  {base}/v2/checkout/orders/{id}                           -> status, purchase_units[0].amount
 * A 404 means PayPal has no such order; no answer in time, a 5xx or refused credentials mean the
 * provider is unavailable (the checkout answers 502 and nothing is placed; the customer may try
 * again with the same payment, which is verified afresh and still pays for one order only).
 */
import { PaymentProviderUnavailable, PaymentReferenceUnknown, poundsToPence, type PaymentVerifier, type VerifiedPayment } from '@shop/core';
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
  purchase_units?: { amount?: { currency_code?: unknown; value?: unknown } }[];
}

export class PayPalVerifier implements PaymentVerifier {
  readonly mode = 'paypal' as const;
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
    let answer = await this.getOrder(reference, await this.accessToken(deadline), deadline);
    if (answer.status === 401) {
      // The cached token expired early or was revoked: one fresh try.
      this.token = null;
      answer = await this.getOrder(reference, await this.accessToken(deadline), deadline);
    }
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
    };
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

function issueOf(body: unknown): string {
  const name = (body as { name?: unknown } | null)?.name;
  return typeof name === 'string' ? ` (${name})` : '';
}
