/**
 * One error handler: typed domain errors, validation failures, malformed JSON, oversized
 * bodies and rate limits all become the JSON error shape with a 4xx; anything else is a 500
 * whose details stay in the log.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError } from '@shop/core';
import { httpStatusByErrorCode, type ErrorResponse } from '@shop/contract';

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
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
      return reply.code(413).send({ error: 'payload_too_large', message: 'The request body is too large (at most 100 kB).' });
    }
    if (status === 429) {
      return reply.code(429).send({ error: 'too_many_requests', message: error.message || 'Too many requests, please try again later.' });
    }
    if (status >= 400 && status < 500) {
      const message = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.name === 'SyntaxError' ? 'The request body is not valid JSON.' : error.message;
      return reply.code(status).send({ error: status === 415 ? 'unsupported_media_type' : 'invalid_request', message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ error: 'internal_error', message: 'Something went wrong on our side. Please try again.' });
  });
}

export function notFoundBody(url: string): ErrorResponse {
  return { error: 'not_found', message: `No API route for ${url.split('?')[0]}` };
}
