/**
 * One error handler: typed domain errors, validation failures, malformed JSON, oversized
 * bodies and rate limits all become the JSON error shape with a 4xx; an unreachable database a
 * 503 with Retry-After; anything else is a 500 whose details stay in the log. Fastify's own
 * errors (a malformed URL) and the HTTP server's (unparsable requests, timeouts) answer in the
 * same shape (DESIGN section 4 "Errors").
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError } from '@shop/core';
import { httpStatusByErrorCode, type ErrorResponse } from '@shop/contract';
import { DATABASE_RETRY_AFTER_SECONDS, databaseUnavailableBody, isDatabaseUnavailable } from './database-unavailable.ts';
import { errorForLog } from '@shop/core';

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(answerError);
}

/** The error handler; also Fastify's `frameworkErrors` option, so a malformed URL answers alike. */
export function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof DomainError) {
    const body: ErrorResponse & Record<string, unknown> = { ...error.details, error: error.code, message: error.message };
    return reply.code(httpStatusByErrorCode[error.code] ?? 400).send(body);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields = error.validation.map((issue) => ({
      field: issue.instancePath.replace(/^\//, '').replace(/\//g, '.'),
      message: issue.message ?? 'Invalid value',
    }));
    return reply.code(400).send({
      error: 'invalid_request',
      message: fields.map((f) => (f.field ? `${f.field}: ${f.message}` : f.message)).join('; '),
      fields,
    });
  }
  const status = error.statusCode ?? 500;
  if (status === 413) {
    // The limit of this route (the upload pages take more than the usual 100 kB), or the one a hook applied.
    const limit = (error as Partial<BodyTooLargeError>).bodyLimitBytes ?? request.routeOptions.bodyLimit;
    return reply.code(413).send(payloadTooLargeBody(limit));
  }
  if (status === 429) {
    return reply.code(429).send({ error: 'too_many_requests', message: error.message || 'Too many requests, please try again later.' });
  }
  if (status >= 400 && status < 500) {
    const message = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.name === 'SyntaxError' ? 'The request body is not valid JSON.' : error.message;
    return reply.code(status).send({ error: status === 415 ? 'unsupported_media_type' : 'invalid_request', message });
  }
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ error: errorForLog(error) }, 'database unavailable');
    return reply.code(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)).send(databaseUnavailableBody);
  }
  request.log.error({ error: errorForLog(error) }, 'request failed');
  return reply.code(500).send({ error: 'internal_error', message: 'Something went wrong on our side. Please try again.' });
}

/** The answer to a body over `limitBytes`, saying the limit ("at most 100 kB", "at most 32 MB"). */
export function payloadTooLargeBody(limitBytes: number): ErrorResponse {
  const limit = limitBytes >= 1024 * 1024 ? `${Math.round(limitBytes / 1024 / 1024)} MB` : `${Math.round(limitBytes / 1024)} kB`;
  return { error: 'payload_too_large', message: `The request body is too large (at most ${limit}).` };
}

interface BodyTooLargeError extends FastifyError {
  bodyLimitBytes: number;
}

/** A 413 for a body cut off at `limitBytes` by a hook (lower than its route's limit). */
export function bodyTooLargeError(limitBytes: number): BodyTooLargeError {
  return Object.assign(new Error('The request body is too large.'), { statusCode: 413, code: 'FST_ERR_CTP_BODY_TOO_LARGE', bodyLimitBytes: limitBytes }) as BodyTooLargeError;
}

/**
 * Fastify's `clientErrorHandler`: what the HTTP server answers, straight on the socket, to a
 * request it cannot parse or that did not arrive within the header or request timeout
 * (http/server-options.ts). The connection is closed after it.
 */
export function answerClientError(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, body]: [number, ErrorResponse] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, { error: 'request_timeout', message: 'The request did not arrive in time, so the connection was closed.' }]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, { error: 'headers_too_large', message: 'The request headers are too large.' }]
        : [400, { error: 'invalid_request', message: 'The request is not valid HTTP.' }];
  this.log.debug({ error: errorForLog(error) }, 'client error');
  if (socket.writable) {
    const json = JSON.stringify(body);
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy();
}

/** A page path asked with a method pages do not answer (PUT /landing): 405, with the methods they do. */
export function methodNotAllowedBody(method: string): ErrorResponse {
  return { error: 'method_not_allowed', message: `${method} is not allowed here: pages answer GET, HEAD and POST.` };
}

export function notFoundBody(url: string): ErrorResponse {
  return { error: 'not_found', message: `No API route for ${url.split('?')[0]}` };
}
