/**
 * Secrets never reach the request log: the password reset page is opened with its token in the
 * query string (/resetpassword?users=1&token=...), so the logged URL has the token blanked.
 * (Authorization and cookie headers are redacted by the logger options in app.ts.)
 */
import type { FastifyRequest } from 'fastify';

export function redactUrlSecrets(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');
}

/** Fastify's default request serializer, with the URL redacted. */
export function serializeRequestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrlSecrets(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
