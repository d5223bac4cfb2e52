/**
 * The production payment adapter: PayPal REST v2. The browser's PayPal buttons create and
 * capture the order; the server only reads it back before placing the shop order:
 *   POST {base}/v1/oauth2/token  (client credentials, Basic auth)  -> access token (cached)
 *   GET  {base}/v2/checkout/orders/{id}                           -> status, purchase_units[0].amount
 * A 404 means PayPal has no such order; no answer, a 5xx or refused credentials mean the
 * provider is unavailable (the checkout answers 502 and nothing is placed).
 */
import { PaymentProviderUnavailable, PaymentReferenceUnknown, poundsToPence, type PaymentVerifier, type VerifiedPayment } from '@shop/core';
import { describeFetchError } from '../fetch-errors.ts';

export interface PayPalOptions {
  clientId: string;
  clientSecret: string;
  /** e.g. https://api-m.sandbox.paypal.com (tests point it at a local imitation). */
  apiBase: string;
  /** Per request (default 10 s). */
  timeoutMs?: number;
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
    let response = await this.getOrder(reference, await this.accessToken());
    if (response.status === 401) {
      // The cached token expired early or was revoked: one fresh try.
      this.token = null;
      response = await this.getOrder(reference, await this.accessToken());
    }
    if (response.status === 404) throw new PaymentReferenceUnknown(reference);
    const body = (await response.json().catch(() => null)) as PayPalOrder | null;
    if (!response.ok) throw new PaymentProviderUnavailable(`PayPal answered ${response.status} to GET /v2/checkout/orders/${reference}${issueOf(body)}`);

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

  private async getOrder(reference: string, token: string): Promise<Response> {
    return this.request(`/v2/checkout/orders/${encodeURIComponent(reference)}`, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    });
  }

  /** An OAuth2 access token, cached until a minute before it expires; concurrent callers share one request. */
  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    this.tokenRequest ??= this.fetchToken().finally(() => {
      this.tokenRequest = null;
    });
    return this.tokenRequest;
  }

  private async fetchToken(): Promise<string> {
    const basic = Buffer.from(`${this.options.clientId}:${this.options.clientSecret}`).toString('base64');
    const response = await this.request('/v1/oauth2/token', {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: 'grant_type=client_credentials',
    });
    const body = (await response.json().catch(() => null)) as { access_token?: unknown; expires_in?: unknown; error_description?: unknown } | null;
    if (!response.ok || typeof body?.access_token !== 'string') {
      const why = response.status === 401 ? ' (check PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET and PAYPAL_ENV)' : '';
      throw new PaymentProviderUnavailable(`PayPal refused an access token: ${response.status}${why}`);
    }
    const seconds = typeof body.expires_in === 'number' ? body.expires_in : 300;
    this.token = { value: body.access_token, expiresAt: Date.now() + Math.max(0, seconds - 60) * 1000 };
    return body.access_token;
  }

  private async request(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(`${this.apiBase}${path}`, { ...init, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (error) {
      throw new PaymentProviderUnavailable(`PayPal ${path}: ${describeFetchError(error, this.timeoutMs)}`);
    }
  }
}

function issueOf(body: unknown): string {
  const name = (body as { name?: unknown } | null)?.name;
  return typeof name === 'string' ? ` (${name})` : '';
}
