/**
 * Options of the node:http server under Fastify.
 *
 * Timeouts, so a slow or silent client cannot hold a connection (and its memory) forever: the
 * headers must arrive within `headersMs`, the whole request, body included, within
 * `requestMs` (both answered 408 and closed, see answerClientError), a socket with no traffic
 * at all is closed after `requestMs`, and a kept-alive connection idle between requests is
 * closed after `keepAliveMs`.
 *
 * The Host header: HTTP/1.1 requires one (RFC 9112 section 3.2), but Node's own check answers
 * a bare 400 with no body, so the app makes the check (refuseMissingHost) and answers in the
 * JSON error shape.
 */
import type { FastifyReply, FastifyRequest, FastifyServerOptions, HookHandlerDoneFunction } from 'fastify';

export interface HttpTimeouts {
  headersMs: number;
  requestMs: number;
  keepAliveMs: number;
}

/** Node checks for expired headers and requests on this interval (its default is 30 s). */
const LONGEST_CHECK_INTERVAL_MS = 1_000;

export function httpServerOptions(timeouts: HttpTimeouts): Pick<FastifyServerOptions, 'connectionTimeout' | 'requestTimeout' | 'keepAliveTimeout'> & {
  http: { headersTimeout: number; connectionsCheckingInterval: number; requireHostHeader: boolean };
} {
  return {
    connectionTimeout: timeouts.requestMs,
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: {
      headersTimeout: timeouts.headersMs,
      // Checked a few times within the shortest timeout, so none is overrun by up to 30 s.
      connectionsCheckingInterval: Math.min(LONGEST_CHECK_INTERVAL_MS, Math.ceil(Math.min(timeouts.headersMs, timeouts.requestMs) / 4)),
      requireHostHeader: false,
    },
  };
}

/**
 * An onRequest hook: an HTTP/1.1 request without a Host header is a 400 (HTTP/1.0 needs none).
 * Callback-style, not async: every request passes it, and an async hook would defer the hooks
 * after it (the cached catalogue reads among them) to a later microtask.
 */
export function refuseMissingHost(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  if (request.headers.host === undefined && request.raw.httpVersionMajor === 1 && request.raw.httpVersionMinor >= 1) {
    reply.code(400).send({ error: 'invalid_request', message: 'An HTTP/1.1 request must have a Host header.' });
    return;
  }
  done();
}
