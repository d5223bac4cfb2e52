/**
 * What every page loader and action receives as `context` (the one declaration: the server's
 * adapter, apps/server/src/ssr/storefront.ts, builds it per request). The core services are
 * called in-process, never over HTTP. Only `.server.ts` modules and route loaders/actions use it.
 */
import type { PaymentsConfigDto } from '@shop/contract';
import type { CoreServices } from '@shop/core';

/**
 * Actions limited per client address (and per e-mail for the account ones), with the same
 * counters as the JSON API's calls (apps/server/src/http/attempt-limits.ts).
 */
export type AttemptAction = 'signIn' | 'signUp' | 'forgotPassword' | 'resetPassword' | 'postcodeLookup' | 'backInStock' | 'staffSignIn' | 'staffCode';

/** An attempt that was counted and allowed. */
export interface CountedAttempt {
  /**
   * This browser signed in to the attempt's account before (its device cookie, DESIGN section 4
   * "Identity"): wrong passwords from elsewhere do not slow it down.
   */
  readonly knownDevice: boolean;
  /** Call with the error when the attempt failed: a refused sign-in counts against its e-mail. */
  failed(error: unknown): Promise<void>;
  /**
   * Call when the sign-in succeeded: answers the Set-Cookie header value that remembers this
   * browser for the account (null for actions without one, or with `rememberDevice: false`, as
   * when the two-step code is still owed).
   */
  succeeded(options?: { rememberDevice?: boolean }): Promise<string | null>;
}

export interface StorefrontLoadContext {
  services: CoreServices;
  /** The per-request CSP nonce of every script the page renders. */
  nonce: string;
  /** The page was requested over HTTPS (directly or through a trusted proxy): cookies are Secure. */
  secure: boolean;
  /** Counts one attempt of the action; throws a DomainError 'too_many_requests' over the limit. */
  countAttempt(action: AttemptAction, email: string | null): Promise<CountedAttempt>;
  /**
   * The Set-Cookie header value that remembers this browser for the account of `email`, as a
   * sign-in does: for a password set from an e-mailed or handed-over link, which proves as much.
   */
  rememberDevice(kind: 'customer' | 'staff', email: string): Promise<string>;
  /** How the payment step takes card/wallet payments (PayPal, or the labelled test payments). */
  payments: PaymentsConfigDto;
  /**
   * The multipart form of a POST, as the server already parsed it to check it: an action reads
   * it from here (postedForm) rather than parsing the body again, which for an upload of up to
   * 32 MB holds the request thread and memory a second time.
   */
  postedForm?: FormData;
  /** Per-request memo of the visitor read from the session cookie (session.server.ts). */
  memo: Map<string, unknown>;
  /**
   * Reports a failure of a loader, an action or the rendering to the server's JSON log (type,
   * code and message, never a query's SQL or parameters); an unreachable database makes the
   * page a 503.
   */
  logError(error: unknown): void;
  /**
   * Reports a request the pages refused with a 4xx (a POST to a page without an action: 405):
   * the client's mistake, not a failure of the shop, so it is logged at info level.
   */
  logRefusal(status: number, message: string): void;
  /**
   * Set when the server refused a browser's form before any action ran (a POST sent from another
   * site): the page is rendered as a GET and the root loader answers with this refusal, so the
   * person sees the shop's error page rather than JSON.
   */
  refusal?: { status: number; message: string };
}

declare module 'react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends StorefrontLoadContext {}
}
